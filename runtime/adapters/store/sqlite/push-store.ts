// SQLite adapter of the push store (ports/store/push-store.ts). Secrets sit in their own table,
// keyed by a random reference and sealed (push-secrets.ts); every other row holds at most the
// reference.
import type Database from 'better-sqlite3';
import type { GroupCommit } from './group-commit.ts';
import { Statements } from './statements.ts';
import type {
  ClaimedPush,
  ClaimShare,
  PushAttempt,
  PushConfigRecord,
  PushOutboxItem,
  PushSecret,
  PushSettlement,
  PushStore,
} from '../../../ports/store/push-store.ts';
import {
  claimedOf,
  configOf,
  itemOf,
  PENDING_HEADS,
  type ClaimedRow,
  type ConfigRow,
  type OutboxRow,
} from '../push-rows.ts';
import type { PushSecretBox } from '../push-secrets.ts';
import { sealSqlitePushKey } from './push-secret-key.ts';

/** The heads due at `@now` and not leased. */
const DUE_HEADS = `${PENDING_HEADS} AND o.next_at <= @now AND (o.lease_until IS NULL OR o.lease_until <= @now)`;
/** Not of a tenant or receiver (ports receiverKey) the claim skips. */
const NOT_SKIPPED = `c.tenant NOT IN (SELECT value FROM json_each(@skipTenants))
  AND c.tenant || ' ' || c.url NOT IN (SELECT value FROM json_each(@skipReceivers))`;

function shareParams(share: Partial<ClaimShare> | undefined, limit: number) {
  return {
    perTenant: share?.perTenant ?? limit,
    skipTenants: JSON.stringify(share?.skipTenants ?? []),
    skipReceivers: JSON.stringify(share?.skipReceivers ?? []),
  };
}

export class SqlitePushStore implements PushStore {
  /** One host per SQLite file (ports/run-leases.ts): its configs are written by this process only. */
  readonly singleProcess = true;
  /** Statements compiled once (a push check runs on every run change). */
  private readonly sql: Statements;

  /**
   * `commits`: a config's creation and deletion are acknowledged to the caller, so they wait for
   * the WAL's sync like every acknowledged write (group-commit.ts). Outbox bookkeeping does not: a
   * power loss can only set it back, and the deliverer projects again or sends again (at least once).
   */
  constructor(
    private readonly db: Database.Database,
    private readonly commits: GroupCommit,
    private readonly secrets: PushSecretBox,
    private readonly kek?: string,
  ) {
    this.sql = new Statements(db);
  }

  async insertPushConfig(
    c: PushConfigRecord,
    secret?: PushSecret,
    options: { maxPerRun?: number } = {},
  ): Promise<boolean> {
    // One synchronous transaction: the count and the insert see no other writer in between.
    const inserted = this.db.transaction((): boolean => {
      if (options.maxPerRun !== undefined) {
        const { n } = this.sql
          .get('SELECT COUNT(*) AS n FROM push_configs WHERE run_id = ?')
          .get(c.runId) as { n: number };
        if (n >= options.maxPerRun) return false;
      }
      if (secret && c.secretRef) {
        this.sql
          .get('INSERT INTO push_secrets (secret_ref, value) VALUES (?, ?)')
          .run(c.secretRef, this.secrets.seal(c.secretRef, secret));
      }
      this.sql
        .get(
          `INSERT INTO push_configs (config_id, run_id, tenant, owner, url, scheme, secret_ref,
             cursor, finished, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          c.configId,
          c.runId,
          c.tenant,
          JSON.stringify(c.owner),
          c.url,
          c.scheme ?? null,
          c.secretRef ?? null,
          c.cursor,
          c.finished ? 1 : 0,
          c.createdAt,
        );
      return true;
    })();
    if (!inserted) return false;
    this.commits.noteCommit();
    await this.commits.durable();
    return true;
  }

  async getPushConfig(configId: string): Promise<PushConfigRecord | undefined> {
    const row = this.sql.get('SELECT * FROM push_configs WHERE config_id = ?').get(configId) as
      ConfigRow | undefined;
    return row && configOf(row);
  }

  async listPushConfigs(runId: string): Promise<PushConfigRecord[]> {
    const rows = this.sql
      .get('SELECT * FROM push_configs WHERE run_id = ? ORDER BY created_at, config_id')
      .all(runId) as ConfigRow[];
    return rows.map(configOf);
  }

  async listUnfinishedPushConfigs(): Promise<PushConfigRecord[]> {
    const rows = this.sql
      .get('SELECT * FROM push_configs WHERE finished = 0 ORDER BY created_at, config_id')
      .all() as ConfigRow[];
    return rows.map(configOf);
  }

  async deletePushConfig(configId: string): Promise<void> {
    this.db.transaction(() => {
      const row = this.sql
        .get('SELECT secret_ref FROM push_configs WHERE config_id = ?')
        .get(configId) as { secret_ref: string | null } | undefined;
      if (!row) return;
      if (row.secret_ref !== null) {
        this.sql.get('DELETE FROM push_secrets WHERE secret_ref = ?').run(row.secret_ref);
      }
      this.sql.get('DELETE FROM push_configs WHERE config_id = ?').run(configId);
    })();
    this.commits.noteCommit();
    await this.commits.durable();
  }

  async enqueuePushes(
    configId: string,
    pushes: { sequence: number; body: string; final: boolean }[],
    cursor: number,
    at: { iso: string; ms: number },
  ): Promise<void> {
    this.db.transaction(() => {
      const moved = this.sql
        .get(
          `UPDATE push_configs SET cursor = ?, finished = finished OR ?
             WHERE config_id = ? AND cursor < ? AND finished = 0`,
        )
        .run(cursor, pushes.some((p) => p.final) ? 1 : 0, configId, cursor);
      if (moved.changes === 0) return;
      const insert = this.sql.get(
        `INSERT OR IGNORE INTO push_outbox (config_id, sequence, part, body, final, state,
           attempts, next_at, created_at) VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      );
      let part = 0;
      let last = -1;
      for (const p of pushes) {
        part = p.sequence === last ? part + 1 : 0;
        last = p.sequence;
        insert.run(configId, p.sequence, part, p.body, p.final ? 1 : 0, at.ms, at.iso);
      }
    })();
  }

  async claimPushes(
    now: number,
    leaseMs: number,
    limit: number,
    share?: ClaimShare,
  ): Promise<ClaimedPush[]> {
    return this.db.transaction(() => {
      const rows = this.sql
        .get(
          `WITH due AS (
             SELECT o.outbox_id, c.tenant, c.url,
                    ROW_NUMBER() OVER (PARTITION BY c.tenant ORDER BY o.outbox_id) AS nth
               FROM push_outbox o JOIN push_configs c ON c.config_id = o.config_id
              WHERE ${DUE_HEADS} AND ${NOT_SKIPPED})
           SELECT o.*, due.tenant, due.url FROM due JOIN push_outbox o ON o.outbox_id = due.outbox_id
            WHERE due.nth <= @perTenant ORDER BY o.outbox_id LIMIT @limit`,
        )
        .all({ now, limit, ...shareParams(share, limit) }) as ClaimedRow[];
      const lease = this.sql.get(
        'UPDATE push_outbox SET lease_until = ?, attempts = attempts + 1 WHERE outbox_id = ?',
      );
      for (const r of rows) lease.run(now + leaseMs, r.outbox_id);
      return rows.map((r) => claimedOf({ ...r, attempts: r.attempts + 1 }));
    })();
  }

  async settlePush(
    claim: Pick<PushOutboxItem, 'outboxId' | 'attempts'>,
    attempt: PushAttempt,
    settlement: PushSettlement,
  ): Promise<boolean> {
    const { outboxId } = claim;
    return this.db.transaction((): boolean => {
      const row = this.sql
        .get(
          `SELECT o.attempts, o.final, o.state, c.secret_ref, c.config_id FROM push_outbox o
             JOIN push_configs c ON c.config_id = o.config_id WHERE o.outbox_id = ?`,
        )
        .get(outboxId) as
        | {
            attempts: number;
            final: number;
            state: string;
            secret_ref: string | null;
            config_id: string;
          }
        | undefined;
      // Deleted while in flight, settled already, or claimed again since this claim (its lease
      // ran out): not this caller's to settle.
      if (!row || row.state !== 'pending' || row.attempts !== claim.attempts) return false;
      this.sql
        .get(
          `INSERT OR REPLACE INTO push_attempts (outbox_id, attempt, at, outcome, status, error)
             VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(
          outboxId,
          row.attempts,
          attempt.at,
          attempt.outcome,
          attempt.status ?? null,
          attempt.error ?? null,
        );
      if (settlement.state === 'retry') {
        this.sql
          .get('UPDATE push_outbox SET next_at = ?, lease_until = NULL WHERE outbox_id = ?')
          .run(settlement.nextAt, outboxId);
        return true;
      }
      this.sql
        .get(
          'UPDATE push_outbox SET state = ?, lease_until = NULL, settled_at = ? WHERE outbox_id = ?',
        )
        .run(settlement.state, attempt.at, outboxId);
      // After the task's final push the credential has no further use: discard it.
      if (row.final === 1 && row.secret_ref !== null) {
        this.sql.get('DELETE FROM push_secrets WHERE secret_ref = ?').run(row.secret_ref);
        this.sql
          .get('UPDATE push_configs SET secret_ref = NULL WHERE config_id = ?')
          .run(row.config_id);
      }
      return true;
    })();
  }

  async nextPushDue(share?: Omit<ClaimShare, 'perTenant'>): Promise<number | undefined> {
    // Only each config's oldest pending push can be claimed: a later one behind a leased push is
    // not due before that lease ends (else the worker would wake again and again meanwhile).
    const row = this.sql
      .get(
        `SELECT MIN(MAX(o.next_at, COALESCE(o.lease_until, 0))) AS due
           FROM push_outbox o JOIN push_configs c ON c.config_id = o.config_id
          WHERE ${PENDING_HEADS} AND ${NOT_SKIPPED}`,
      )
      .get(shareParams(share, 0)) as { due: number | null };
    return row.due ?? undefined;
  }

  async listPushAttempts(outboxId: number): Promise<PushAttempt[]> {
    const rows = this.sql
      .get('SELECT * FROM push_attempts WHERE outbox_id = ? ORDER BY attempt')
      .all(outboxId) as {
      at: string;
      outcome: 'delivered' | 'failed';
      status: number | null;
      error: string | null;
    }[];
    return rows.map((r) => {
      const a: PushAttempt = { at: r.at, outcome: r.outcome };
      if (r.status !== null) a.status = r.status;
      if (r.error !== null) a.error = r.error;
      return a;
    });
  }

  async listDeadPushes(): Promise<PushOutboxItem[]> {
    const rows = this.sql
      .get("SELECT * FROM push_outbox WHERE state = 'dead' ORDER BY outbox_id")
      .all() as OutboxRow[];
    return rows.map(itemOf);
  }

  async listPushOutbox(configId: string): Promise<PushOutboxItem[]> {
    const rows = this.sql
      .get('SELECT * FROM push_outbox WHERE config_id = ? ORDER BY outbox_id')
      .all(configId) as OutboxRow[];
    return rows.map(itemOf);
  }

  async sealSecretKey(): Promise<void> {
    sealSqlitePushKey(this.db, this.kek);
    this.commits.noteCommit();
    await this.commits.durable();
  }

  async readPushSecret(secretRef: string): Promise<PushSecret | undefined> {
    const row = this.sql
      .get('SELECT value FROM push_secrets WHERE secret_ref = ?')
      .get(secretRef) as { value: string } | undefined;
    return row && this.secrets.open(secretRef, row.value);
  }
}
