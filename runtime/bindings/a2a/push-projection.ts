// The pushes of a task (interop.md §"A2A push delivery"): the same StreamResponse updates a
// SubscribeToTask stream carries (status-updates.ts), one per status change after the config's
// cursor, read as the config's owner. Unlike a stream, pushes go on past an input-required status
// until the task is final; the final status update is marked so the deliverer can discard the
// config's credentials after it. Each push carries the run's recorded trace context.
import type { Subject } from '../../ports/auth.ts';
import type { ProjectedPush, PushProjector } from '../../ports/push.ts';
import type { JsonObject } from '../../ports/json.ts';
import type { A2aDeps } from './request-context.ts';
import { recordedTrace } from '../../util/trace-context.ts';
import { eventUpdates } from './status-updates.ts';
import { contextIdOf, loadTaskView } from './task-projection.ts';

const PAGE = 200;

export function pushProjector(deps: A2aDeps): PushProjector {
  const { core } = deps.ctx;
  return {
    async project(owner: Subject, runId: string, afterSequence: number) {
      const view = await loadTaskView(core, owner, runId, deps.ctx.now);
      if (!view) return undefined;
      const contextId = contextIdOf(view);
      const pushes: ProjectedPush[] = [];
      let last = afterSequence;
      for (;;) {
        const page = await core.readEvents(owner, runId, last, PAGE);
        if (!page) return undefined;
        for (const e of page) {
          const { updates, ends } = await eventUpdates(deps, owner, runId, contextId, e);
          updates.forEach((u, i) => {
            const final = ends === 'terminal' && i === updates.length - 1;
            pushes.push({ sequence: e.sequence, body: u as unknown as JsonObject, final });
          });
          last = e.sequence;
        }
        if (page.length < PAGE) break;
      }
      return { pushes, lastSequence: last };
    },
    async trace(owner: Subject, runId: string) {
      return recordedTrace((await core.getRun(owner, runId))?.metadata);
    },
  };
}
