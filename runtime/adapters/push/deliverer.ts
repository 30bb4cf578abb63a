// The deliverer attaches to the host-wide change feed (ports/change-feed.ts): when a run with push
// configs changes, each unfinished config's new log entries are projected (as the config's owner may
// read them) and appended to the outbox with the config's cursor, in one transaction; the outbox
// worker sends them. At start it catches up every unfinished config, so pushes for changes made
// while the host was down still go out. Projection of one run is serialised in this process.
import type { Logger } from 'pino';
import type { ChangeFeed } from '../../ports/change-feed.ts';
import type { PushProjector } from '../../ports/push.ts';
import type { PushConfigRecord, PushStore } from '../../ports/store/push-store.ts';
import type { OutboxWorker } from './outbox.ts';

export interface DelivererDeps {
  store: PushStore;
  feed: ChangeFeed;
  projector: PushProjector;
  worker: OutboxWorker;
  log: Logger;
  now: () => Date;
}

export class PushDeliverer {
  private readonly chains = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | undefined;
  /**
   * On a store only this process writes configs to (PushStore.singleProcess): the runs that may
   * have an unfinished config, so that a change of any other run costs no lookup. Filled at start,
   * added to before a config is inserted (noteConfig), pruned when a lookup finds none.
   */
  private readonly withConfigs: Set<string> | undefined;

  constructor(private readonly deps: DelivererDeps) {
    this.withConfigs = deps.store.singleProcess ? new Set() : undefined;
  }

  /** A config is about to be inserted for `runId` (before the insert: no change of it is skipped). */
  noteConfig(runId: string): void {
    this.withConfigs?.add(runId);
  }

  async start(): Promise<void> {
    this.unsubscribe = this.deps.feed.subscribe((topic) => {
      // A run with no config costs no lookup (see withConfigs), nor does a run's insert: a config
      // names a run that exists, and its creation projects the run's log so far (service.ts).
      if (topic.kind !== 'run' || topic.created) return;
      if (this.withConfigs?.has(topic.runId) ?? true) void this.runChanged(topic.runId);
    });
    const configs = await this.deps.store.listUnfinishedPushConfigs();
    const runs = new Set(configs.map((c) => c.runId));
    for (const runId of runs) this.withConfigs?.add(runId);
    await Promise.all([...runs].map((runId) => this.runChanged(runId)));
    this.deps.worker.kick();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await Promise.all(this.chains.values());
  }

  /** Projects the run's new entries for each of its unfinished configs (serialised per run). */
  runChanged(runId: string): Promise<void> {
    const prev = this.chains.get(runId) ?? Promise.resolve();
    const next = prev
      .then(() => this.project(runId))
      .catch((err: unknown) => this.deps.log.error({ err, runId }, 'push projection failed'));
    this.chains.set(runId, next);
    void next.finally(() => {
      if (this.chains.get(runId) === next) this.chains.delete(runId);
    });
    return next;
  }

  private async project(runId: string): Promise<void> {
    const configs = (await this.deps.store.listPushConfigs(runId)).filter((c) => !c.finished);
    // Re-added when found: a config inserted while a lookup that found none ran is restored by
    // the projection its creation asks for (service.ts), which this one precedes.
    if (configs.length === 0) this.withConfigs?.delete(runId);
    else this.withConfigs?.add(runId);
    let queued = false;
    for (const c of configs) queued = (await this.projectConfig(c)) || queued;
    if (queued) this.deps.worker.kick();
  }

  private async projectConfig(c: PushConfigRecord): Promise<boolean> {
    const out = await this.deps.projector.project(c.owner, c.runId, c.cursor);
    if (!out || out.lastSequence <= c.cursor) return false;
    const now = this.deps.now();
    await this.deps.store.enqueuePushes(
      c.configId,
      out.pushes.map((p) => ({
        sequence: p.sequence,
        body: JSON.stringify(p.body),
        final: p.final,
      })),
      out.lastSequence,
      { iso: now.toISOString(), ms: now.getTime() },
    );
    return out.pushes.length > 0;
  }
}
