// Serves the foreign-engine host: `npx tsx examples/foreign-engine/server.ts [port]`. The API key
// comes from API_KEY (tenant `demo`); with none, one is made and printed.
import { randomBytes } from 'node:crypto';
import { isMain } from '../embed/embedded.ts';
import { createForeignHost, keyAuthenticator } from './host.ts';

if (isMain(import.meta.url)) {
  const key = process.env['API_KEY'] ?? `wop_${randomBytes(24).toString('base64url')}`;
  const { host } = await createForeignHost(keyAuthenticator({ [key]: 'demo' }));
  const url = await host.listen(Number(process.argv[2] ?? 8080));
  process.stdout.write(`foreign-engine host at ${url} (API key for tenant demo: ${key})\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void host.close().then(() => process.exit(0)));
}
