// The changes of the engine's plain steps (start, log line, delay) and what one node did, kept
// apart from engine.ts, which decides when to make them.
import type { JsonObject } from '../../../ports/json.ts';
import type { RunChange, RunRecord } from '../../../ports/store/run-store.ts';
import type { NodeDef } from './definition.ts';
import { render } from './template.ts';

type Change = Omit<RunChange, 'at'>;

/** What one node did: the run after it (undefined when a guard failed) and whether to go on. */
export interface Step {
  run: RunRecord | undefined;
  goOn: boolean;
}
export const stop = (run: RunRecord | undefined): Step => ({ run, goOn: false });
export const goOn = (run: RunRecord | undefined): Step => ({ run, goOn: run !== undefined });

/** pending → running with `run.started`. */
export function startedChange(run: RunRecord, now: Date): Change {
  return {
    runId: run.runId,
    expectStatus: ['pending'],
    patch: { status: 'running', startedAt: now.toISOString() },
    events: [
      {
        type: 'run.started',
        payload: {
          workflowId: run.workflowId,
          inputs: run.inputs,
          transport: run.transport,
          trustBoundary: run.trustBoundary,
        },
      },
    ],
  };
}

/** A `log` node: its rendered line, and on to the next node. */
export function loggedChange(
  run: RunRecord,
  node: Extract<NodeDef, { kind: 'log' }>,
  scope: { inputs: JsonObject; vars: JsonObject },
): Change {
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: { engine: { nodeIndex: run.engine.nodeIndex + 1, vars: run.engine.vars } },
    events: [
      {
        type: 'log.appended',
        payload: {
          level: node.level,
          message: String(render(node.message, scope) ?? ''),
          nodeId: node.id,
        },
      },
    ],
  };
}

/** A delay starts: its deadline is persisted so a restart re-arms it. */
export function deadlineChange(run: RunRecord, deadline: number): Change {
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: { engine: { ...run.engine, deadline } },
  };
}

/** A delay has ended: `node.completed`, and on to the next node. */
export function sleptChange(run: RunRecord, node: NodeDef): Change {
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: { engine: { nodeIndex: run.engine.nodeIndex + 1, vars: run.engine.vars } },
    events: [{ type: 'node.completed', payload: { nodeId: node.id } }],
  };
}
