// Suspending a run on a question: one interrupt per asking node (the node itself, or each child of
// an `all` node), the `node.suspended` / `interrupt.requested` events, and the waiting status.
import type { RunStatus } from '@wopgen/generated/run-status';
import type { NewRunEvent } from '../../../ports/events.ts';
import type { InterruptKind } from '../../../ports/interrupts.ts';
import type { JsonObject } from '../../../ports/json.ts';
import type { InterruptRecord, RunChange, RunRecord } from '../../../ports/store/run-store.ts';
import { mintInterruptId } from '../../../ids.ts';
import { clientResultSchemas } from './client-results.ts';
import { gateActions, type AskNode, type NodeDef, type WorkflowDefinition } from './definition.ts';
import { render } from './template.ts';
import { credentialOf } from '../workflows/view.ts';

function kindOf(ask: AskNode): InterruptKind {
  if (ask.kind === 'approval') return 'approval';
  if (ask.kind === 'credential') return 'credential';
  if (ask.kind === 'client-request') return 'custom';
  return ask.interruptKind ?? 'input';
}

export function interruptFor(run: RunRecord, ask: AskNode, at: string): InterruptRecord {
  const interrupt: InterruptRecord = {
    interruptId: mintInterruptId(run.tenant),
    runId: run.runId,
    nodeId: ask.id,
    kind: kindOf(ask),
    status: 'open',
    createdAt: at,
  };
  if (ask.kind === 'approval') {
    const fromInput = ask.approversInput === undefined ? undefined : run.inputs[ask.approversInput];
    const approvers = Array.isArray(fromInput)
      ? fromInput.filter((a) => typeof a === 'string')
      : ask.approvers;
    if (approvers && approvers.length > 0) interrupt.approvers = approvers;
  } else if (ask.kind === 'client-request') {
    const scope = { inputs: run.inputs, vars: run.engine.vars };
    const params = render(ask.params ?? {}, scope) as JsonObject;
    interrupt.clientRequest = { method: ask.method, params };
    interrupt.schema = clientResultSchemas[ask.method];
  } else {
    if (ask.schema) interrupt.schema = ask.schema;
    if (ask.kind === 'credential') interrupt.connectUrl = ask.connectUrl;
  }
  return interrupt;
}

export function requestedEvents(run: RunRecord, it: InterruptRecord): NewRunEvent[] {
  const requested: Extract<NewRunEvent, { type: 'interrupt.requested' }>['payload'] = {
    interruptId: it.interruptId,
    nodeId: it.nodeId,
    kind: it.kind,
  };
  if (it.schema) requested.schema = it.schema;
  if (it.approvers) requested.approvers = it.approvers;
  if (it.connectUrl) requested.connectUrl = it.connectUrl;
  if (it.kind === 'credential')
    Object.assign(
      requested,
      credentialOf(run.definition as unknown as WorkflowDefinition, it.nodeId),
    );
  if (it.kind === 'approval') {
    const [first, ...rest] = gateActions(
      run.definition as unknown as WorkflowDefinition,
      it.nodeId,
    );
    requested.actions = [first!, ...rest];
  }
  if (it.clientRequest) requested.clientRequest = it.clientRequest;
  return [
    {
      type: 'node.suspended',
      payload: { nodeId: it.nodeId, interruptId: it.interruptId, kind: it.kind },
    },
    { type: 'interrupt.requested', payload: requested },
  ];
}

/** The change that suspends `run` at `node` (an asking node or an `all` node). */
export function suspension(run: RunRecord, node: NodeDef, at: string): Omit<RunChange, 'at'> {
  const asks: AskNode[] = node.kind === 'all' ? node.nodes : [node as AskNode];
  const interrupts = asks.map((ask) => interruptFor(run, ask, at));
  // Interrupt kind → run status follows generated/a2a/task-state.ts (credential → waiting-input).
  const status: RunStatus = interrupts.every((i) => i.kind === 'approval')
    ? 'waiting-approval'
    : 'waiting-input';
  return {
    runId: run.runId,
    expectStatus: ['running'],
    patch: { status, currentNodeId: node.id },
    insertInterrupts: interrupts,
    events: interrupts.flatMap((it) => requestedEvents(run, it)),
  };
}
