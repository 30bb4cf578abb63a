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
  /** How many answers have been sent (each send's identity is derived from it). */
  round: number;
  /** Our caller's answer to the remote's last question, not yet sent. */
  answer?: JsonObject;
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
  record(remote: RemoteState): Promise<void>;
  /** The version negotiated with the remote, recorded on the calling run (negotiation.decided). */
  decided(negotiation: ClientNegotiation): Promise<void>;
}

/** Codes of an outbound step's failure (run.failed `error.code`). */
export const REMOTE_FAILED = 'remote_failed';
export const REMOTE_UNREACHABLE = 'remote_unreachable';
