// Peer (d): our host as `wopgen serve` runs it (compiled build, SQLite store in a fresh folder,
// durable: every acknowledged write is synced before its answer), with one key per tenant; or, given
// a PostgreSQL database (postgres.ts), on that store instead.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { root, startPeer, type Peer } from './peers.ts';

export const KEYS = { bench: 'bench-key-0123456789abcdef', big: 'bench-key-big-0123456789ab' };

export interface Ours extends Peer {
  /** The SQLite file, or the postgres:// URL of the store. */
  dbFile: string;
}

export async function startOurs(
  name = 'ours (SQLite)',
  bin = join(root, 'bin/wopgen.js'),
  nodeFlags: string[] = [],
  postgresUrl?: string,
) {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-bench-host-'));
  const dbFile = postgresUrl ?? join(dir, 'bench.db');
  const store = postgresUrl ?? `sqlite:${dbFile}`;
  const peer = await startPeer(
    name,
    [...nodeFlags, bin, 'serve', '--store', store, '--a2a-skills', 'echo'],
    {
      env: {
        WOPGEN_API_KEYS: `${KEYS.bench}=bench,${KEYS.big}=big`,
        LOG_LEVEL: 'silent',
        WOPGEN_MCP_STATE_SECRET: 'bench-secret-0123456789abcdef0123456789',
      },
    },
  );
  const stop = peer.stop;
  return Object.assign(peer, {
    dbFile,
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  }) satisfies Ours;
}

/**
 * Gives tenant `big` `count` runs besides its one real run: copies of that run inserted in one
 * transaction from this process while the host runs (the store is one file; the host sees them as
 * any other runs). Ids differ only in their opaque part.
 */
export function seedRuns(dbFile: string, count: number): void {
  const db = new Database(dbFile);
  try {
    db.pragma('busy_timeout = 30000');
    db.exec(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
      INSERT INTO runs SELECT printf('big/bench%018d', n.i), tenant, workflow_id, status, owner,
        inputs, outputs, error, metadata, transport, trust_boundary, created_at, updated_at,
        status_at, started_at, completed_at, current_node_id, definition, engine
      FROM n, (SELECT * FROM runs WHERE tenant = 'big' LIMIT 1)`);
  } finally {
    db.close();
  }
}
