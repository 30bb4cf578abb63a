// A server of the official MCP SDK (@modelcontextprotocol/server 2.x, stateless 2026-07-28 through
// createMcpHandler on node:http, as the SDK documents the mount), the peer the generated MCP client
// and the outbound workflow steps are tested against. Tools: `echo` answers its text, `confirm`
// asks one round of input (multi-round input, 2026-07-28) before answering, `slow` works until its
// request is cancelled. Every call's `_meta` and headers are kept (`seen`), so a test can check
// what a client sent (trace context, revision envelope, Mcp-Method).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  acceptedContent,
  createMcpHandler,
  fromJsonSchema,
  inputRequired,
  McpServer,
} from '@modelcontextprotocol/server';

export interface SeenCall {
  tool: string;
  meta: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export interface SdkMcpServer {
  url: string;
  seen: SeenCall[];
  /** Tool names whose call was cancelled (the request's signal aborted). */
  cancelled: string[];
  close(): Promise<void>;
}

const textInput = fromJsonSchema<{ text: string }>({
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string' } },
  additionalProperties: false,
});

export async function startSdkMcpServer(): Promise<SdkMcpServer> {
  const seen: SeenCall[] = [];
  const cancelled: string[] = [];
  let headers: IncomingHttpHeaders = {};
  const keep = (tool: string, meta: unknown) =>
    seen.push({ tool, meta: { ...(meta as Record<string, unknown>) }, headers });
  const makeServer = (): McpServer => {
    const server = new McpServer({ name: 'sdk-peer', version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Answers with the text it was given.', inputSchema: textInput },
      async ({ text }, ctx) => {
        keep('echo', ctx.mcpReq._meta);
        return { content: [{ type: 'text', text }], structuredContent: { text } };
      },
    );
    server.registerTool(
      'confirm',
      { description: 'Asks for a confirmation, then answers.', inputSchema: textInput },
      async ({ text }, ctx) => {
        keep('confirm', ctx.mcpReq._meta);
        const answer = acceptedContent(ctx.mcpReq.inputResponses, 'confirm');
        if (answer === undefined)
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                message: `Confirm ${text}?`,
                requestedSchema: {
                  type: 'object',
                  properties: { ok: { type: 'boolean' } },
                  required: ['ok'],
                },
              }),
            },
          });
        return {
          content: [{ type: 'text', text: `${text}: ${answer['ok'] === true ? 'yes' : 'no'}` }],
          structuredContent: { text, ok: answer['ok'] === true },
        };
      },
    );
    server.registerTool(
      'slow',
      { description: 'Works until cancelled.', inputSchema: textInput },
      (_args, ctx) => {
        keep('slow', ctx.mcpReq._meta);
        return new Promise((_resolve, reject) => {
          ctx.mcpReq.signal.addEventListener('abort', () => {
            cancelled.push('slow');
            reject(new Error('cancelled'));
          });
        });
      },
    );
    return server;
  };
  const handler = toNodeHandler(createMcpHandler(makeServer));
  const server: Server = createServer((req, res) => {
    if (req.url !== '/mcp') return void res.writeHead(404).end();
    headers = req.headers;
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    cancelled,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
