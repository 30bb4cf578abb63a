// The MCP requestState keys sealed at rest (bindings/mcp/sealed-keys.ts): with
// a key-encryption key the store holds no usable key material (nothing in it verifies a minted
// token, and the clear key is nowhere in the database), a restart with the same KEK completes the
// rounds in flight, a ring stored in clear is sealed in place, and a host without the KEK refuses
// to start with a message naming the variable. On SQLite, and on PostgreSQL when available.
import { createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { keySeal } from '../../runtime/bindings/mcp/sealed-keys.ts';
import { KEY_KV } from '../../runtime/bindings/mcp/state-keys.ts';
import { PUSH_DATA_KEY_KV } from '../../runtime/adapters/store/push-secrets.ts';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { itIf, POSTGRES, type Requirement } from '../helpers/requires.ts';
import { rawMcp } from '../mcp/helpers.ts';

const KEK = 'kek-for-tests-only-0123456789abcdef';
const approval = { name: 'conformance-approval', arguments: {} };

async function firstRound(h: RunningHost): Promise<{ key: string; state: string }> {
  const r = await rawMcp(h.url, 'tools/call', approval);
  expect(r.body.result).toMatchObject({ resultType: 'input_required' });
  const [key] = Object.keys(r.body.result!.inputRequests as Record<string, unknown>);
  return { key: key!, state: r.body.result!.requestState as string };
}

async function retry(h: RunningHost, round: { key: string; state: string }) {
  return rawMcp(h.url, 'tools/call', {
    ...approval,
    requestState: round.state,
    inputResponses: { [round.key]: { action: 'accept', content: {} } },
  });
}

/** Whether `key` signs `token` (request-state.ts: HMAC-SHA256 of the body, base64url). */
function signs(key: Buffer, token: string): boolean {
  const [body, sig] = token.split('.');
  return createHmac('sha256', key).update(body!, 'utf8').digest('base64url') === sig;
}

interface Backend {
  name: string;
  /** What its tests need (skipped, saying why, without it). */
  requires?: Requirement;
  /** A fresh store (a `store` option for startHost) and how to read its kv rows and raw bytes. */
  open(): Promise<{
    store: { dir?: string; store?: string };
    kv(): Promise<Map<string, string>>;
    setKv(k: string, v: string): Promise<void>;
    bytes(): Promise<string>;
    drop(): Promise<void>;
  }>;
}

const sqlite: Backend = {
  name: 'SQLite',
  async open() {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-seal-'));
    const file = join(dir, 'host.db');
    return {
      store: { dir },
      async kv() {
        const db = new Database(file, { readonly: true });
        try {
          const rows = db.prepare('SELECT k, v FROM kv').all() as { k: string; v: string }[];
          return new Map(rows.map((r) => [r.k, r.v]));
        } finally {
          db.close();
        }
      },
      async setKv(k, v) {
        const db = new Database(file);
        try {
          db.prepare('UPDATE kv SET v = ? WHERE k = ?').run(v, k);
        } finally {
          db.close();
        }
      },
      async bytes() {
        // The database file and its WAL: every byte the store has written.
        return readdirSync(dir)
          .filter((f) => f.startsWith('host.db'))
          .map((f) => readFileSync(join(dir, f)).toString('latin1'))
          .join('');
      },
      async drop() {
        removeDir(dir);
      },
    };
  },
};

const postgres: Backend = {
  name: 'PostgreSQL',
  requires: POSTGRES,
  async open() {
    const db = await freshDatabase();
    const query = async (sql: string, params: string[] = []) => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows as Record<string, string>[];
      } finally {
        await c.end();
      }
    };
    return {
      store: { store: db.url },
      async kv() {
        return new Map((await query('SELECT k, v FROM kv')).map((r) => [r['k']!, r['v']!]));
      },
      async setKv(k, v) {
        await query('UPDATE kv SET v = $1 WHERE k = $2', [v, k]);
      },
      async bytes() {
        // Every text value of the kv and spent-token tables, as a reader of the database sees it.
        const rows = await query('SELECT k || v AS t FROM kv');
        return rows.map((r) => r['t']).join('\n');
      },
      drop: () => db.drop(),
    };
  },
};

const hosts: RunningHost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop().catch(() => undefined);
});

async function host(store: { dir?: string; store?: string }, kek?: string) {
  const h = await startHost({
    ...store,
    config: (c) => {
      if (kek) c.mcp.requestStateKek = kek;
    },
  });
  hosts.push(h);
  return h;
}

describe.each([sqlite, postgres])('sealed requestState keys on $name', (backend) => {
  const run = backend.requires ? itIf(backend.requires) : it;

  run(
    'the store holds no usable key; the same KEK carries a round over a restart',
    async () => {
      const s = await backend.open();
      try {
        const a = await host(s.store, KEK);
        const round = await firstRound(a);
        await a.stop();
        hosts.length = 0;

        const kv = await s.kv();
        const stored = kv.get(KEY_KV)!;
        expect(stored).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
        // Nothing stored, read the ways a key is read, signs the token.
        for (const v of kv.values()) {
          for (const candidate of [Buffer.from(v, 'base64'), Buffer.from(v, 'utf8')])
            expect(signs(candidate, round.state)).toBe(false);
        }
        // The key the KEK opens does sign it, and appears nowhere in the database's bytes.
        const clear = keySeal(KEK).open(stored);
        expect(signs(Buffer.from(clear, 'base64'), round.state)).toBe(true);
        const bytes = await s.bytes();
        expect(bytes).not.toContain(clear);
        expect(bytes).not.toContain(Buffer.from(clear, 'base64').toString('latin1'));
        expect(bytes).not.toContain(KEK);

        const b = await host(s.store, KEK);
        const done = await retry(b, round);
        expect(done.body.result).toMatchObject({ resultType: 'complete', isError: false });
      } finally {
        for (const h of hosts.splice(0)) await h.stop().catch(() => undefined);
        await s.drop();
      }
    },
    60_000,
  );

  run(
    'a ring stored in clear is sealed in place; without the KEK the host will not start',
    async () => {
      const s = await backend.open();
      try {
        const a = await host(s.store);
        const round = await firstRound(a);
        await a.stop();
        hosts.length = 0;
        const clear = (await s.kv()).get(KEY_KV)!;
        expect(clear).not.toMatch(/^sealed:/);

        const b = await host(s.store, KEK);
        const sealed = (await s.kv()).get(KEY_KV)!;
        expect(sealed).toMatch(/^sealed:v1:/);
        expect(keySeal(KEK).open(sealed)).toBe(clear);
        expect((await retry(b, round)).body.result).toMatchObject({ resultType: 'complete' });
        await b.stop();
        hosts.length = 0;

        // The same KEK sealed the push data key (adapters/store/push-secrets.ts), which the store
        // reads as it opens, before the ring: that refusal names the same variable.
        await expect(host(s.store)).rejects.toThrow(
          'the push secret key in the store is sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key it was sealed with',
        );
        await expect(host(s.store, 'another-kek-0123456789abcdef')).rejects.toThrow(
          'the push secret key in the store was sealed with another WOPGEN_MCP_STATE_KEK',
        );
        // A ring sealed out of reach is refused on its own (here, a store whose data key is clear).
        await s.setKv(PUSH_DATA_KEY_KV, Buffer.alloc(32, 7).toString('base64url'));
        await expect(host(s.store)).rejects.toThrow(
          'the MCP requestState keys in the store are sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key they were sealed with',
        );
        await expect(host(s.store, 'another-kek-0123456789abcdef')).rejects.toThrow(
          'the MCP requestState keys in the store were sealed with another WOPGEN_MCP_STATE_KEK',
        );
        // The refused KEK sealed nothing: the data key stays as it was, for the right KEK.
        expect((await s.kv()).get(PUSH_DATA_KEY_KV)).toBe(
          Buffer.alloc(32, 7).toString('base64url'),
        );
      } finally {
        for (const h of hosts.splice(0)) await h.stop().catch(() => undefined);
        await s.drop();
      }
    },
    60_000,
  );
});
