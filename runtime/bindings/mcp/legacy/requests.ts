// The requests of an initialize-era session, served by the same handlers (and so the same runs) as
// 2026-07-28: ping, tools/list, tools/call and the catalogue methods. Results lose the 2026-only
// members (resultType, ttlMs, cacheScope; a tool's `execution`, which would promise 2025 task
// augmentation we do not serve). A tools/call whose run waits on the client is driven here, in one
// request: each MRTR input request goes to the client as a server-to-client request
// (elicitation.ts), its answer resumes the run through the same retry the 2026 client would send,
// and the call completes when the run does (interop.md §The MCP round ceiling still applies).
import type { McpDispatch } from '@wopgen/generated/mcp/dispatch';
import type { McpHandlers, McpMethod } from '@wopgen/generated/mcp/methods';
import type { Subject } from '../../../ports/auth.ts';
import type { HostContext } from '../../../context.ts';
import { mcpDispatchFor } from '../dispatch.ts';
import type { Io, McpCallContext } from '../handlers.ts';
import { inboundTrace } from '../envelope.ts';
import { INVALID_PARAMS, isRecord, McpError, METHOD_NOT_FOUND } from '../jsonrpc.ts';
import type { NotificationStream } from '../listen.ts';
import type { InputRequest } from '../mrtr.ts';
import type { RequestScope } from '../scope.ts';
import { toolError } from '../tools.ts';
import { legacyClientRequest, type ClientChannel } from './elicitation.ts';
import { recordLegacyDecision } from './initialize.ts';
import type { LegacySession } from './session.ts';

export type McpHandlerSet = McpHandlers<McpCallContext, Io>;

/** One request of a session, as the transport hands it over. */
export interface LegacyCall {
  session: LegacySession;
  subject: Subject;
  scope: RequestScope;
  peerOrigin: string;
  /** Server-to-client requests; absent when the transport cannot carry them for this request. */
  channel?: ClientChannel;
  /** Notifications before the answer (progress). */
  stream?: NotificationStream;
}

type McpParams = Record<string, unknown>;

/** Methods served through the 2026 dispatcher unchanged, apart from the result members. */
const PASS_THROUGH: readonly McpMethod[] = [
  'tools/list',
  'prompts/list',
  'prompts/get',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'completion/complete',
];
const passesThrough = (method: string): method is McpMethod =>
  (PASS_THROUGH as readonly string[]).includes(method);

const MODERN_ONLY = ['resultType', 'ttlMs', 'cacheScope'];

/** A 2026 result as the 2025 revisions shape it. */
export function legacyResult(result: unknown): unknown {
  if (!isRecord(result)) return result;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result)) if (!MODERN_ONLY.includes(k)) out[k] = v;
  if (Array.isArray(out.tools))
    out.tools = out.tools.map((t) => {
      if (!isRecord(t)) return t;
      const { execution: _dropped, ...tool } = t;
      return tool;
    });
  return out;
}

export class LegacyRequests {
  /** The generated dispatcher: params checked, unserved methods refused, then the member. */
  private readonly invoke: McpDispatch<McpCallContext, Io>;

  constructor(
    private readonly ctx: HostContext,
    handlers: McpHandlerSet,
  ) {
    this.invoke = mcpDispatchFor(ctx, handlers);
  }

  /** The result of one request of the session; throws McpError for every refusal. */
  async serve(method: string, params: McpParams, call: LegacyCall): Promise<unknown> {
    if (method === 'ping') return {};
    const c = this.callContext(params, call);
    if (method === 'tools/call' || method === 'prompts/get')
      return legacyResult(await this.withRounds(method, params, c, call));
    if (!passesThrough(method)) throw new McpError(METHOD_NOT_FOUND, `Method not found: ${method}`);
    return legacyResult(await this.invoke(method, params, c));
  }

  private callContext(params: McpParams, call: LegacyCall): McpCallContext {
    const meta = isRecord(params._meta) ? params._meta : {};
    const token = meta.progressToken;
    return {
      subject: call.subject,
      envelope: {
        version: call.session.version,
        capabilities: call.session.capabilities,
        ...((typeof token === 'string' || typeof token === 'number') && { progressToken: token }),
        ...inboundTrace(params, undefined),
      },
      scope: call.scope,
      bindRun: (runId) =>
        recordLegacyDecision(this.ctx, call.session, call.subject, call.peerOrigin, runId),
      ...(call.stream && { stream: call.stream }),
    };
  }

  /**
   * tools/call or prompts/get, asking the client on the request's stream whenever the run (or the
   * prompt's questions, questions.ts) wait on it.
   */
  private async withRounds(
    method: 'tools/call' | 'prompts/get',
    params: McpParams,
    c: McpCallContext,
    call: LegacyCall,
  ) {
    const base = { name: params.name, arguments: params.arguments };
    let round: McpParams = base;
    for (;;) {
      const result = await this.invoke(method, round, c);
      if (result.resultType !== 'input_required') return result;
      const asked = result.inputRequests as Record<string, InputRequest>;
      const inputResponses: Record<string, unknown> = {};
      for (const [key, req] of Object.entries(asked)) {
        const out = legacyClientRequest(req, call.session.version);
        if ((!call.channel || !out) && method === 'prompts/get')
          throw new McpError(INVALID_PARAMS, 'the prompt needs input this client cannot provide');
        if (!call.channel || !out)
          return toolError('the tool needs input that this client cannot provide; the run waits');
        inputResponses[key] = await this.ask(call.channel, out, c.scope.signal);
      }
      round = { ...base, inputResponses, requestState: result.requestState };
    }
  }

  /** The client's answer; an error reply to an elicitation is read as "cancel" (nothing given). */
  private async ask(
    channel: ClientChannel,
    req: { method: string; params: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<unknown> {
    try {
      return await channel.request(req.method, req.params, signal);
    } catch (err) {
      if (signal.aborted || req.method !== 'elicitation/create') throw err;
      return { action: 'cancel' };
    }
  }
}
