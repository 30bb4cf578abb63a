// The push store (interop.md §"A2A push delivery"): config rows, the secret each one holds by
// reference, and the outbox. Delivery happens once: a pending push is claimed under a lease (a
// crashed deliverer's lease expires and the push is claimed again), and every attempt is recorded.
// Secrets live only in the secret table: a config row holds a reference, never the value.
import type { Subject } from '../auth.ts';

/** `token` and `authentication.credentials` of a config, kept only in the secret store. */
export interface PushSecret {
  token?: string;
  credentials?: string;
}

export interface PushConfigRecord {
  configId: string;
  runId: string;
  tenant: string;
  /** The Subject that registered the config: pushes are projected as it may read them. */
  owner: Subject;
  url: string;
  scheme?: string;
  /** Key of the secret in the secret store; absent when the config has none (or it was discarded). */
  secretRef?: string;
  /** The last run-log sequence already turned into outbox rows. */
  cursor: number;
  /** Set once the task's final push is in the outbox: nothing more is projected. */
  finished: boolean;
  createdAt: string;
}

export type PushState = 'pending' | 'delivered' | 'dead';

export interface PushOutboxItem {
  outboxId: number;
  configId: string;
  sequence: number;
  /** The StreamResponse JSON text exactly as sent. */
  body: string;
  final: boolean;
  state: PushState;
  attempts: number;
  /** Epoch ms before which the push is not tried (again). */
  nextAt: number;
  createdAt: string;
}

export interface PushAttempt {
  at: string;
  outcome: 'delivered' | 'failed';
  /** HTTP status of the receiver's answer, when there was one. */
  status?: number;
  /** Why the attempt failed (egress refusal, timeout, 3xx …); never a secret. */
  error?: string;
}

/** A claimed push with what the outbox worker shares its places by: the config's tenant and URL. */
export interface ClaimedPush extends PushOutboxItem {
  tenant: string;
  url: string;
}

/**
 * How a claim shares the outbox (adapters/push/outbox.ts): at most `perTenant` pushes of one
 * tenant, none of a tenant in `skipTenants` or to a receiver in `skipReceivers` (`receiverKey`).
 */
export interface ClaimShare {
  perTenant: number;
  skipTenants: readonly string[];
  skipReceivers: readonly string[];
}

/** A receiver as the outbox counts its places: one tenant's pushes to one URL. */
export function receiverKey(tenant: string, url: string): string {
  return `${tenant} ${url}`;
}

export type PushSettlement =
  { state: 'delivered' } | { state: 'retry'; nextAt: number } | { state: 'dead' };

export interface PushStore {
  /**
   * True when this process is the only writer of push configs (a SQLite file, opened by one host):
   * the deliverer may then keep the set of runs that have configs in memory instead of looking
   * them up on every change of every run. Absent on a store several hosts share.
   */
  readonly singleProcess?: boolean;
  /**
   * The config and its secret (when given), in one transaction. With `maxPerRun`, only while the
   * run holds fewer configs than that, counted under a lock of the run's configs (concurrent
   * inserts on any host cannot pass it together); false when refused, nothing written.
   */
  insertPushConfig(
    config: PushConfigRecord,
    secret?: PushSecret,
    options?: { maxPerRun?: number },
  ): Promise<boolean>;
  getPushConfig(configId: string): Promise<PushConfigRecord | undefined>;
  listPushConfigs(runId: string): Promise<PushConfigRecord[]>;
  /** Configs still projecting (not finished), for catching up after a restart. */
  listUnfinishedPushConfigs(): Promise<PushConfigRecord[]>;
  /** The config, its secret and its outbox rows; nothing when unknown. */
  deletePushConfig(configId: string): Promise<void>;
  /**
   * Appends pushes for a config and moves its cursor, in one transaction, only when `cursor` is
   * beyond the stored one (so two projections of the same events add nothing twice).
   */
  enqueuePushes(
    configId: string,
    pushes: { sequence: number; body: string; final: boolean }[],
    cursor: number,
    at: { iso: string; ms: number },
  ): Promise<void>;
  /**
   * Claims due pending pushes, the oldest pending one per config only (pushes of a config go out in
   * order), leasing each until `now + leaseMs` and counting the attempt; oldest first, shared out
   * by `share` when given.
   */
  claimPushes(
    now: number,
    leaseMs: number,
    limit: number,
    share?: ClaimShare,
  ): Promise<ClaimedPush[]>;
  /**
   * Records the attempt and its outcome; a settled final push discards the config's secret. Only
   * the holder of the push's latest claim settles it (`claim.attempts` is that claim's count): a
   * deliverer slower than its lease, whose push another claim has taken over since, changes
   * nothing and gets false, as it does for a push that was deleted or already settled.
   */
  settlePush(
    claim: Pick<PushOutboxItem, 'outboxId' | 'attempts'>,
    attempt: PushAttempt,
    settlement: PushSettlement,
  ): Promise<boolean>;
  /**
   * Epoch ms of the earliest pending push (or lease expiry), undefined when none is pending; with
   * `share`, among the pushes a claim with it could take.
   */
  nextPushDue(share?: Omit<ClaimShare, 'perTenant'>): Promise<number | undefined>;
  listPushAttempts(outboxId: number): Promise<PushAttempt[]>;
  /** Pushes that exhausted their retries (operators list them; A2A clients never see them). */
  listDeadPushes(): Promise<PushOutboxItem[]>;
  listPushOutbox(configId: string): Promise<PushOutboxItem[]>;
  readPushSecret(secretRef: string): Promise<PushSecret | undefined>;
  /**
   * Seals the key the secrets are sealed under with the key-encryption key the store was opened
   * with, when the store holds it in clear (README "Secrets at rest"). The host calls it once it
   * has checked that KEK against what the store already holds sealed; absent on a store that
   * keeps no such key.
   */
  sealSecretKey?(): Promise<void>;
}
