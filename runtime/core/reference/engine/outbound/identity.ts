// The identities an outbound step gives its sends (the effect seam, seam.ts): derived from the run,
// the node and the round, so every host that carries the run on (after a restart, or a lease taken
// over on a shared database) names the same send the same, and the remote can tell a repeat (an
// A2A messageId, an MCP request's id and Idempotency-Key) or list what the first made (an A2A
// context). Hashed into UUIDs (ids.ts derivedUuid): the remote learns nothing of our run ids.
import { derivedUuid } from '../../../../ids.ts';

/** Message.messageId of the step's `round`th A2A send. */
export function a2aMessageId(runId: string, nodeId: string, round: number): string {
  return derivedUuid('a2a-message', runId, nodeId, String(round));
}

/** Message.contextId of the step's first A2A send: ListTasks by it finds the task that send made. */
export function a2aContextId(runId: string, nodeId: string): string {
  return derivedUuid('a2a-context', runId, nodeId);
}

/** The JSON-RPC id and Idempotency-Key of the step's `round`th MCP `method` request. */
export function mcpRequestId(method: string, runId: string, nodeId: string, round: number): string {
  return derivedUuid('mcp-request', method, runId, nodeId, String(round));
}
