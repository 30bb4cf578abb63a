// One dispatcher for both MCP transports (streamable HTTP and stdio): the envelope rules first
// (envelope.ts), then negotiation (recorded as `negotiation.decided`, protocol mcp, on the run's log
// when the exchange starts or continues a run, else as the caller's durable host event — interop.md
// §Negotiation is a protocol), then authentication, then the generated dispatcher
// (the served contract's: methods rows name as rules answer -32601, the `requires` gate, params,
// the handler member, built-in or supplied by the host implementer).
import type { McpDispatch, McpDispatchHooks } from '@wopgen/generated/mcp/dispatch';
import type { McpHandlers, McpMethod, McpMethodEntry } from '@wopgen/generated/mcp/methods';
import { ANONYMOUS, type Subject } from '../../ports/auth.ts';
import type { HostContext } from '../../context.ts';
import { CoreError, isStoreUnavailable } from '../../ports/errors.ts';
import { mcpUnavailable, UNAVAILABLE_STATUS } from '../../http/unavailable.ts';
import type { NegotiationDecision } from '../../negotiation/decide.ts';
import {
  NegotiationRecorder,
  recorderSinks,
  type RecorderSinks,
} from '../../negotiation/recorder.ts';
import type { Exchange } from '../exchange.ts';
import {
  checkHeaders,
  type ClientCapabilities,
  declaresExtension,
  idempotencyKeyOf,
  missingCapability,
  readCapabilities,
  inboundTrace,
  readNotificationMeta,
  requestedRevision,
  selectRevision,
  unsupportedRevision,
} from './envelope.ts';
import { calledTool, checkParamHeaders } from './param-headers.ts';
import type { Io, McpCallContext } from './handlers.ts';
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  isRecord,
  McpError,
  METHOD_NOT_FOUND,
  OPENWOP_ERROR,
  type JsonRpcRequest,
} from './jsonrpc.ts';
import type { NotificationStream } from './listen.ts';
import { catalogueRefusal } from './catalogue/handlers.ts';
import { paramsHooks } from '../../contract/requests.ts';
import { advertises } from '../advertises.ts';
import type { RequestScope } from './scope.ts';

/** An exchange (bindings/exchange.ts) with MCP's request scope; headers are absent on stdio. */
export interface McpExchange extends Exchange {
  scope: RequestScope;
  /** The transport's channel for notifications before the answer, when it has one. */
  stream?: NotificationStream;
}

/** What the generated dispatcher asks of this host; shared by every revision's transport. */
function mcpDispatchHooks(ctx: HostContext): McpDispatchHooks<McpCallContext, Io> {
  const { contract } = ctx;
  // A method the contract adds is served by the member the host implementer supplied (checked at
  // start-up: contract/verify.ts); every method's params are checked by the contract's validators.
  return {
    unserved: (method) => catalogueRefusal(ctx.catalogue, method),
    params: paramsHooks(contract.mcp.requests, (r) => new McpError(INVALID_PARAMS, r.message)),
    advertises: (requirement) => advertises(ctx.config, ctx.discovery, requirement),
    refuse: (method) => new McpError(METHOD_NOT_FOUND, contract.mcp.methodNotFound(method)),
  };
}

/** The served contract's dispatcher over the built-in members and the supplied ones. */
export function mcpDispatchFor(
  ctx: HostContext,
  builtin: McpHandlers<McpCallContext, Io>,
): McpDispatch<McpCallContext, Io> {
  return ctx.contract.mcp.createDispatch(
    { ...builtin, ...ctx.handlers.mcp },
    mcpDispatchHooks(ctx),
  );
}

export class McpDispatcher {
  private readonly invoke: McpDispatch<McpCallContext, Io>;
  private readonly sinks: RecorderSinks;

  constructor(
    private readonly ctx: HostContext,
    handlers: McpHandlers<McpCallContext, Io>,
  ) {
    this.invoke = mcpDispatchFor(ctx, handlers);
    this.sinks = recorderSinks(ctx);
  }

  /** The result of one request; throws McpError (with its HTTP status) for every refusal. */
  async dispatch(msg: JsonRpcRequest, ex: McpExchange): Promise<unknown> {
    const { ctx } = this;
    const rules = ctx.contract.negotiation;
    const { requested, legacy } = requestedRevision(msg, ex.headers, rules.tables.mcp);
    const negotiation = new NegotiationRecorder(this.sinks, 'mcp', ex.peerOrigin);
    let subject: Subject | undefined;

    // Rule 1: no MCP-Protocol-Version ⇒ ≤ 2025-03-26 (a legacy `initialize` too) ⇒ refused.
    if (legacy) {
      subject = await ex.authenticate();
      negotiation.subject = subject;
      negotiation.decision = selectRevision(
        ctx.config.mcp,
        rules,
        requested,
        subject !== undefined,
      );
      await negotiation.finish();
      if (negotiation.decision.outcome === 'refused')
        throw unsupportedRevision(ctx.config.mcp, requested);
    }
    // Rule 2: header/body agreement before any version is selected.
    if (ex.headers) {
      checkHeaders(msg, ex.headers);
      // Before authentication the tool is looked up as an anonymous caller would see it.
      const tool = await calledTool(ctx.core, subject ?? ANONYMOUS, msg);
      checkParamHeaders(msg, ex.headers, tool);
    }
    // Rule 3: version selection.
    subject ??= await ex.authenticate();
    negotiation.subject = subject;
    const decision = selectRevision(ctx.config.mcp, rules, requested, subject !== undefined);
    // A legacy exchange's record is written already (rule 1); this one is its own otherwise.
    if (!negotiation.done) negotiation.decision = decision;
    if (decision.outcome === 'refused') {
      await negotiation.finish();
      throw unsupportedRevision(ctx.config.mcp, requested);
    }
    try {
      const callCtx = this.admit(msg, ex, subject, decision, negotiation);
      return await this.invoke(callCtx.method, msg.params ?? {}, callCtx.ctx);
    } catch (err) {
      throw this.toMcpError(err);
    } finally {
      await negotiation
        .finish()
        .catch((err: unknown) => ctx.log.error({ err }, 'could not record negotiation.decided'));
    }
  }

  /** Rule 4 (declared capabilities), the method table, authentication: the handler's context. */
  private admit(
    msg: JsonRpcRequest,
    ex: McpExchange,
    subject: Subject | undefined,
    decision: NegotiationDecision,
    negotiation: NegotiationRecorder,
  ) {
    const capabilities = readCapabilities(msg);
    const { methods, methodNotFound, tasksExtension } = this.ctx.contract.mcp;
    const entry = Object.hasOwn(methods, msg.method)
      ? (methods as Readonly<Record<string, McpMethodEntry>>)[msg.method]!
      : undefined;
    if (!entry) throw new McpError(METHOD_NOT_FOUND, methodNotFound(msg.method));
    checkExtensions(entry, msg.params, capabilities, tasksExtension);
    // Authentication at the OpenWOP boundary before a run starts, a resource is read or a prompt renders.
    if (entry.method !== 'server/discover' && !subject) {
      throw new McpError(
        OPENWOP_ERROR,
        'authentication required',
        { error: 'unauthenticated' },
        401,
      );
    }
    const idempotencyKey = entry.method === 'tools/call' ? idempotencyKeyOf(ex.headers) : undefined;
    const ctx: McpCallContext = {
      subject,
      envelope: {
        version: decision.version!,
        capabilities,
        ...readNotificationMeta(msg),
        ...inboundTrace(msg.params, ex.headers),
      },
      scope: ex.scope,
      bindRun: (runId, written) => negotiation.bindRun(runId, written),
      decisionRecord: () => negotiation.event(),
      ...(idempotencyKey !== undefined && { idempotencyKey }),
      ...(ex.stream && { stream: ex.stream }),
    };
    return { method: entry.method as McpMethod, ctx };
  }

  toMcpError(err: unknown): McpError {
    if (err instanceof McpError) return err;
    if (isStoreUnavailable(err)) {
      const { code, message, data } = mcpUnavailable();
      return new McpError(code, message, data, UNAVAILABLE_STATUS);
    }
    if (err instanceof CoreError) {
      return new McpError(OPENWOP_ERROR, err.message, { error: err.code, ...(err.details ?? {}) });
    }
    this.ctx.log.error({ err }, 'MCP handler failure');
    return new McpError(INTERNAL_ERROR, 'internal error');
  }
}

/** The tasks extension, for a method that belongs to it or a request using its parameters (-32021). */
function checkExtensions(
  entry: McpMethodEntry,
  params: unknown,
  capabilities: ClientCapabilities,
  tasksExtension: string | null,
): void {
  if (entry.extension !== null && !declaresExtension(capabilities, entry.extension)) {
    throw missingCapability({ extensions: { [entry.extension]: {} } }, entry.extension);
  }
  // A core method with extension parameters (`subscriptions/listen taskIds`): only using them
  // needs the extension.
  const gated = entry.extensionParams.find((p) => usesParam(params, p));
  if (gated !== undefined && tasksExtension !== null) {
    if (!declaresExtension(capabilities, tasksExtension))
      throw missingCapability(
        { extensions: { [tasksExtension]: {} } },
        `${tasksExtension} (${gated})`,
      );
  }
}

/** Whether `params` carries `name`, at its top level or inside one of its object members. */
function usesParam(params: unknown, name: string): boolean {
  if (!isRecord(params)) return false;
  if (params[name] !== undefined) return true;
  return Object.values(params).some((v) => isRecord(v) && v[name] !== undefined);
}
