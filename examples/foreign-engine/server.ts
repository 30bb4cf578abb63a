// Serves the foreign-engine host: `npx tsx examples/foreign-engine/server.ts [port]` (else PORT,
// else 8080; 0 picks a free one). The API key comes from API_KEY (tenant `demo`); with none, one
// is made and printed. This file is only ever run: what a test imports is host.ts.
import { randomBytes } from 'node:crypto';
import { createForeignHost, keyAuthenticator } from './host.ts';

const key = process.env['API_KEY'] ?? `wop_${randomBytes(24).toString('base64url')}`;
const { host } = await createForeignHost(keyAuthenticator({ [key]: 'demo' }));
const url = await host.listen(Number(process.argv[2] ?? process.env['PORT'] ?? 8080));
process.stdout.write(`foreign-engine host at ${url} (API key for tenant demo: ${key})\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void host.close().then(() => process.exit(0)));
