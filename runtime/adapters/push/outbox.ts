// The outbox worker: claims due pushes (leased, so each is sent by one claimer), sends each, records
// the attempt and settles it — delivered, retried after a backoff (webhooks `retryPolicy`
// semantics: `none` retries at once, `fixed` after baseMs, `exponential` after baseMs·2^(n-1) capped
// at maxMs), or dead after `maxAttempts`. It wakes when pushes are enqueued, when a delivery ends
// and at the next due time; the store, not memory, holds what is pending, so a restart picks up
// where it stopped. Each push carries the run's recorded W3C trace context as `traceparent`.
//
// Deliveries share the process's places (`concurrency`): each runs on its own with its own
// deadline, and a freed place is filled at once, so no delivery waits for another to finish. One
// tenant holds at most `perTenant` places and one receiver (a tenant's URL) `perReceiver`; a claim
// takes at most one push per tenant and skips the tenants and receivers at their share. So a
// receiver that never answers holds its own places until its deadlines, and every other tenant's
// pushes go out beside it (README §Reliability).
import type { Logger } from 'pino';
import type { PushDeliveryConfig } from '../../config.ts';
import type { PushProjector } from '../../ports/push.ts';
import {
  receiverKey,
  type ClaimedPush,
  type PushOutboxItem,
  type PushStore,
} from '../../ports/store/push-store.ts';
import { egressOptionsOf } from './egress-guard.ts';
import { sendPush, type SendResult } from './send.ts';
import { killPoint } from '../../util/kill-point.ts';

/** Longest sleep between passes even when nothing is due (a lease may expire meanwhile). */
const IDLE_MS = 5_000;

export function backoffMs(policy: PushDeliveryConfig['retry'], attempts: number): number {
  if (policy.backoff === 'none') return 0;
  if (policy.backoff === 'fixed') return policy.baseMs;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxDeps {
  store: PushStore;
  /** Where a push's trace context comes from: the run's recorded one (interop.md §"Trace context"). */
  projector?: Pick<PushProjector, 'trace'>;
  config: () => PushDeliveryConfig;
  log: Logger;
  now: () => Date;
}

/** Places held, per key. */
class Counts {
  private readonly held = new Map<string, number>();
  add(key: string, by: number): void {
    const n = (this.held.get(key) ?? 0) + by;
    if (n > 0) this.held.set(key, n);
    else this.held.delete(key);
  }
  atLeast(share: number): string[] {
    return [...this.held].filter(([, n]) => n >= share).map(([key]) => key);
  }
  of(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly deliveries = new Set<Promise<void>>();
  private readonly tenants = new Counts();
  private readonly receivers = new Counts();

  constructor(private readonly deps: OutboxDeps) {}

  /** Deliveries under way, in all and for one tenant (tests, benches). */
  inFlight(tenant?: string): number {
    return tenant === undefined ? this.deliveries.size : this.tenants.of(tenant);
  }

  /** Fill free places now (or right after the current fill). */
  kick(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.filling = this.fill()
      .catch((err: unknown) => this.deps.log.error({ err }, 'push outbox pass failed'))
      .finally(() => {
        this.filling = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        } else void this.schedule();
      });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.filling;
    await Promise.all(this.deliveries);
  }

  /** The tenants and receivers at their share, which a claim skips. */
  private skips(cfg: PushDeliveryConfig) {
    return {
      skipTenants: this.tenants.atLeast(cfg.concurrency.perTenant),
      skipReceivers: this.receivers.atLeast(cfg.concurrency.perReceiver),
    };
  }

  private async schedule(): Promise<void> {
    if (this.stopped) return;
    // Pushes of a tenant or receiver at its share wait for one of its deliveries to end (which
    // kicks), not for a timer.
    const skips = this.skips(this.deps.config());
    const due = await this.deps.store.nextPushDue(skips).catch(() => undefined);
    const wait = due === undefined ? IDLE_MS : Math.max(0, due - this.deps.now().getTime());
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.kick(), Math.min(wait, IDLE_MS));
    this.timer.unref();
  }

  /** Claims into the free places, a push per tenant a round, until none is free or none is due. */
  private async fill(): Promise<void> {
    for (;;) {
      const cfg = this.deps.config();
      const free = cfg.concurrency.slots - this.deliveries.size;
      if (free <= 0 || this.stopped) return;
      const items = await this.deps.store.claimPushes(
        this.deps.now().getTime(),
        cfg.leaseMs,
        free,
        { perTenant: 1, ...this.skips(cfg) },
      );
      if (items.length === 0 || this.stopped) return;
      killPoint('push-claim');
      for (const item of items) this.start(item, cfg);
    }
  }

  /** One delivery on its own: its places are held until it settles, then filled again. */
  private start(item: ClaimedPush, cfg: PushDeliveryConfig): void {
    const receiver = receiverKey(item.tenant, item.url);
    this.tenants.add(item.tenant, 1);
    this.receivers.add(receiver, 1);
    const delivery: Promise<void> = this.deliver(item, cfg)
      .catch((err: unknown) => this.deps.log.error({ err }, 'push delivery failed'))
      .finally(() => {
        this.deliveries.delete(delivery);
        this.tenants.add(item.tenant, -1);
        this.receivers.add(receiver, -1);
        this.kick();
      });
    this.deliveries.add(delivery);
  }

  private async deliver(item: PushOutboxItem, cfg: PushDeliveryConfig): Promise<void> {
    const { store, log } = this.deps;
    const config = await store.getPushConfig(item.configId);
    if (!config) return; // deleted meanwhile: its rows went with it
    const secret = config.secretRef ? await store.readPushSecret(config.secretRef) : undefined;
    let authorization: string | undefined;
    const credentials = secret?.credentials ?? secret?.token;
    if (config.scheme !== undefined && credentials !== undefined) {
      authorization = `${config.scheme} ${credentials}`;
    }
    let result: SendResult;
    try {
      const trace = await this.deps.projector?.trace?.(config.owner, config.runId);
      result = await sendPush(
        { url: config.url, body: item.body, ...(authorization && { authorization }), ...trace },
        {
          timeoutMs: cfg.timeoutMs,
          maxResponseBytes: cfg.maxResponseBytes,
          ...egressOptionsOf(cfg),
          ...(cfg.ca && { ca: cfg.ca }),
        },
      );
    } catch (err) {
      result = { ok: false, error: err instanceof Error ? err.message : 'delivery failed' };
    }
    const at = this.deps.now();
    // Log the config and outcome only: never the URL's answer body, the token or credentials.
    const fields = { configId: item.configId, outboxId: item.outboxId, attempt: item.attempts };
    if (result.ok) {
      const settled = await store.settlePush(
        item,
        { at: at.toISOString(), outcome: 'delivered', status: result.status },
        { state: 'delivered' },
      );
      // Not settled: this delivery outlived its lease and another claim holds the push now (it
      // will be sent again: at least once, as interop.md §"A2A push delivery" asks).
      if (settled) log.debug({ ...fields, status: result.status }, 'push delivered');
      else log.warn(fields, 'push delivered after its lease ran out; another claim settles it');
      return;
    }
    const attempt = {
      at: at.toISOString(),
      outcome: 'failed' as const,
      error: result.error,
      ...(result.status !== undefined && { status: result.status }),
    };
    if (item.attempts >= cfg.retry.maxAttempts) {
      await store.settlePush(item, attempt, { state: 'dead' });
      log.warn({ ...fields, error: result.error }, 'push dead-lettered');
    } else {
      const nextAt = at.getTime() + backoffMs(cfg.retry, item.attempts);
      await store.settlePush(item, attempt, { state: 'retry', nextAt });
      log.info({ ...fields, error: result.error }, 'push attempt failed; will retry');
    }
  }
}
