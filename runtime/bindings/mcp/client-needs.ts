// What a workflow needs the caller's client to be able to answer, checked before a tools/call
// starts its run: a capability the request did not declare is MissingRequiredClientCapabilityError
// (-32021, the map's clientCapabilities row: "never assumed"), and sampling/roots input requests
// are served only to a request that declared them (the mrtr "sampling/createMessage | roots/list"
// row). `data.requiredCapabilities` is a ClientCapabilities object naming every missing one.
// What a run may ask comes from the port's workflow view, never from the definition.
import type { WorkflowView } from '../../ports/workflows.ts';
import type { ClientCapabilities } from './envelope.ts';
import type { ClientAbilities } from './mrtr.ts';

export function missingClientCapabilities(
  workflow: WorkflowView,
  can: ClientAbilities,
): ClientCapabilities | undefined {
  const missing: ClientCapabilities = {};
  const { asks } = workflow;
  if (asks.form && !can.form && !can.url) missing.elicitation = { form: {} };
  if (asks.url && !can.url && !can.form) missing.elicitation = { url: {} };
  if (asks.sampling && !can.sampling) missing.sampling = {};
  if (asks.roots && !can.roots) missing.roots = {};
  return Object.keys(missing).length > 0 ? missing : undefined;
}
