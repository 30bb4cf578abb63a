// Initialize-era traffic on the `/mcp` mount (streamable HTTP 2025-06-18 and 2025-11-25), told
// apart from 2026-07-28 requests by `isLegacyTraffic`: a 2025 `MCP-Protocol-Version`; with no
// such header, anything carrying `Mcp-Session-Id`, an `initialize`, or a JSON-RPC response of the
// client (only this era has server-to-client requests).
// - Authentication first, exactly as on the 2026 path (the Bearer key; 401 without it).
// - `initialize` mints a session (session.ts) returned in `Mcp-Session-Id`; later requests must
//   carry it (400 without), and an unknown, ended or another principal's session is 404
//   (§Session Management), the signal for the client to initialize again.
// - `MCP-Protocol-Version`, when sent, must be the session's revision (§Protocol Version Header:
//   400 otherwise); absent, the session's revision applies.
// - Notifications are 202; `notifications/cancelled {requestId}` cancels that request's run
//   (interop.md §MCP tasks and cancellation, reason `mcp-request-cancelled`), here or, through the
//   store, on the host serving it. A disconnect before the answer abandons the request as on the
//   2026 path (these streams are not resumable, so nobody could collect the answer).
// - DELETE ends the session (§Session Management); GET (a standalone stream) is 405, which the
//   revisions allow.
// JSON-RPC errors of the session's requests travel on HTTP 200, as the 2025 revisions answer them
// (a 404 would tell the client its session is gone).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Subject } from '../../../ports/auth.ts';
import type { HostContext } from '../../../context.ts';
import { isCoreError } from '../../../ports/errors.ts';
import { write, writeEvent, type Framing } from '../http-reply.ts';
import {
  errorResponse,
  INVALID_REQUEST,
  isRecord,
  McpError,
  OPENWOP_ERROR,
  parseFrame,
  resultResponse,
  type JsonRpcId,
  type JsonRpcRequest,
} from '../jsonrpc.ts';
import { REQUEST_CANCELLED_REASON, RequestScope } from '../scope.ts';
import { isClientReply, PendingReplies } from './elicitation.ts';
import {
  initializeResult,
  recordLegacyDecision,
  recordLegacyRefusal,
  requestedOf,
} from './initialize.ts';
import type { LegacyRequests } from './requests.ts';
import { LegacySessions, type LegacySession } from './session.ts';
import type { LegacySessionStore } from './session-store.ts';
import { isLegacyRevision, negotiateLegacy } from './versions.ts';

export const SESSION_HEADER = 'mcp-session-id';

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined || one.trim() === '' ? undefined : one.trim();
}

/** Whether this request belongs to the initialize era (see the file comment). */
export function isLegacyTraffic(req: IncomingMessage, body: unknown): boolean {
  // A 2026 request carrying a stray Mcp-Session-Id stays a 2026 request (the header is ignored).
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined) return isLegacyRevision(version);
  if (header(req, SESSION_HEADER) !== undefined) return true;
  return isClientReply(body) || (isRecord(body) && body.method === 'initialize');
}

/** A run started by a session's request, so a cancellation reaching another host finds it. */
interface CallRecord {
  runId: string;
}
const callKey = (sessionId: string, requestId: JsonRpcId) =>
  `call.${sessionId}.${String(requestId)}`;

/** A RequestScope that also records the runs it owns in the store. */
class TrackedScope extends RequestScope {
  ownsRuns = false;
  constructor(
    ctx: HostContext,
    private readonly onOwn: (runId: string) => void,
  ) {
    super(ctx.core, (err) => ctx.log.error({ err }, 'MCP cancellation failed'));
  }
  override own(subject: Subject, runId: string): void {
    super.own(subject, runId);
    this.ownsRuns = true;
    this.onOwn(runId);
  }
}

export class LegacyHttp {
  private readonly sessions: LegacySessions;
  private readonly pending: PendingReplies;
  private readonly inflight = new Map<string, RequestScope>();

  constructor(
    private readonly ctx: HostContext,
    private readonly requests: LegacyRequests,
    private readonly store: LegacySessionStore,
    /** The dispatcher's mapping of a thrown value to a JSON-RPC error. */
    private readonly toMcpError: (err: unknown) => McpError,
  ) {
    this.sessions = new LegacySessions(store);
    this.pending = new PendingReplies(store);
  }

  /** The caller, or a 401 already written. */
  private async caller(req: IncomingMessage, res: ServerResponse): Promise<Subject | undefined> {
    const subject = await this.ctx.authenticate(req);
    if (!subject) {
      const err = new McpError(OPENWOP_ERROR, 'authentication required', {
        error: 'unauthenticated',
      });
      write(res, 401, errorResponse(null, err), 'json', { 'www-authenticate': 'Bearer' });
    }
    return subject;
  }

  /** The session the request names, or undefined with the 400/404 already written. */
  private async session(
    req: IncomingMessage,
    res: ServerResponse,
    subject: Subject,
    id: JsonRpcId,
  ): Promise<LegacySession | undefined> {
    const sessionId = header(req, SESSION_HEADER);
    const fail = (status: number, code: number, message: string) => {
      write(res, status, errorResponse(id, new McpError(code, message)), 'json');
      return undefined;
    };
    if (sessionId === undefined)
      return fail(400, INVALID_REQUEST, 'Bad Request: Mcp-Session-Id header is required');
    const session = await this.sessions.open(sessionId, subject);
    if (!session) return fail(404, -32001, 'Session not found');
    const version = header(req, 'mcp-protocol-version');
    if (version !== undefined && version !== session.version)
      return fail(
        400,
        INVALID_REQUEST,
        `Bad Request: MCP-Protocol-Version ${version} is not this session's ${session.version}`,
      );
    return session;
  }

  async delete(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const subject = await this.caller(req, res);
    if (!subject) return;
    const session = await this.session(req, res, subject, null);
    if (!session) return;
    await this.sessions.end(session.id);
    res.writeHead(204).end();
  }

  async post(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    framing: Framing,
    sse: boolean,
  ): Promise<void> {
    const subject = await this.caller(req, res);
    if (!subject) {
      if (isRecord(body) && body.method === 'initialize') {
        const params = isRecord(body.params) ? body.params : undefined;
        await recordLegacyRefusal(this.ctx, requestedOf(params), this.ctx.peerOrigin(req));
      }
      return;
    }
    if (isClientReply(body)) {
      const session = await this.session(req, res, subject, null);
      if (!session) return;
      await this.pending.deliver(session.id, body);
      res.writeHead(202).end();
      return;
    }
    let msg: JsonRpcRequest;
    try {
      msg = parseFrame(body);
    } catch (err) {
      write(res, 400, errorResponse(null, err as McpError), 'json');
      return;
    }
    if (msg.method === 'initialize') return this.initialize(req, res, msg, subject, framing);
    const session = await this.session(req, res, subject, msg.id ?? null);
    if (!session) return;
    if (msg.id === undefined || msg.id === null) {
      if (msg.method === 'notifications/cancelled')
        await this.cancel(session, subject, msg.params?.requestId);
      res.writeHead(202).end();
      return;
    }
    await this.request(req, res, msg, msg.id, session, subject, framing, sse);
  }

  private async initialize(
    req: IncomingMessage,
    res: ServerResponse,
    msg: JsonRpcRequest,
    subject: Subject,
    framing: Framing,
  ): Promise<void> {
    const id = msg.id ?? null;
    const requested = requestedOf(msg.params);
    const version = negotiateLegacy(requested);
    const session = await this.sessions.mint(subject, {
      version,
      ...(requested !== undefined && { requested }),
      capabilities: msg.params?.capabilities,
      now: this.ctx.now(),
    });
    await recordLegacyDecision(this.ctx, session, subject, this.ctx.peerOrigin(req));
    write(res, 200, resultResponse(id, initializeResult(this.ctx, version)), framing, {
      [SESSION_HEADER]: session.id,
    });
  }

  private async request(
    req: IncomingMessage,
    res: ServerResponse,
    msg: JsonRpcRequest,
    id: string | number,
    session: LegacySession,
    subject: Subject,
    framing: Framing,
    sse: boolean,
  ): Promise<void> {
    const key = callKey(session.id, id);
    const scope = new TrackedScope(this.ctx, (runId) => {
      void this.store.put(key, { runId } satisfies CallRecord).catch((err: unknown) => {
        this.ctx.log.error({ err }, 'could not record a legacy MCP call');
      });
    });
    this.inflight.set(key, scope);
    res.on('close', () => {
      if (!res.writableFinished) void scope.abandon();
    });
    const send = (message: object) => writeEvent(res, message);
    try {
      const result = await this.requests.serve(msg.method, msg.params ?? {}, {
        session,
        subject,
        scope,
        peerOrigin: this.ctx.peerOrigin(req),
        ...(sse && {
          channel: this.pending.channel(session.id, send),
          stream: { id, send: (method, params) => send({ jsonrpc: '2.0', method, params }) },
        }),
      });
      // A cancelled request gets no answer (cancellation §Behavior Requirements).
      if (!scope.abandoned) write(res, 200, resultResponse(id, result), framing);
    } catch (err) {
      if (!scope.abandoned) write(res, 200, errorResponse(id, this.toMcpError(err)), framing);
    } finally {
      this.inflight.delete(key);
      scope.complete();
      if (scope.ownsRuns) await this.store.delete(key).catch(() => undefined);
      if (!res.writableEnded) res.end();
    }
  }

  /** `notifications/cancelled`: the request's run ends `mcp-request-cancelled`, wherever it runs. */
  private async cancel(
    session: LegacySession,
    subject: Subject,
    requestId: unknown,
  ): Promise<void> {
    if (typeof requestId !== 'string' && typeof requestId !== 'number') return;
    const key = callKey(session.id, requestId);
    const local = this.inflight.get(key);
    if (local) return local.abandon();
    const call = await this.store.get<CallRecord>(key);
    if (!call) return;
    await this.ctx.core
      .cancelRun(subject, call.runId, {
        reason: REQUEST_CANCELLED_REASON,
        cancelledBy: subject.subjectId,
      })
      .catch((err: unknown) => {
        if (!isCoreError(err, 'run_terminal')) this.ctx.log.error({ err }, 'MCP cancel failed');
      });
  }
}
