// Peer (c): the @modelcontextprotocol/server 2.x McpServer with one echo tool, served per request
// by its createMcpHandler (2026-07-28, stateless) behind @modelcontextprotocol/node's
// toNodeHandler on node:http, as the SDK documents the mount. Listens on PORT.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';

const echoInput = fromJsonSchema<{ text: string }>({
  type: 'object',
  required: ['text'],
  properties: { text: { type: 'string' } },
  additionalProperties: false,
});

function makeServer(): McpServer {
  const server = new McpServer({ name: 'bench-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Answers with the text it was given.', inputSchema: echoInput },
    async ({ text }) => ({ content: [{ type: 'text', text }], structuredContent: { text } }),
  );
  return server;
}

const handler = toNodeHandler(createMcpHandler(makeServer));
createServer((req, res) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  void handler(req, res);
}).listen(Number(process.env['PORT']), '127.0.0.1');
