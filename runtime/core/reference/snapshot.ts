// Projects stored records to the port: a run to the wire RunSnapshot (schemas/run-snapshot.schema.json:
// closed object, optional members omitted rather than null; a v2 host writes eventLogSchemaVersion 3),
// an interrupt to the port's neutral Interrupt (with the prompt its workflow step gives).
import type { Interrupt } from '../../ports/interrupts.ts';
import type {
  BindingRecord,
  ConversationReply,
  RunSnapshot,
  RunTimes,
  RunView,
} from '../../ports/run-core.ts';
import type { InterruptRecord, RunRecord } from '../../ports/store/run-store.ts';
import { gateActions, type WorkflowDefinition } from './engine/definition.ts';
import { credentialOf, promptOf } from './workflows/view.ts';

export const EVENT_LOG_SCHEMA_VERSION = 3;

export function toSnapshot(run: RunRecord): RunSnapshot {
  const snap: RunSnapshot = {
    runId: run.runId,
    workflowId: run.workflowId,
    status: run.status,
    owner: { tenant: run.tenant, subject: run.owner },
    eventLogSchemaVersion: EVENT_LOG_SCHEMA_VERSION,
    inputs: run.inputs,
  };
  if (run.startedAt) snap.startedAt = run.startedAt;
  if (run.completedAt) snap.completedAt = run.completedAt;
  if (run.currentNodeId) snap.currentNodeId = run.currentNodeId;
  if (run.outputs) snap.outputs = run.outputs;
  if (run.error) snap.error = run.error;
  if (run.metadata) snap.metadata = run.metadata;
  return snap;
}

export function toInterrupt(it: InterruptRecord, run: RunRecord): Interrupt {
  const out: Interrupt = {
    interruptId: it.interruptId,
    runId: it.runId,
    nodeId: it.nodeId,
    kind: it.kind,
    createdAt: it.createdAt,
  };
  const definition = run.definition as unknown as WorkflowDefinition;
  const prompt = promptOf(definition, it.nodeId);
  if (prompt !== undefined) out.prompt = prompt;
  if (it.schema) out.schema = it.schema;
  if (it.approvers) out.approvers = it.approvers;
  if (it.kind === 'approval') out.actions = gateActions(definition, it.nodeId);
  if (it.connectUrl) out.connectUrl = it.connectUrl;
  if (it.kind === 'credential') Object.assign(out, credentialOf(definition, it.nodeId));
  if (it.clientRequest) {
    const params = it.clientRequest.params ?? {};
    out.clientAsk =
      it.clientRequest.method === 'sampling/createMessage'
        ? { kind: 'sampling', params }
        : { kind: 'roots', params };
  }
  return out;
}

export function runTimesOf(run: RunRecord): RunTimes {
  return { createdAt: run.createdAt, statusAt: run.statusAt, updatedAt: run.updatedAt };
}

/** What a projection reads of one run (RunCore.runView, listRunViews), from what was read of it. */
export function toRunView(
  run: RunRecord,
  open: readonly InterruptRecord[],
  record: BindingRecord | undefined,
  replies: ConversationReply[] | undefined,
  awaitingMessage = false,
): RunView {
  const view: RunView = {
    run: toSnapshot(run),
    open: open.map((it) => toInterrupt(it, run)),
    times: runTimesOf(run),
  };
  if (record) view.record = record;
  if (replies) view.replies = replies;
  if (awaitingMessage) view.awaitingMessage = true;
  return view;
}
