// PostgreSQL migration 6 (the SQLite store's migration 8; README "Secrets at rest"): a database at
// version 5 whose push secrets an earlier release stored in clear migrates, and then holds every
// secret sealed under its data key; they read back as written, and once the data key is sealed
// under the KEK the store opens with that KEK only. Skipped without WOPGEN_TEST_POSTGRES.
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import { pgMigrations } from '../../runtime/adapters/store/postgres/migrations.ts';
import { PUSH_DATA_KEY_KV } from '../../runtime/adapters/store/push-secrets.ts';
import { runToRow } from '../../runtime/adapters/store/sqlite/rows.ts';
import { freshDatabase, type FreshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { CLEAR_SECRETS, pushConfigRow } from './push-secrets-before.ts';
import { runRecord } from './subjects.ts';

const KEK = 'kek-for-migration-tests-0123456789';
const suite = describeIf(POSTGRES);

async function insert(c: pg.Client, table: string, row: object): Promise<void> {
  const cols = Object.keys(row);
  await c.query(
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`,
    Object.values(row),
  );
}

suite(`PostgreSQL migration 6`, () => {
  let db: FreshDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('seals the push secrets a version 5 database holds in clear; they read back the same', async () => {
    db = await freshDatabase();
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query(`CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
      for (const m of pgMigrations.filter((m) => m.version <= 5)) {
        await c.query(m.sql);
        await c.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, '']);
      }
      const run = runRecord('acme');
      await insert(c, 'runs', runToRow(run));
      for (const [ref, secret] of Object.entries(CLEAR_SECRETS)) {
        await insert(c, 'push_secrets', { secret_ref: ref, value: JSON.stringify(secret) });
        await insert(c, 'push_configs', pushConfigRow(run.runId, ref));
      }
    } finally {
      await c.end();
    }

    const s = await openPostgresStores(db.url, { kek: KEK });
    try {
      const { rows: versions } = await s.pool.query(
        'SELECT version, name FROM schema_migrations WHERE version = 6',
      );
      expect(versions).toEqual([{ version: 6, name: 'push secrets sealed' }]);
      const { rows } = await s.pool.query<{ secret_ref: string; value: string }>(
        'SELECT secret_ref, value FROM push_secrets ORDER BY secret_ref',
      );
      expect(rows.map((r) => r.secret_ref)).toEqual(Object.keys(CLEAR_SECRETS).sort());
      for (const r of rows) expect(r.value).toMatch(/^sealed:v1:[A-Za-z0-9_-]+$/);
      for (const [ref, secret] of Object.entries(CLEAR_SECRETS))
        expect(await s.push.readPushSecret(ref)).toEqual(secret);
      const key = async () =>
        (await s.pool.query<{ v: string }>('SELECT v FROM kv WHERE k = $1', [PUSH_DATA_KEY_KV]))
          .rows[0]!.v;
      expect(await key()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await s.push.sealSecretKey!();
      expect(await key()).toMatch(/^sealed:v1:/);
      const { rows: all } = await s.pool.query<{ t: string }>(
        'SELECT value AS t FROM push_secrets UNION ALL SELECT v FROM kv',
      );
      const dump = all.map((r) => r.t).join('\n');
      for (const secret of Object.values(CLEAR_SECRETS))
        for (const v of Object.values(secret)) expect(dump).not.toContain(v);
    } finally {
      await s.close();
    }

    await expect(openPostgresStores(db.url)).rejects.toThrow(
      'the push secret key in the store is sealed: set WOPGEN_MCP_STATE_KEK (mcp.requestStateKek) to the key it was sealed with',
    );
    const again = await openPostgresStores(db.url, { kek: KEK });
    try {
      for (const [ref, secret] of Object.entries(CLEAR_SECRETS))
        expect(await again.push.readPushSecret(ref)).toEqual(secret);
    } finally {
      await again.close();
    }
  });
});
