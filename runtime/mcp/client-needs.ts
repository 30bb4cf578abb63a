// What a workflow needs the caller's client to be able to answer, checked before a tools/call
// starts its run: a capability the request did not declare is MissingRequiredClientCapabilityError
// (-32021, the map's clientCapabilities row: "never assumed"), and sampling/roots input requests
// are served only to a request that declared them (the mrtr "sampling/createMessage | roots/list"
// row). `data.requiredCapabilities` is a ClientCapabilities object naming every missing one.
import { flatNodes, type WorkflowDefinition } from '../core/engine/definition.ts';
import type { ClientCapabilities } from './envelope.ts';
import type { ClientAbilities } from './mrtr.ts';

export function missingClientCapabilities(
  workflow: WorkflowDefinition,
  can: ClientAbilities,
): ClientCapabilities | undefined {
  const missing: ClientCapabilities = {};
  for (const n of flatNodes(workflow)) {
    if ((n.kind === 'approval' || n.kind === 'input') && !can.form && !can.url)
      missing.elicitation = { form: {} };
    if (n.kind === 'credential' && !can.url && !can.form) missing.elicitation = { url: {} };
    if (n.kind === 'client-request' && n.method === 'sampling/createMessage' && !can.sampling)
      missing.sampling = {};
    if (n.kind === 'client-request' && n.method === 'roots/list' && !can.roots) missing.roots = {};
  }
  return Object.keys(missing).length > 0 ? missing : undefined;
}
