// Embedding a wopgen host in a Hono application served by @hono/node-server: a router of the
// framework hands every request under /openwop to the host's node:http listener, untouched (the
// host reads the body itself and answers with its own protocol errors), and tells Hono the
// response is already sent. With express the same is `app.use(PREFIX, host.handler)` (express
// takes the prefix off `req.url` itself).
//   npx tsx examples/embed/hono.ts [port]   (PORT, API_KEY from the environment)
import { serve, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { createSqliteHost, defaultConfig, mountUnder } from 'wopgen/runtime';
import { apiKeyArgument, isMain, portArgument, type Embedded } from './embedded.ts';

export const PREFIX = '/openwop';

export async function startHono(port: number, apiKey: string): Promise<Embedded> {
  const host = await createSqliteHost({
    config: defaultConfig(`http://127.0.0.1${PREFIX}`),
    store: 'sqlite::memory:',
    apiKeys: [{ key: apiKey, tenant: 'demo' }],
  });
  // mountUnder takes the prefix off req.url; the fallback never runs under these two routes.
  const toHost = mountUnder(PREFIX, host.handler, (_req, res) => res.writeHead(404).end());
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.get('/health', (c) => c.json({ ok: true }));
  const forward = (c: { env: HttpBindings }) => {
    toHost(c.env.incoming, c.env.outgoing);
    return RESPONSE_ALREADY_SENT;
  };
  app.all(PREFIX, forward);
  app.all(`${PREFIX}/*`, forward);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
  const started = await startHono(portArgument(), key);
  process.stdout.write(`Hono app on ${started.origin}, OpenWOP host at ${started.url}\n`);
  if (minted) process.stdout.write(`  API key (tenant demo): ${key}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void started.close().then(() => process.exit(0)));
}
