// Embedding a wopgen host in one's own node:http server, under a path prefix: the service keeps
// its own routes (here GET /health), and everything under /openwop is the OpenWOP host (discovery,
// REST, A2A, MCP). The host's base URL carries the prefix, so every URL it advertises points back
// under it.
//   npx tsx examples/embed/node-http.ts [port]   (PORT, API_KEY from the environment)
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSqliteHost, defaultConfig, mountUnder } from 'wopgen/runtime';
import { apiKeyArgument, isMain, portArgument, type Embedded } from './embedded.ts';

export const PREFIX = '/openwop';

/** The service's own routes: anything the host does not own. */
function service(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not here"}');
}

export async function startNodeHttp(port: number, apiKey: string): Promise<Embedded> {
  const host = await createSqliteHost({
    config: defaultConfig(`http://127.0.0.1${PREFIX}`),
    store: 'sqlite::memory:',
    apiKeys: [{ key: apiKey, tenant: 'demo' }],
  });
  const server = createServer(mountUnder(PREFIX, host.handler, service));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Only now is the port known: the advertised URLs are rebuilt from it.
  host.setBaseUrl(`${origin}${PREFIX}`);
  return {
    origin,
    url: `${origin}${PREFIX}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await host.close();
    },
  };
}

if (isMain(import.meta.url)) {
  const { key, minted } = apiKeyArgument();
  const started = await startNodeHttp(portArgument(), key);
  process.stdout.write(`service on ${started.origin}, OpenWOP host at ${started.url}\n`);
  if (minted) process.stdout.write(`  API key (tenant demo): ${key}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void started.close().then(() => process.exit(0)));
}
