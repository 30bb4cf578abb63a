// SQLite adapter of the host-side store ports: the host event log, API keys, single-use tokens and
// key-value settings. Each write is one statement or one transaction.
import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.ts';
import { BatchedInserts } from './batched-inserts.ts';
import { Statements } from './statements.ts';
import type { ApiKeyRecord, ApiKeyStore } from '../../../ports/store/api-key-store.ts';
import type { KeyValueStore, TokenStore } from '../../../ports/store/binding-state.ts';
import type { HostEventStore, StoredHostEvent } from '../../../ports/store/host-event-store.ts';
import { hostEventFromRow, type HostEventRow } from './rows.ts';

export class SqliteHostStore implements HostEventStore, ApiKeyStore, TokenStore, KeyValueStore {
  private readonly sql: Statements;
  private readonly hostEventInserts: BatchedInserts<Omit<StoredHostEvent, 'seq'>, number>;

  constructor(
    private readonly db: Database.Database,
    private readonly commits: GroupCommit,
  ) {
    this.sql = new Statements(db);
    const insert = this.sql.get(
      'INSERT INTO host_events (event_id, tenant, type, timestamp, delivery, payload) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.hostEventInserts = new BatchedInserts(db, (e: Omit<StoredHostEvent, 'seq'>) =>
      Number(
        insert.run(e.eventId, e.tenant, e.type, e.timestamp, e.delivery, JSON.stringify(e.payload))
          .lastInsertRowid,
      ),
    );
  }

  /** Commits queued appends at once (the store is closing). */
  flushPending(): void {
    this.hostEventInserts.flush();
  }

  async appendHostEvent(
    e: Omit<StoredHostEvent, 'seq'>,
    options: { wait?: 'durable' | 'commit' } = {},
  ): Promise<StoredHostEvent> {
    const seq = await this.hostEventInserts.add(e);
    const synced = this.commits.durable();
    if (options.wait === 'commit') synced.catch(() => undefined);
    else await synced;
    return { ...e, seq };
  }

  async listHostEvents(
    tenant: string,
    afterSeq: number,
    limit: number,
  ): Promise<StoredHostEvent[]> {
    const rows = this.sql
      .get('SELECT * FROM host_events WHERE tenant = ? AND seq > ? ORDER BY seq LIMIT ?')
      .all(tenant, afterSeq, limit) as HostEventRow[];
    return rows.map(hostEventFromRow);
  }

  async hostEventSeq(tenant: string, eventId: string): Promise<number | undefined> {
    const row = this.sql
      .get('SELECT seq FROM host_events WHERE tenant = ? AND event_id = ?')
      .get(tenant, eventId) as { seq: number } | undefined;
    return row?.seq;
  }

  async hostEventTailSeq(tenant: string, count: number): Promise<number> {
    const row = this.sql
      .get('SELECT seq FROM host_events WHERE tenant = ? ORDER BY seq DESC LIMIT 1 OFFSET ?')
      .get(tenant, count) as { seq: number } | undefined;
    return row?.seq ?? 0;
  }

  async pruneHostEvents(tenant: string, keep: number): Promise<number> {
    // Indexed on (tenant, seq): find the cut-off, then delete below it in one statement.
    const cut = await this.hostEventTailSeq(tenant, keep);
    if (cut === 0) return 0;
    return this.sql.get('DELETE FROM host_events WHERE tenant = ? AND seq <= ?').run(tenant, cut)
      .changes;
  }

  async insertApiKey(r: ApiKeyRecord): Promise<void> {
    this.sql
      .get('INSERT INTO api_keys (key_hash, tenant, subject_id, created_at) VALUES (?, ?, ?, ?)')
      .run(r.keyHash, r.tenant, r.subjectId, r.createdAt);
    await this.commits.durable();
  }

  async findApiKey(keyHash: Uint8Array): Promise<ApiKeyRecord | undefined> {
    const row = this.sql.get('SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as
      { key_hash: Buffer; tenant: string; subject_id: string; created_at: string } | undefined;
    return (
      row && {
        keyHash: row.key_hash,
        tenant: row.tenant,
        subjectId: row.subject_id,
        createdAt: row.created_at,
      }
    );
  }

  async getKv(key: string): Promise<string | undefined> {
    const row = this.sql.get('SELECT v FROM kv WHERE k = ?').get(key) as { v: string } | undefined;
    return row?.v;
  }

  async setKv(key: string, value: string): Promise<void> {
    this.sql
      .get('INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v')
      .run(key, value);
    await this.commits.durable();
  }

  async spendToken(id: string, expiresAt: number, now: number): Promise<boolean> {
    const spent = this.db.transaction(() => {
      this.sql.get('DELETE FROM spent_tokens WHERE expires_at < ?').run(now);
      const res = this.sql
        .get('INSERT INTO spent_tokens (token_id, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
        .run(id, expiresAt);
      return res.changes === 1;
    })();
    await this.commits.durable();
    return spent;
  }

  async isTokenSpent(id: string): Promise<boolean> {
    return this.sql.get('SELECT 1 FROM spent_tokens WHERE token_id = ?').get(id) !== undefined;
  }

  async setKvIfAbsent(key: string, value: string): Promise<string> {
    this.sql.get('INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO NOTHING').run(key, value);
    await this.commits.durable();
    return (await this.getKv(key))!;
  }
}
