// Push notifications as the host composes them: the `PushConfigs` port the A2A binding calls (the
// egress guard at registration, the secret stored by reference), the deliverer on the change feed
// and the outbox worker. `deadLetters` is the operator's view of pushes that exhausted their retries.
import { randomOpaque } from '../../ids.ts';
import type { Logger } from 'pino';
import type { PushDeliveryConfig } from '../../config.ts';
import type { Subject } from '../../ports/auth.ts';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import {
  PushConfigLimit,
  PushUrlRefused,
  type DeadLetterView,
  type PushConfigInput,
  type PushConfigs,
  type PushConfigView,
  type PushProjector,
} from '../../ports/push.ts';
import type {
  PushConfigRecord,
  PushOutboxItem,
  PushSecret,
  PushStore,
} from '../../ports/store/push-store.ts';
import { PushDeliverer } from './deliverer.ts';
import { checkEgress, EgressRefused, egressOptionsOf } from './egress-guard.ts';
import { OutboxWorker } from './outbox.ts';

export interface PushServiceDeps {
  store: PushStore;
  feed: ChangeFeed;
  projector: PushProjector;
  config: () => PushDeliveryConfig;
  /** Configs one task may hold (`limits.pushConfigsPerTask`): each is a POST per task update. */
  maxConfigsPerTask: number;
  log: Logger;
  now: () => Date;
}

export interface PushService extends PushConfigs {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Pushes that exhausted their retries, oldest first. */
  deadLetters(): Promise<PushOutboxItem[]>;
  /** Deliveries under way, in all or of one tenant (outbox.ts). */
  inFlight(tenant?: string): number;
}

function viewOf(c: PushConfigRecord): PushConfigView {
  const v: PushConfigView = {
    configId: c.configId,
    runId: c.runId,
    url: c.url,
    createdAt: c.createdAt,
  };
  if (c.scheme !== undefined) v.scheme = c.scheme;
  return v;
}

export function createPushService(deps: PushServiceDeps): PushService {
  const { store } = deps;
  const worker = new OutboxWorker(deps);
  const deliverer = new PushDeliverer({ ...deps, worker });

  async function check(url: string): Promise<void> {
    const cfg = deps.config();
    try {
      await checkEgress(url, egressOptionsOf(cfg));
    } catch (err) {
      if (err instanceof EgressRefused) throw new PushUrlRefused(err.message);
      throw err;
    }
  }

  async function create(
    owner: Subject,
    runId: string,
    input: PushConfigInput,
    afterSequence: number,
  ): Promise<PushConfigView> {
    await check(input.url);
    const secret: PushSecret = {};
    if (input.token !== undefined) secret.token = input.token;
    if (input.authentication?.credentials !== undefined) {
      secret.credentials = input.authentication.credentials;
    }
    const hasSecret = secret.token !== undefined || secret.credentials !== undefined;
    const scheme =
      input.authentication?.scheme ?? (input.token !== undefined ? 'Bearer' : undefined);
    const record: PushConfigRecord = {
      // Random only: a configId carries no tenant, workspace or principal.
      configId: `pnc-${randomOpaque(16)}`,
      runId,
      tenant: owner.tenant,
      owner,
      url: input.url,
      cursor: afterSequence,
      finished: false,
      createdAt: deps.now().toISOString(),
      ...(scheme !== undefined && { scheme }),
      ...(hasSecret && { secretRef: `sec-${randomOpaque(16)}` }),
    };
    deliverer.noteConfig(runId);
    const max = deps.maxConfigsPerTask;
    if (!(await store.insertPushConfig(record, hasSecret ? secret : undefined, { maxPerRun: max })))
      throw new PushConfigLimit(max);
    // Entries appended between the caller's read and now are projected at once.
    void deliverer.runChanged(runId);
    return viewOf(record);
  }

  /** `tenant`'s dead letters: a config of another tenant (or one deleted since) shows none. */
  async function listDeadLetters(tenant: string): Promise<DeadLetterView[]> {
    const out: DeadLetterView[] = [];
    const configs = new Map<string, PushConfigRecord | undefined>();
    for (const item of await store.listDeadPushes()) {
      if (!configs.has(item.configId))
        configs.set(item.configId, await store.getPushConfig(item.configId));
      const c = configs.get(item.configId);
      if (!c || c.tenant !== tenant) continue;
      const last = (await store.listPushAttempts(item.outboxId)).at(-1);
      out.push({
        outboxId: item.outboxId,
        configId: c.configId,
        taskId: c.runId,
        url: c.url,
        sequence: item.sequence,
        attempts: item.attempts,
        createdAt: item.createdAt,
        body: JSON.parse(item.body) as DeadLetterView['body'],
        ...(last && {
          lastAttempt: {
            at: last.at,
            ...(last.status !== undefined && { status: last.status }),
            ...(last.error !== undefined && { error: last.error }),
          },
        }),
      });
    }
    return out;
  }

  async function get(runId: string, configId: string) {
    const c = await store.getPushConfig(configId);
    return c && c.runId === runId ? viewOf(c) : undefined;
  }

  return {
    check,
    create,
    get,
    async list(runId) {
      return (await store.listPushConfigs(runId)).map(viewOf);
    },
    async delete(runId, configId) {
      if (await get(runId, configId)) await store.deletePushConfig(configId);
    },
    start: () => deliverer.start(),
    async stop() {
      await deliverer.stop();
      await worker.stop();
    },
    deadLetters: () => store.listDeadPushes(),
    inFlight: (tenant) => worker.inFlight(tenant),
    listDeadLetters,
  };
}
