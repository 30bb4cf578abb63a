// The MCP server mount over stdio (`wopgen serve --stdio`): newline-delimited JSON-RPC on
// stdin/stdout through the same dispatcher as streamable HTTP (logs go to stderr). The session is
// authenticated once, by the key given at start. `notifications/cancelled {requestId}` arriving
// before that request's answer abandons it, which cancels the run it drives with reason
// `mcp-request-cancelled` (interop.md §MCP tasks and cancellation); the abandoned request gets no
// answer (a `subscriptions/listen` named so ends its stream: listen.ts). The host never sends
// `notifications/cancelled` itself. When stdin ends, requests still in
// flight are abandoned the same way. A client that opens with `initialize` (the 2025 lifecycle, as
// desktop clients do) is served by legacy/stdio.ts; a request naming no revision at all, before
// any `initialize`, is refused for its missing `_meta` protocolVersion (-32602), never told a
// revision it did not name.
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../util/json-depth.ts';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Subject } from '../../ports/auth.ts';
import type { HostContext } from '../../context.ts';
import { MCP_META_PROTOCOL_VERSION } from '@wopgen/generated/mcp/methods';
import type { McpDispatcher } from './dispatch.ts';
import {
  errorResponse,
  INVALID_PARAMS,
  isRecord,
  McpError,
  PARSE_ERROR,
  parseFrame,
  resultResponse,
  type JsonRpcId,
  type JsonRpcResponse,
} from './jsonrpc.ts';
import { isClientReply } from './legacy/elicitation.ts';
import type { LegacyRequests } from './legacy/requests.ts';
import { namesRevision, StdioLegacy } from './legacy/stdio.ts';
import { RequestScope } from './scope.ts';

export interface StdioOptions {
  input: Readable;
  output: Writable;
  /** The Subject of the key given at start. */
  subject: Subject;
  /** Initialize-era requests (McpServer.legacy); without it, `initialize` is refused. */
  legacy?: LegacyRequests;
}

function missingRevision(): McpError {
  return new McpError(
    INVALID_PARAMS,
    `_meta["${MCP_META_PROTOCOL_VERSION}"] is required on every request`,
    { missing: MCP_META_PROTOCOL_VERSION },
  );
}

export async function serveStdio(
  ctx: HostContext,
  dispatcher: McpDispatcher,
  options: StdioOptions,
): Promise<void> {
  const inflight = new Map<JsonRpcId, RequestScope>();
  const pending = new Set<Promise<void>>();
  const send = (msg: JsonRpcResponse) => {
    options.output.write(JSON.stringify(msg) + '\n');
  };
  const legacy =
    options.legacy &&
    new StdioLegacy(ctx, options.legacy, options.subject, (m) =>
      options.output.write(JSON.stringify(m) + '\n'),
    );

  const handleLine = async (line: string): Promise<void> => {
    if (line.trim() === '') return;
    if (jsonNestsDeeperThan(line)) {
      const message = `Parse error: the message nests deeper than ${MAX_JSON_DEPTH} levels`;
      send(errorResponse(null, new McpError(PARSE_ERROR, message)));
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (err) {
      send(
        errorResponse(null, new McpError(PARSE_ERROR, `Parse error: ${(err as Error).message}`)),
      );
      return;
    }
    if (legacy && isClientReply(value)) return legacy.deliver(value);
    let msg;
    try {
      msg = parseFrame(value);
    } catch (err) {
      const id =
        isRecord(value) && (typeof value.id === 'string' || typeof value.id === 'number')
          ? value.id
          : null;
      send(errorResponse(id, err as McpError));
      return;
    }
    if (msg.id === undefined) {
      if (msg.method === 'notifications/cancelled') {
        const requestId = msg.params?.requestId;
        const scope = inflight.get(requestId as JsonRpcId);
        if (scope) await scope.abandon();
      }
      return; // other notifications need no answer
    }
    const id = msg.id;
    const scope = new RequestScope(ctx.core, (err) =>
      ctx.log.error({ err }, 'MCP cancellation failed'),
    );
    inflight.set(id, scope);
    let response: JsonRpcResponse;
    try {
      let result: unknown;
      if (legacy?.claims(msg)) result = await legacy.serve(msg, scope);
      else if (!namesRevision(msg)) throw missingRevision();
      else
        result = await dispatcher.dispatch(msg, {
          authenticate: async () => options.subject,
          peerOrigin: 'stdio://local',
          signal: () => scope.signal,
          noteTrace: () => undefined, // stdio keeps no request log
          scope,
          stream: {
            id,
            send(method, params) {
              if (!scope.abandoned)
                options.output.write(JSON.stringify({ jsonrpc: '2.0', method, params }) + '\n');
            },
          },
        });
      response = resultResponse(id, result);
    } catch (err) {
      response = errorResponse(id, dispatcher.toMcpError(err));
    }
    inflight.delete(id);
    if (scope.abandoned) return;
    send(response);
    scope.complete();
  };

  const lines = createInterface({ input: options.input, crlfDelay: Infinity });
  for await (const line of lines) {
    const p = handleLine(line).catch((err: unknown) =>
      ctx.log.error({ err }, 'stdio request failed'),
    );
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }
  await Promise.all([...inflight.values()].map((s) => s.abandon()));
  await Promise.all(pending);
}
