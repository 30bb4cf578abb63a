// SQLite migration 8 (README "Secrets at rest"): a database made at version 7, whose push secrets
// an earlier release stored in clear, opens, migrates, and then holds every secret sealed under
// its data key; the secrets read back as they were written, and the data key is sealed under the
// KEK once the host has checked it (`sealSecretKey`), after which the store will not open
// without that KEK.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import { migrations } from '../../runtime/adapters/store/sqlite/migrations.ts';
import { runToRow } from '../../runtime/adapters/store/sqlite/rows.ts';
import { INSERT_RUN_SQL } from '../../runtime/adapters/store/sqlite/run-sql.ts';
import { PUSH_DATA_KEY_KV } from '../../runtime/adapters/store/push-secrets.ts';
import { CLEAR_SECRETS, pushConfigRow } from './push-secrets-before.ts';
import { runRecord } from './subjects.ts';

const KEK = 'kek-for-migration-tests-0123456789';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A database at version 7 holding a run with two push configs whose secrets are in clear. */
function atVersion7(file: string): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  for (const m of migrations.filter((m) => m.version <= 7)) {
    db.exec(m.sql);
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(m.version, m.name, 'then');
  }
  const run = runRecord('acme');
  db.prepare(INSERT_RUN_SQL).run(runToRow(run));
  for (const [ref, secret] of Object.entries(CLEAR_SECRETS)) {
    db.prepare('INSERT INTO push_secrets (secret_ref, value) VALUES (?, ?)').run(
      ref,
      JSON.stringify(secret),
    );
    const row = pushConfigRow(run.runId, ref);
    const cols = Object.keys(row);
    db.prepare(
      `INSERT INTO push_configs (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
    ).run(...Object.values(row));
  }
  db.close();
}

const raw = (file: string, sql: string): Record<string, string>[] => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all() as Record<string, string>[];
  } finally {
    db.close();
  }
};

describe('SQLite migration 8', () => {
  it('seals the push secrets a version 7 database holds in clear; they read back the same', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-migration-8-'));
    const file = join(dir, 'store.db');
    atVersion7(file);
    const s = openSqliteStores(file, { kek: KEK });
    try {
      expect(
        s.db.prepare('SELECT version, name FROM schema_migrations WHERE version = 8').all(),
      ).toEqual([{ version: 8, name: 'push secrets sealed' }]);
      const rows = s.db.prepare('SELECT secret_ref, value FROM push_secrets').all() as {
        secret_ref: string;
        value: string;
      }[];
      expect(rows.map((r) => r.secret_ref).sort()).toEqual(Object.keys(CLEAR_SECRETS).sort());
      for (const r of rows) expect(r.value).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
      for (const [ref, secret] of Object.entries(CLEAR_SECRETS))
        expect(await s.push.readPushSecret(ref)).toEqual(secret);
      // The data key stays in clear until the host has checked the KEK, then is sealed under it.
      const kv = s.db.prepare('SELECT v FROM kv WHERE k = ?');
      expect((kv.get(PUSH_DATA_KEY_KV) as { v: string }).v).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await s.push.sealSecretKey!();
      expect((kv.get(PUSH_DATA_KEY_KV) as { v: string }).v).toMatch(/^sealed:v1:/);
    } finally {
      await s.close();
    }
    const dump = raw(file, 'SELECT value AS t FROM push_secrets UNION ALL SELECT v FROM kv')
      .map((r) => r['t'])
      .join('\n');
    for (const secret of Object.values(CLEAR_SECRETS))
      for (const v of Object.values(secret)) expect(dump).not.toContain(v);

    // Sealed under the KEK: the store opens with it only.
    expect(() => openSqliteStores(file)).toThrow(
      'the push secret key in the store is sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key it was sealed with',
    );
    expect(() => openSqliteStores(file, { kek: 'another-kek-0123456789abcdef' })).toThrow(
      'the push secret key in the store was sealed with another WOPGEN_MCP_STATE_KEK',
    );
    const again = openSqliteStores(file, { kek: KEK });
    try {
      for (const [ref, secret] of Object.entries(CLEAR_SECRETS))
        expect(await again.push.readPushSecret(ref)).toEqual(secret);
    } finally {
      await again.close();
    }
  });
});
