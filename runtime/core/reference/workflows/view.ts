// The port's view of a reference workflow (ports/workflows.ts): what bindings may know of it, derived
// once from the definition so no binding ever walks its nodes.
import type { Interrupt } from '../../../ports/interrupts.ts';
import type { WorkflowView } from '../../../ports/workflows.ts';
import { flatNodes, type NodeDef, type WorkflowDefinition } from '../engine/definition.ts';

function asksOf(nodes: readonly NodeDef[]): WorkflowView['asks'] {
  const asks = { form: false, url: false, sampling: false, roots: false };
  for (const n of nodes) {
    if (n.kind === 'approval' || n.kind === 'input') asks.form = true;
    else if (n.kind === 'credential') asks.url = true;
    else if (n.kind === 'client-request') {
      if (n.method === 'sampling/createMessage') asks.sampling = true;
      else asks.roots = true;
    }
  }
  return asks;
}

/** Top-level nodes are the steps; a child of an `all` node counts as its parent. */
function stepsOf(def: WorkflowDefinition): WorkflowView['steps'] {
  const stepOf: Record<string, number> = {};
  def.nodes.forEach((n, i) => {
    stepOf[n.id] = i;
    if (n.kind === 'all') for (const child of n.nodes) stepOf[child.id] = i;
  });
  return { total: def.nodes.length, stepOf };
}

export function workflowView(def: WorkflowDefinition): WorkflowView {
  const view: WorkflowView = {
    id: def.id,
    description: def.description,
    inputSchema: def.inputSchema,
    asks: asksOf(flatNodes(def)),
    steps: stepsOf(def),
  };
  if (def.taskSupport) view.taskSupport = def.taskSupport;
  if (def.asksFirst) {
    view.asksFirst = def.asksFirst;
    view.asks.form = true; // the questions are forms
  }
  // The declared input path: where a running run takes further messages (engine/converse.ts).
  const listening = def.nodes.filter((n) => n.kind === 'converse').map((n) => n.id);
  if (listening.length > 0) view.messages = { nodeIds: listening };
  return view;
}

/** What a credential node names beside its URL: provider, scopes and reason (when it names a provider). */
export function credentialOf(
  def: WorkflowDefinition,
  nodeId: string,
): Pick<Interrupt, 'provider' | 'scopes' | 'reason'> {
  const node = def.nodes.find((n) => n.id === nodeId);
  if (!node || node.kind !== 'credential' || node.provider === undefined) return {};
  return { provider: node.provider, scopes: node.scopes ?? [], reason: node.reason ?? 'missing' };
}

/** The wording a top-level node gives its question, if any (children of `all` give none today). */
export function promptOf(def: WorkflowDefinition, nodeId: string): string | undefined {
  const node = def.nodes.find((n) => n.id === nodeId);
  return node && 'prompt' in node ? node.prompt : undefined;
}
