// Starts a real reference host on an ephemeral port over a temporary SQLite file, with two API keys
// in different tenants (`acme`, `other`), for end-to-end tests that talk HTTP to it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type HostConfig } from '../../runtime/config.ts';
import { createHost, type Host } from '../../runtime/host.ts';

export interface TestHost {
  host: Host;
  url: string;
  /** Bearer key of tenant `acme`. */
  key: string;
  /** Bearer key of tenant `other`. */
  otherKey: string;
  close(): Promise<void>;
}

export async function startHost(
  configure: (config: HostConfig) => void = () => undefined,
): Promise<TestHost> {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-host-'));
  const config = defaultConfig('http://127.0.0.1');
  configure(config);
  const key = 'test-key-acme-0123456789';
  const otherKey = 'test-key-other-0123456789';
  const host = await createHost({
    config,
    baseUrlFromListen: true,
    store: `sqlite:${join(dir, 'host.db')}`,
    apiKeys: [
      { key, tenant: 'acme' },
      { key: otherKey, tenant: 'other' },
    ],
  });
  const url = await host.listen(0);
  return {
    host,
    url,
    key,
    otherKey,
    async close() {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
