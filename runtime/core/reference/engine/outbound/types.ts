// What an outbound step (a call to an A2A agent or an MCP tool) needs from the host and what it
// answers the engine: the remote's result, its failure, or a question for our caller that the
// engine opens as an interrupt and whose answer goes back to the remote (interop.md §Calling out).
import type { JsonObject } from '../../../../ports/json.ts';
export type { OutboundDeps, StdioServer } from '../../../../ports/outbound.ts';
import type { ClientNegotiation } from '@wopgen/generated/client/support';

/** The remote work a node is following, persisted so a restart continues it (EngineState.outbound). */
export interface RemoteState {
  /** A2A task id, or the MCP task id of the tasks extension. */
  taskId?: string;
  contextId?: string;
  /** MCP multi-round input: the state the server asked to be echoed. */
  requestState?: string;
  /** How many answers have been sent (each send's identity is derived from it: identity.ts). */
  round: number;
  /** Our caller's answer to the remote's last question, not yet sent. */
  answer?: JsonObject;
  /**
   * The round whose send was committed as intended and whose answer is not recorded: the request
   * may or may not have reached the remote (seam.ts).
   */
  sending?: number;
  /** A2A: the status of the question our interrupt asked, told apart from the agent's next one. */
  asked?: { messageId?: string; timestamp?: string };
}

export type OutboundOutcome =
  | { kind: 'done'; result: JsonObject }
  | { kind: 'failed'; error: { code: string; message: string } }
  /** The remote asks: an interrupt of our own, its answer sent back on resume. */
  | {
      kind: 'ask';
      interruptKind: 'clarification' | 'credential';
      schema: JsonObject;
      connectUrl?: string;
      remote: RemoteState;
    };

/** What a call reports to the run as it goes: the remote work it follows, each negotiation. */
export interface CallReports {
  /**
   * Commits the intent to send `remote`'s round (`sending`) and waits until it is durable; false
   * when the run has left the step, and nothing may be sent (seam.ts).
   */
  sending(remote: RemoteState): Promise<boolean>;
  /** Records the remote work the step now follows (no send pending). */
  record(remote: RemoteState): Promise<void>;
  /** Something the operator should know that does not fail the step (the host's log). */
  warn(message: string): void;
  /** The version negotiated with the remote, recorded on the calling run (negotiation.decided). */
  decided(negotiation: ClientNegotiation): Promise<void>;
}

/** Codes of an outbound step's failure (run.failed `error.code`). */
export const REMOTE_FAILED = 'remote_failed';
export const REMOTE_UNREACHABLE = 'remote_unreachable';

/** A step failed by what the remote answered (`remote_failed`, with what it said). */
export const remoteFailed = (message: string): OutboundOutcome => ({
  kind: 'failed',
  error: { code: REMOTE_FAILED, message },
});
