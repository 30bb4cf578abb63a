// An outbound step's send is an effect seam: what it starts (an A2A task, an MCP tool call) lives on
// the remote, out of our transaction. So a send goes in three steps, each a kill point
// (util/kill-point.ts): the intent (`sending: round`) is committed under the run's lease and made
// durable before the request leaves; the remote's answer comes back; it is recorded (the task it
// made, or the step's outcome). A host that carries the run on and finds `sending` without a
// record cannot know whether the request left, so the step never sends under a new identity
// (identity.ts): a2a-call first asks the remote (ListTasks by the derived context, GetTask history)
// and sends only what it does not hold; mcp-call sends the same request again, which is exactly
// once on a server honouring Idempotency-Key (this host does) and at least once on one that does not.
import { killPoint } from '../../../../util/kill-point.ts';
import type { CallReports, RemoteState } from './types.ts';

/** The run left the node (cancelled, failed, answered elsewhere) before the send: nothing is sent. */
export class RunMovedOn extends Error {
  override readonly name = 'RunMovedOn';
}

/** `send` once the intent to send `remote`'s round is durable; its answer, not yet recorded. */
export async function sendOnce<T>(
  reports: CallReports,
  remote: RemoteState,
  send: () => Promise<T>,
): Promise<T> {
  if (!(await reports.sending(remote))) throw new RunMovedOn('the run left the step');
  killPoint('outbound-before-send');
  const answer = await send();
  killPoint('outbound-after-send');
  return answer;
}
