// Server-to-client requests of the initialize era (client features: elicitation/create
// 2025-06-18 and 2025-11-25, sampling/createMessage, roots/list). Where 2026-07-28 embeds them in
// an InputRequiredResult (MRTR), the 2025 revisions send them as JSON-RPC requests on the stream
// of the request they serve (streamable HTTP §Sending Messages to the Server: "the server MAY send
// JSON-RPC requests … before sending the JSON-RPC response") or on stdout, and the client answers
// with a JSON-RPC response: POSTed to the endpoint under the session on HTTP, on stdin on stdio.
//
// A reply reaches the request waiting for it directly when both are in this process; otherwise
// (another host of the deployment took the POST) it goes through the session store, which the
// waiter polls.
import { randomBytes } from 'node:crypto';
import { INTERNAL_ERROR, isRecord, McpError, type JsonRpcId } from '../jsonrpc.ts';
import type { InputRequest } from '../mrtr.ts';
import type { LegacySessionStore } from './session-store.ts';
import { hasUrlElicitation, type LegacyRevision } from './versions.ts';

/** A JSON-RPC response sent by the client to one of our requests. */
export interface ClientReply {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Sends a request to the client and resolves with its result (rejects on an error reply). */
export interface ClientChannel {
  request(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

/** A JSON-RPC response (not a request or notification), as the client sends one. */
export function isClientReply(v: unknown): v is ClientReply {
  return (
    isRecord(v) &&
    v.jsonrpc === '2.0' &&
    v.method === undefined &&
    (typeof v.id === 'string' || typeof v.id === 'number') &&
    (v.result !== undefined || isRecord(v.error))
  );
}

/** The request the client runs for one MRTR input request, at `version`; undefined if none fits. */
export function legacyClientRequest(
  req: InputRequest,
  version: LegacyRevision,
): { method: string; params: Record<string, unknown> } | undefined {
  if (req.method !== 'elicitation/create') return { method: req.method, params: req.params };
  const p = req.params;
  if (hasUrlElicitation(version)) return { method: req.method, params: { ...p } };
  // 2025-06-18 ElicitRequest: {message, requestedSchema}; no mode, no URL elicitation.
  if (p.mode !== 'form') return undefined;
  return { method: req.method, params: { message: p.message, requestedSchema: p.requestedSchema } };
}

const replyKey = (sessionId: string, id: JsonRpcId) => `reply.${sessionId}.${String(id)}`;

/** Replies awaited by server-to-client requests, keyed by session and request id. */
export class PendingReplies {
  private readonly waiters = new Map<string, (reply: ClientReply) => void>();

  constructor(
    private readonly store?: LegacySessionStore,
    private readonly pollMs = 100,
  ) {}

  /** A fresh request id (unguessable, so a reply cannot be forged for a request not yet sent). */
  static newId(): string {
    return `wopgen-${randomBytes(16).toString('base64url')}`;
  }

  /** Resolves with the client's reply to `id`; rejects when `signal` aborts first. */
  wait(sessionId: string, id: string, signal: AbortSignal): Promise<ClientReply> {
    const key = replyKey(sessionId, id);
    return new Promise<ClientReply>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        this.waiters.delete(key);
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        done();
        reject(new McpError(INTERNAL_ERROR, 'the request was cancelled'));
      };
      this.waiters.set(key, (reply) => {
        done();
        resolve(reply);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      if (signal.aborted) return onAbort();
      const poll = async () => {
        const stored = await this.store?.get<ClientReply>(key).catch(() => undefined);
        if (!this.waiters.has(key)) return;
        if (stored) {
          await this.store?.delete(key);
          this.waiters.get(key)?.(stored);
          return;
        }
        timer = setTimeout(() => void poll(), this.pollMs);
      };
      if (this.store) timer = setTimeout(() => void poll(), this.pollMs);
    });
  }

  /** Hands a reply to its waiter, here or (through the store) on another host. */
  async deliver(sessionId: string, reply: ClientReply): Promise<void> {
    const waiter = this.waiters.get(replyKey(sessionId, reply.id));
    if (waiter) return waiter(reply);
    // Only ids we minted are kept (anything else answers nothing we asked).
    if (typeof reply.id === 'string' && reply.id.startsWith('wopgen-'))
      await this.store?.put(replyKey(sessionId, reply.id), reply);
  }

  /** A channel that writes each request with `write` and waits for its reply. */
  channel(sessionId: string, write: (msg: object) => void): ClientChannel {
    return {
      request: async (method, params, signal) => {
        const id = PendingReplies.newId();
        const reply = this.wait(sessionId, id, signal);
        write({ jsonrpc: '2.0', id, method, params });
        const r = await reply;
        if (r.error) throw new McpError(r.error.code, r.error.message, r.error.data);
        return r.result;
      },
    };
  }
}
