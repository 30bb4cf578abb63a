// SQLite adapter of the host-side store ports: the host event log, API keys, single-use tokens and
// key-value settings. Each write is atomic in its own savepoint of a grouped transaction
// (grouped-writes.ts) and acknowledged once that group's sync (group-commit.ts) is done.
import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.ts';
import type { GroupedWrites } from './grouped-writes.ts';
import { Statements } from './statements.ts';
import type { ApiKeyAdmin, ApiKeyRecord } from '../../../ports/store/api-key-store.ts';
import type { KeyValueStore, TokenStore } from '../../../ports/store/binding-state.ts';
import type { HostEventStore, StoredHostEvent } from '../../../ports/store/host-event-store.ts';
import { hostEventFromRow, type HostEventRow } from './rows.ts';
import { extend } from '../../../util/extend.ts';
import { apiKeyFromRow, type ApiKeyRow } from '../api-key-row.ts';

const INSERT_API_KEY =
  'INSERT INTO api_keys (key_hash, tenant, subject_id, created_at) VALUES (?, ?, ?, ?)';
const DELETE_API_KEY = 'DELETE FROM api_keys WHERE key_hash = ?';

export class SqliteHostStore implements HostEventStore, ApiKeyAdmin, TokenStore, KeyValueStore {
  private readonly sql: Statements;

  constructor(
    db: Database.Database,
    private readonly commits: GroupCommit,
    private readonly writes: GroupedWrites,
  ) {
    this.sql = new Statements(db);
  }

  /** Runs `write` in the next grouped transaction and resolves once that is durable. */
  private async durably<R>(write: () => R): Promise<R> {
    const result = await this.writes.run(write);
    await this.commits.durable();
    return result;
  }

  async appendHostEvent(
    e: Omit<StoredHostEvent, 'seq'>,
    options: { wait?: 'durable' | 'commit' } = {},
  ): Promise<StoredHostEvent> {
    const insert = this.sql.get(
      'INSERT INTO host_events (event_id, tenant, type, timestamp, delivery, payload) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const seq = await this.writes.runStatement(() =>
      Number(
        insert.run(e.eventId, e.tenant, e.type, e.timestamp, e.delivery, JSON.stringify(e.payload))
          .lastInsertRowid,
      ),
    );
    // A 'commit' append (a read's audit record) is synced within LAZY_SYNC_MS (group-commit.ts).
    if (options.wait === 'commit') this.commits.soon();
    else await this.commits.durable();
    // extend, not `{ ...e, seq }`: V8's slow path (util/extend.ts), on every audited request.
    return extend(e, { seq });
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
    const prune = this.sql.get('DELETE FROM host_events WHERE tenant = ? AND seq <= ?');
    return this.writes.runStatement(() => prune.run(tenant, cut).changes);
  }

  async insertApiKey(r: ApiKeyRecord): Promise<void> {
    const insert = this.sql.get(INSERT_API_KEY);
    await this.durably(() => insert.run(r.keyHash, r.tenant, r.subjectId, r.createdAt));
  }

  async findApiKey(keyHash: Uint8Array): Promise<ApiKeyRecord | undefined> {
    const row = this.sql.get('SELECT * FROM api_keys WHERE key_hash = ?').get(keyHash) as
      ApiKeyRow | undefined;
    return row && apiKeyFromRow(row);
  }

  async listApiKeys(tenant?: string): Promise<ApiKeyRecord[]> {
    const rows = (
      tenant === undefined
        ? this.sql.get('SELECT * FROM api_keys ORDER BY created_at, key_hash').all()
        : this.sql
            .get('SELECT * FROM api_keys WHERE tenant = ? ORDER BY created_at, key_hash')
            .all(tenant)
    ) as ApiKeyRow[];
    return rows.map(apiKeyFromRow);
  }

  async deleteApiKey(keyHash: Uint8Array): Promise<boolean> {
    const remove = this.sql.get(DELETE_API_KEY);
    return this.durably(() => remove.run(keyHash).changes === 1);
  }

  async replaceApiKey(current: Uint8Array, next: ApiKeyRecord): Promise<boolean> {
    const remove = this.sql.get(DELETE_API_KEY);
    const insert = this.sql.get(INSERT_API_KEY);
    // One savepoint: the new record is written only if the old one was there to remove.
    return this.durably(() => {
      if (remove.run(current).changes !== 1) return false;
      insert.run(next.keyHash, next.tenant, next.subjectId, next.createdAt);
      return true;
    });
  }

  async getKv(key: string): Promise<string | undefined> {
    const row = this.sql.get('SELECT v FROM kv WHERE k = ?').get(key) as { v: string } | undefined;
    return row?.v;
  }

  async setKv(key: string, value: string): Promise<void> {
    const upsert = this.sql.get(
      'INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v',
    );
    await this.durably(() => upsert.run(key, value));
  }

  async spendToken(id: string, expiresAt: number, now: number): Promise<boolean> {
    return this.durably(() => {
      this.sql.get('DELETE FROM spent_tokens WHERE expires_at < ?').run(now);
      const res = this.sql
        .get('INSERT INTO spent_tokens (token_id, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING')
        .run(id, expiresAt);
      return res.changes === 1;
    });
  }

  async isTokenSpent(id: string): Promise<boolean> {
    return this.sql.get('SELECT 1 FROM spent_tokens WHERE token_id = ?').get(id) !== undefined;
  }

  async setKvIfAbsent(key: string, value: string): Promise<string> {
    const insert = this.sql.get('INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO NOTHING');
    await this.durably(() => insert.run(key, value));
    return (await this.getKv(key))!;
  }
}
