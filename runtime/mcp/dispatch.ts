// One dispatcher for both MCP transports (streamable HTTP and stdio): the envelope rules first
// (envelope.ts), then negotiation (recorded as `negotiation.decided`, protocol mcp, on the run's log
// when the exchange starts or continues a run, else as the caller's durable host event — interop.md
// §Negotiation is a protocol), then authentication, then the generated method table.
import type { IncomingHttpHeaders } from 'node:http';
import {
  isMcpMethod,
  MCP_TASKS_EXTENSION,
  mcpMethods,
  type McpHandlers,
} from '../../generated/mcp/methods.ts';
import { ANONYMOUS, type Subject } from '../ports/auth.ts';
import type { HostContext } from '../context.ts';
import { CoreError } from '../ports/errors.ts';
import { decisionPayload, recordDecision } from '../negotiation/record.ts';
import {
  checkHeaders,
  declaresExtension,
  missingCapability,
  readCapabilities,
  readNotificationMeta,
  requestedRevision,
  selectRevision,
  unsupportedRevision,
} from './envelope.ts';
import { calledTool, checkParamHeaders } from './param-headers.ts';
import type { Io, McpCallContext } from './handlers.ts';
import {
  INTERNAL_ERROR,
  isRecord,
  McpError,
  METHOD_NOT_FOUND,
  OPENWOP_ERROR,
  type JsonRpcRequest,
} from './jsonrpc.ts';
import type { NotificationStream } from './listen.ts';
import type { RequestScope } from './scope.ts';

export interface McpExchange {
  /** HTTP request headers; undefined on stdio (only `_meta` applies there). */
  headers?: IncomingHttpHeaders;
  authenticate(): Promise<Subject | undefined>;
  peerOrigin: string;
  scope: RequestScope;
  /** The transport's channel for notifications before the answer, when it has one. */
  stream?: NotificationStream;
}

export class McpDispatcher {
  constructor(
    private readonly ctx: HostContext,
    private readonly handlers: McpHandlers<McpCallContext, Io>,
  ) {}

  /** The result of one request; throws McpError (with its HTTP status) for every refusal. */
  async dispatch(msg: JsonRpcRequest, ex: McpExchange): Promise<unknown> {
    const { ctx } = this;
    const mcp = ctx.config.mcp;
    const { requested, legacy } = requestedRevision(msg, ex.headers);
    let subject: Subject | undefined;
    let recorded = false;
    const record = async (
      target: { runId?: string },
      decision: ReturnType<typeof selectRevision>,
    ) => {
      if (recorded) return;
      recorded = true;
      await recordDecision(
        ctx,
        target.runId
          ? { runId: target.runId, ...(subject && { subject }) }
          : subject
            ? { tenant: subject.tenant }
            : {},
        decisionPayload('mcp', decision, ex.peerOrigin, ctx.now()),
      );
    };

    // Rule 1: no MCP-Protocol-Version ⇒ ≤ 2025-03-26 (a legacy `initialize` too) ⇒ refused.
    if (legacy) {
      subject = await ex.authenticate();
      const decision = selectRevision(mcp, requested, subject !== undefined);
      await record({}, decision);
      if (decision.outcome === 'refused') throw unsupportedRevision(mcp, requested);
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
    const decision = selectRevision(mcp, requested, subject !== undefined);
    if (decision.outcome === 'refused') {
      await record({}, decision);
      throw unsupportedRevision(mcp, requested);
    }
    try {
      // Rule 4: declared capabilities.
      const capabilities = readCapabilities(msg);
      if (!isMcpMethod(msg.method))
        throw new McpError(METHOD_NOT_FOUND, `Method not found: ${msg.method}`);
      const entry = mcpMethods[msg.method];
      if (entry.extension !== null && !declaresExtension(capabilities, entry.extension)) {
        throw missingCapability({ extensions: { [entry.extension]: {} } }, entry.extension);
      }
      // A core method with extension parameters (`subscriptions/listen taskIds`): only using them
      // needs the extension.
      const gated = entry.extensionParams.find((p) => usesParam(msg.params, p));
      if (gated !== undefined && MCP_TASKS_EXTENSION !== null) {
        if (!declaresExtension(capabilities, MCP_TASKS_EXTENSION))
          throw missingCapability(
            { extensions: { [MCP_TASKS_EXTENSION]: {} } },
            `${MCP_TASKS_EXTENSION} (${gated})`,
          );
      }
      // Authentication at the OpenWOP boundary before a run starts, a resource is read or a prompt renders.
      if (entry.method !== 'server/discover' && !subject) {
        throw new McpError(
          OPENWOP_ERROR,
          'authentication required',
          { error: 'unauthenticated' },
          401,
        );
      }
      const callCtx: McpCallContext = {
        subject,
        envelope: { version: decision.version!, capabilities, ...readNotificationMeta(msg) },
        scope: ex.scope,
        bindRun: (runId) => record({ runId }, decision),
        ...(ex.stream && { stream: ex.stream }),
      };
      const handler = this.handlers[entry.key] as (
        p: unknown,
        c: McpCallContext,
      ) => Promise<unknown>;
      return await handler.call(this.handlers, msg.params ?? {}, callCtx);
    } catch (err) {
      throw this.toMcpError(err);
    } finally {
      await record({}, decision).catch((err: unknown) =>
        ctx.log.error({ err }, 'could not record negotiation.decided'),
      );
    }
  }

  toMcpError(err: unknown): McpError {
    if (err instanceof McpError) return err;
    if (err instanceof CoreError) {
      return new McpError(OPENWOP_ERROR, err.message, { error: err.code, ...(err.details ?? {}) });
    }
    this.ctx.log.error({ err }, 'MCP handler failure');
    return new McpError(INTERNAL_ERROR, 'internal error');
  }
}

/** Whether `params` carries `name`, at its top level or inside one of its object members. */
function usesParam(params: unknown, name: string): boolean {
  if (!isRecord(params)) return false;
  if (params[name] !== undefined) return true;
  return Object.values(params).some((v) => isRecord(v) && v[name] !== undefined);
}
