// `wopgen keys` as an operator runs it (bin/wopgen.js), on SQLite and on PostgreSQL: mint a key
// per tenant (printed once, alone on stdout; only a keyed hash stored), list them, rotate one (the
// new key keeps its subject, so its runs stay its own; the old one stops working), revoke one, and
// refuse an unknown id or another tenant's key. A host started on the store then accepts exactly
// the keys the command left there.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../runtime/config.ts';
import { createSqliteHost } from '../../runtime/host/sqlite.ts';
import { redactStoreUrl } from '../../runtime/host/store-url.ts';
import { projectId } from '../../runtime/ids.ts';
import { wopgen } from '../generator/cli-run.ts';
import { removeDir } from '../helpers/host.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';

interface KeyInfo {
  id: string;
  tenant: string;
  subjectId: string;
  createdAt: string;
}

const KEY = /^wop_[A-Za-z0-9_-]{43}$/;

function keys(store: string, args: string[]) {
  const r = wopgen(['keys', ...args, '--store', store], tmpdir(), { WOPGEN_STORE: undefined });
  return { ...r, status: r.status };
}

function listed(store: string, tenant?: string): KeyInfo[] {
  const r = keys(store, ['list', '--format', 'json', ...(tenant ? ['--tenant', tenant] : [])]);
  expect(r.status).toBe(0);
  return (JSON.parse(r.stdout) as { keys: KeyInfo[] }).keys;
}

function mint(store: string, tenant: string, shown: string): { key: string; info: KeyInfo } {
  const r = keys(store, ['mint', '--tenant', tenant]);
  expect(r.status).toBe(0);
  const key = r.stdout.trimEnd();
  expect(r.stdout).toBe(`${key}\n`);
  expect(key).toMatch(KEY);
  const info = listed(store, tenant).at(-1)!;
  expect(r.stderr).toBe(
    `wopgen keys: minted API key ${info.id} for tenant "${tenant}" in ${shown}; it is shown once, stored hashed.\n`,
  );
  return { key, info };
}

/** Every step of the operator's day on one store; `stored` reads every byte the store holds. */
async function operate(store: string, shown: string, stored: () => Promise<string>) {
  const acme = mint(store, 'acme', shown);
  const other = mint(store, 'other', shown);
  expect(acme.info).toMatchObject({ tenant: 'acme', subjectId: expect.stringMatching(/^key-/) });
  expect(acme.info.id).toMatch(/^[0-9a-f]{12}$/);
  expect(listed(store).map((k) => k.id)).toEqual([acme.info.id, other.info.id]);

  const text = keys(store, ['list', '--tenant', 'acme']);
  expect(text.status).toBe(0);
  const pad = ' '.repeat(acme.info.subjectId.length - 'SUBJECT'.length);
  expect(text.stdout).toBe(
    `ID            TENANT  SUBJECT${pad}  CREATED\n` +
      `${acme.info.id}  acme    ${acme.info.subjectId}  ${acme.info.createdAt}\n`,
  );

  // A host on the store accepts both keys; it minted none of its own (the store holds keys).
  const first = await createSqliteHost({
    config: defaultConfig('http://127.0.0.1'),
    baseUrlFromListen: true,
    store,
    apiKeys: [],
  });
  let runId: string;
  try {
    expect(first.mintedKey).toBeUndefined();
    const base = await first.listen(0);
    const created = await fetch(`${base}/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${acme.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ workflowId: 'echo', inputs: { text: 'hi' } }),
    });
    expect(created.status).toBe(201);
    runId = ((await created.json()) as { runId: string }).runId;
    const theirs = await fetch(`${base}/runs`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(theirs.status).toBe(200);
  } finally {
    await first.close();
  }

  // Another tenant's key and an unknown id are refused (exit 1), and nothing changes.
  const foreign = keys(store, ['rotate', acme.info.id, '--tenant', 'other']);
  expect(foreign.status).toBe(1);
  expect(foreign.stderr).toBe(`wopgen keys: no API key ${acme.info.id} for tenant "other"\n`);
  expect(foreign.stdout).toBe('');
  const unknown = keys(store, ['revoke', '000000000000']);
  expect(unknown.status).toBe(1);
  expect(unknown.stderr).toBe('wopgen keys: no API key 000000000000\n');
  const notAnId = keys(store, ['revoke', 'wop_abc']);
  expect(notAnId.status).toBe(1);
  expect(notAnId.stderr).toBe(
    'wopgen keys: "wop_abc" is not a key id (12 hex digits, from wopgen keys list)\n',
  );

  const rotated = keys(store, ['rotate', acme.info.id, '--format', 'json']);
  expect(rotated.status).toBe(0);
  const r = JSON.parse(rotated.stdout) as { key: string; minted: KeyInfo; replaced: KeyInfo };
  expect(r.key).toMatch(KEY);
  expect(r.replaced).toEqual(acme.info);
  expect(r.minted).toMatchObject({ tenant: 'acme', subjectId: acme.info.subjectId });
  expect(r.minted.id).not.toBe(acme.info.id);

  const revoked = keys(store, ['revoke', other.info.id]);
  expect(revoked.status).toBe(0);
  expect(revoked.stdout).toBe(
    `wopgen keys: revoked API key ${other.info.id} of tenant "other"; a running host refuses it within 5 s\n`,
  );
  expect(keys(store, ['revoke', other.info.id]).status).toBe(1);
  expect(listed(store)).toEqual([r.minted]);

  // The rotated key reads the run its predecessor started; the old and the revoked key are refused.
  const second = await createSqliteHost({
    config: defaultConfig('http://127.0.0.1'),
    baseUrlFromListen: true,
    store,
    apiKeys: [],
  });
  try {
    const base = await second.listen(0);
    const read = (key: string) =>
      fetch(`${base}/runs/${projectId(runId)}`, { headers: { authorization: `Bearer ${key}` } });
    expect((await read(r.key)).status).toBe(200);
    expect((await read(acme.key)).status).toBe(401);
    expect((await read(other.key)).status).toBe(401);
    // Beside the running host (one serving process per SQLite file): a key minted now works at once.
    const late = mint(store, 'acme', shown);
    expect((await read(late.key)).status).toBe(200);
    expect(keys(store, ['revoke', late.info.id]).status).toBe(0);
  } finally {
    await second.close();
  }

  const bytes = await stored();
  for (const k of [acme.key, other.key, r.key]) {
    expect(bytes).not.toContain(k);
    expect(bytes).not.toContain(k.slice(4, 20));
  }
}

describe('wopgen keys on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-keys-'));
  afterAll(() => removeDir(dir));

  it('refuses a store file that does not exist, except to mint into it', () => {
    const file = join(dir, 'none.db');
    const r = keys(`sqlite:${file}`, ['list']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `wopgen keys: cannot open the store sqlite:${file}: ${file} does not exist (give the --store that wopgen serve uses)\n`,
    );
    expect(existsSync(file)).toBe(false);
  });

  it('mints, lists, rotates and revokes per tenant; only hashes are stored', async () => {
    const file = join(dir, 'host.db');
    const store = `sqlite:${file}`;
    await operate(store, store, async () =>
      ['', '-wal']
        .filter((s) => existsSync(file + s))
        .map((s) => readFileSync(file + s).toString('latin1'))
        .join(''),
    );
  });
});

describeIf(POSTGRES)('wopgen keys on PostgreSQL', () => {
  it('mints, lists, rotates and revokes per tenant; only hashes are stored', async () => {
    const db = await freshDatabase();
    try {
      await operate(db.url, redactStoreUrl(db.url), async () => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          const rows = await c.query<{ t: string }>(
            "SELECT string_agg(t::text, ',') AS t FROM (SELECT * FROM api_keys) t UNION ALL SELECT string_agg(k || v, ',') FROM kv",
          );
          return rows.rows.map((x) => x.t).join('');
        } finally {
          await c.end();
        }
      });
    } finally {
      await db.drop();
    }
  });
});
