// The initialize era over stdio (2025-06-18 and 2025-11-25 §Transports, stdio), where desktop
// clients launch `wopgen serve --stdio`: the process is the session, opened by `initialize` and
// authenticated by the key given at start. A request without the 2026 `_meta` envelope after an
// `initialize` is served at the session's revision by the same handlers as every other request;
// server-to-client requests (elicitation) go to stdout and the client's responses come back on
// stdin (elicitation.ts).
import type { Subject } from '../../../ports/auth.ts';
import type { HostContext } from '../../../context.ts';
import { MCP_META_PROTOCOL_VERSION } from '@wopgen/generated/mcp/methods';
import { isRecord, type JsonRpcRequest } from '../jsonrpc.ts';
import type { RequestScope } from '../scope.ts';
import { PendingReplies, type ClientReply } from './elicitation.ts';
import { initializeResult, recordLegacyDecision, requestedOf } from './initialize.ts';
import type { LegacyRequests } from './requests.ts';
import { newSession, type LegacySession } from './session.ts';
import { negotiateLegacy } from './versions.ts';

const PEER = 'stdio://local';

/** The request carries the 2026 `_meta` envelope (it names its revision itself). */
export function namesRevision(msg: JsonRpcRequest): boolean {
  const meta = msg.params?._meta;
  return isRecord(meta) && meta[MCP_META_PROTOCOL_VERSION] !== undefined;
}

export class StdioLegacy {
  private session: LegacySession | undefined;
  private readonly pending = new PendingReplies();

  constructor(
    private readonly ctx: HostContext,
    private readonly requests: LegacyRequests,
    private readonly subject: Subject,
    private readonly write: (msg: object) => void,
  ) {}

  /** `initialize`, or a request of the session it opened. */
  claims(msg: JsonRpcRequest): boolean {
    return msg.method === 'initialize' || (this.session !== undefined && !namesRevision(msg));
  }

  async serve(msg: JsonRpcRequest, scope: RequestScope): Promise<unknown> {
    const params = msg.params ?? {};
    if (msg.method === 'initialize') {
      const requested = requestedOf(params);
      this.session = newSession(this.subject, {
        version: negotiateLegacy(requested),
        ...(requested !== undefined && { requested }),
        capabilities: params.capabilities,
        now: this.ctx.now(),
      });
      await recordLegacyDecision(this.ctx, this.session, this.subject, PEER);
      return initializeResult(this.ctx, this.session.version);
    }
    const session = this.session!;
    return this.requests.serve(msg.method, params, {
      session,
      subject: this.subject,
      scope,
      peerOrigin: PEER,
      channel: this.pending.channel(session.id, (m) => !scope.abandoned && this.write(m)),
      stream: {
        id: msg.id ?? null,
        send: (method, p) => !scope.abandoned && this.write({ jsonrpc: '2.0', method, params: p }),
      },
    });
  }

  /** A response of the client to one of our requests. */
  deliver(reply: ClientReply): void {
    if (this.session) void this.pending.deliver(this.session.id, reply);
  }
}
