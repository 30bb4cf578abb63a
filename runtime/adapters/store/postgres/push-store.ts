// PostgreSQL adapter of the push store (ports/store/push-store.ts), the same semantics as the SQLite
// one (sqlite/push-store.ts) for any number of hosts on one database. Secrets sit in their own
// table, keyed by a random reference and sealed (push-secrets.ts); every other row holds at most
// the reference. A claim locks
// the rows it leases (`FOR UPDATE … SKIP LOCKED`) and a lease keeps them from every other claimer
// until it expires, so two hosts never send one push at once (interop.md §"A2A push delivery").
import type { Pool } from 'pg';
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
import { sealPgPushKey } from './push-secret-key.ts';
import { inTransaction } from './tx.ts';
import { prepared } from './prepared.ts';

/** Named columns for prepared statements (prepared.ts). */
const CONFIG_COLUMNS =
  'config_id, run_id, tenant, owner, url, scheme, secret_ref, cursor, finished, created_at';

const OUTBOX_COLUMNS =
  'outbox_id, config_id, sequence, body, final, state, attempts, next_at, created_at';

/** The advisory lock class of a run's push configs (the run id's hash is the other key). */
const PUSH_CONFIGS_LOCK = 0x70757368; // "push"

const NOT_LEASED = '(o.lease_until IS NULL OR o.lease_until <= $1)';
/** Not of a skipped tenant (`tenants`: its placeholder) or receiver (ports receiverKey). */
const notSkipped = (tenants: string, receivers: string) =>
  `c.tenant <> ALL(${tenants}::text[]) AND (c.tenant || ' ' || c.url) <> ALL(${receivers}::text[])`;

/** $4 to $6 of a claim: the per-tenant cap and the skipped tenants and receivers. */
function shareParams(
  share: Partial<ClaimShare> | undefined,
  limit: number,
): [number, readonly string[], readonly string[]] {
  return [share?.perTenant ?? limit, share?.skipTenants ?? [], share?.skipReceivers ?? []];
}

export class PgPushStore implements PushStore {
  constructor(
    private readonly pool: Pool,
    private readonly secrets: PushSecretBox,
    private readonly kek?: string,
  ) {}

  async sealSecretKey(): Promise<void> {
    await sealPgPushKey(this.pool, this.kek);
  }

  async insertPushConfig(
    c: PushConfigRecord,
    secret?: PushSecret,
    options: { maxPerRun?: number } = {},
  ): Promise<boolean> {
    return inTransaction(this.pool, async (tx) => {
      if (options.maxPerRun !== undefined) {
        // Inserts on one run's configs take turns (hosts included) until their commit, so the
        // count each sees includes every config committed before it.
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          PUSH_CONFIGS_LOCK,
          c.runId,
        ]);
        const { rows } = await tx.query<{ n: string }>(
          'SELECT COUNT(*) AS n FROM push_configs WHERE run_id = $1',
          [c.runId],
        );
        if (Number(rows[0]?.n ?? 0) >= options.maxPerRun) return false;
      }
      if (secret && c.secretRef) {
        await tx.query('INSERT INTO push_secrets (secret_ref, value) VALUES ($1, $2)', [
          c.secretRef,
          this.secrets.seal(c.secretRef, secret),
        ]);
      }
      await tx.query(
        `INSERT INTO push_configs (config_id, run_id, tenant, owner, url, scheme, secret_ref,
           cursor, finished, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          c.configId,
          c.runId,
          c.tenant,
          JSON.stringify(c.owner),
          c.url,
          c.scheme ?? null,
          c.secretRef ?? null,
          c.cursor,
          c.finished,
          c.createdAt,
        ],
      );
      return true;
    });
  }

  async getPushConfig(configId: string): Promise<PushConfigRecord | undefined> {
    const { rows } = await this.pool.query<ConfigRow>(
      prepared(`SELECT ${CONFIG_COLUMNS} FROM push_configs WHERE config_id = $1`, [configId]),
    );
    return rows[0] && configOf(rows[0]);
  }

  async listPushConfigs(runId: string): Promise<PushConfigRecord[]> {
    const { rows } = await this.pool.query<ConfigRow>(
      prepared(
        `SELECT ${CONFIG_COLUMNS} FROM push_configs WHERE run_id = $1 ORDER BY created_at, config_id`,
        [runId],
      ),
    );
    return rows.map(configOf);
  }

  async listUnfinishedPushConfigs(): Promise<PushConfigRecord[]> {
    const { rows } = await this.pool.query<ConfigRow>(
      'SELECT * FROM push_configs WHERE NOT finished ORDER BY created_at, config_id',
    );
    return rows.map(configOf);
  }

  async deletePushConfig(configId: string): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ secret_ref: string | null }>(
        'DELETE FROM push_configs WHERE config_id = $1 RETURNING secret_ref',
        [configId],
      );
      const ref = rows[0]?.secret_ref;
      if (ref) await tx.query('DELETE FROM push_secrets WHERE secret_ref = $1', [ref]);
    });
  }

  async enqueuePushes(
    configId: string,
    pushes: { sequence: number; body: string; final: boolean }[],
    cursor: number,
    at: { iso: string; ms: number },
  ): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      // The config row's lock orders concurrent projections (one per host): a second one waits,
      // then sees the moved cursor and adds nothing it already added (the unique key drops overlap).
      const moved = await tx.query(
        `UPDATE push_configs SET cursor = $1, finished = finished OR $2
           WHERE config_id = $3 AND cursor < $1 AND NOT finished`,
        [cursor, pushes.some((p) => p.final), configId],
      );
      if (moved.rowCount === 0 || pushes.length === 0) return;
      const values: (string | number | boolean)[] = [];
      const tuples: string[] = [];
      let part = 0;
      let last = -1;
      for (const p of pushes) {
        part = p.sequence === last ? part + 1 : 0;
        last = p.sequence;
        const n = values.push(configId, p.sequence, part, p.body, p.final, at.ms, at.iso);
        tuples.push(
          `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, 'pending', 0, $${n - 1}, $${n})`,
        );
      }
      await tx.query(
        `INSERT INTO push_outbox (config_id, sequence, part, body, final, state, attempts,
           next_at, created_at) VALUES ${tuples.join(', ')}
         ON CONFLICT (config_id, sequence, part) DO NOTHING`,
        values,
      );
    });
  }

  async claimPushes(
    now: number,
    leaseMs: number,
    limit: number,
    share?: ClaimShare,
  ): Promise<ClaimedPush[]> {
    // One statement: the oldest pending push of each config, when due and not leased, shared out
    // per tenant, locked (rows another claimer holds are skipped, never waited on) and leased. A
    // config whose oldest push is leased offers none of its later ones, so its pushes go out in
    // order. The locking select repeats the lease test: a row leased since the snapshot is re-read.
    const { rows } = await this.pool.query<ClaimedRow>(
      `WITH heads AS (
         SELECT o.outbox_id,
                ROW_NUMBER() OVER (PARTITION BY c.tenant ORDER BY o.outbox_id) AS nth
           FROM push_outbox o JOIN push_configs c ON c.config_id = o.config_id
          WHERE ${PENDING_HEADS} AND o.next_at <= $1 AND ${NOT_LEASED} AND ${notSkipped('$5', '$6')}),
       due AS (
         SELECT o.outbox_id FROM push_outbox o
          WHERE o.outbox_id IN (SELECT outbox_id FROM heads WHERE nth <= $4)
            AND o.state = 'pending' AND ${NOT_LEASED}
          ORDER BY o.outbox_id LIMIT $3
          FOR UPDATE OF o SKIP LOCKED)
       UPDATE push_outbox u SET lease_until = $1 + $2, attempts = u.attempts + 1
         FROM due, push_configs c WHERE u.outbox_id = due.outbox_id AND c.config_id = u.config_id
       RETURNING ${OUTBOX_COLUMNS.split(', ')
         .map((col) => `u.${col}`)
         .join(', ')}, c.tenant, c.url`,
      [now, leaseMs, limit, ...shareParams(share, limit)],
    );
    return rows.map(claimedOf).sort((a, b) => a.outboxId - b.outboxId);
  }

  async settlePush(
    claim: Pick<PushOutboxItem, 'outboxId' | 'attempts'>,
    attempt: PushAttempt,
    settlement: PushSettlement,
  ): Promise<boolean> {
    const { outboxId } = claim;
    return inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{
        attempts: number;
        final: boolean;
        state: string;
        secret_ref: string | null;
        config_id: string;
      }>(
        `SELECT o.attempts, o.final, o.state, c.secret_ref, c.config_id FROM push_outbox o
           JOIN push_configs c ON c.config_id = o.config_id WHERE o.outbox_id = $1
           FOR UPDATE OF o`,
        [outboxId],
      );
      const row = rows[0];
      // Deleted while in flight, settled already, or claimed again since this claim (its lease
      // ran out): not this caller's to settle. The row lock orders this against a new claim.
      if (!row || row.state !== 'pending' || row.attempts !== claim.attempts) return false;
      await tx.query(
        `INSERT INTO push_attempts (outbox_id, attempt, at, outcome, status, error)
           VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (outbox_id, attempt) DO UPDATE SET at = excluded.at,
           outcome = excluded.outcome, status = excluded.status, error = excluded.error`,
        [
          outboxId,
          row.attempts,
          attempt.at,
          attempt.outcome,
          attempt.status ?? null,
          attempt.error ?? null,
        ],
      );
      if (settlement.state === 'retry') {
        await tx.query(
          'UPDATE push_outbox SET next_at = $1, lease_until = NULL WHERE outbox_id = $2',
          [settlement.nextAt, outboxId],
        );
        return true;
      }
      await tx.query(
        'UPDATE push_outbox SET state = $1, lease_until = NULL, settled_at = $2 WHERE outbox_id = $3',
        [settlement.state, attempt.at, outboxId],
      );
      // After the task's final push the credential has no further use: discard it.
      if (row.final && row.secret_ref !== null) {
        await tx.query('DELETE FROM push_secrets WHERE secret_ref = $1', [row.secret_ref]);
        await tx.query('UPDATE push_configs SET secret_ref = NULL WHERE config_id = $1', [
          row.config_id,
        ]);
      }
      return true;
    });
  }

  async nextPushDue(share?: Omit<ClaimShare, 'perTenant'>): Promise<number | undefined> {
    // Only each config's oldest pending push can be claimed: a later one behind a leased push is
    // not due before that lease ends (else a worker would wake again and again meanwhile).
    const [, skipTenants, skipReceivers] = shareParams(share, 0);
    const { rows } = await this.pool.query<{ due: number | null }>(
      `SELECT MIN(GREATEST(o.next_at, COALESCE(o.lease_until, 0))) AS due
         FROM push_outbox o JOIN push_configs c ON c.config_id = o.config_id
        WHERE ${PENDING_HEADS} AND ${notSkipped('$1', '$2')}`,
      [skipTenants, skipReceivers],
    );
    return rows[0]?.due ?? undefined;
  }

  async listPushAttempts(outboxId: number): Promise<PushAttempt[]> {
    const { rows } = await this.pool.query<{
      at: string;
      outcome: 'delivered' | 'failed';
      status: number | null;
      error: string | null;
    }>(
      'SELECT at, outcome, status, error FROM push_attempts WHERE outbox_id = $1 ORDER BY attempt',
      [outboxId],
    );
    return rows.map((r) => {
      const a: PushAttempt = { at: r.at, outcome: r.outcome };
      if (r.status !== null) a.status = r.status;
      if (r.error !== null) a.error = r.error;
      return a;
    });
  }

  async listDeadPushes(): Promise<PushOutboxItem[]> {
    const { rows } = await this.pool.query<OutboxRow>(
      `SELECT ${OUTBOX_COLUMNS} FROM push_outbox WHERE state = 'dead' ORDER BY outbox_id`,
    );
    return rows.map(itemOf);
  }

  async listPushOutbox(configId: string): Promise<PushOutboxItem[]> {
    const { rows } = await this.pool.query<OutboxRow>(
      `SELECT ${OUTBOX_COLUMNS} FROM push_outbox WHERE config_id = $1 ORDER BY outbox_id`,
      [configId],
    );
    return rows.map(itemOf);
  }

  async readPushSecret(secretRef: string): Promise<PushSecret | undefined> {
    const { rows } = await this.pool.query<{ value: string }>(
      'SELECT value FROM push_secrets WHERE secret_ref = $1',
      [secretRef],
    );
    return rows[0] && this.secrets.open(secretRef, rows[0].value);
  }
}
