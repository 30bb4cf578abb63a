// PostgreSQL for tests: WOPGEN_TEST_POSTGRES names a server and database the tests may create
// databases in (.ci/postgres starts one); without it every PostgreSQL test is skipped with that
// reason. Each `freshDatabase` is a new, empty database, dropped again by its `drop`.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const POSTGRES_URL = process.env['WOPGEN_TEST_POSTGRES'];
export const NO_POSTGRES =
  'WOPGEN_TEST_POSTGRES is not set (source .ci/postgres to start a throwaway server)';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

export function freshDatabase(): Promise<FreshDatabase> {
  if (!POSTGRES_URL) throw new Error(NO_POSTGRES);
  return freshDatabaseOn(POSTGRES_URL);
}

/** A new, empty database on the server `serverUrl` names (the benchmarks use it too). */
export async function freshDatabaseOn(serverUrl: string): Promise<FreshDatabase> {
  const name = `wopgen_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Identifiers cannot be parameters; the name is generated above from hex digits only.
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
