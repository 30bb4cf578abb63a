// A running reference host for REST tests: temp SQLite file, two tenants' keys, base URL from
// the port it binds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultConfig, type HostConfig } from '../../runtime/config.ts';
import { createHost, type Host } from '../../runtime/host.ts';

export const KEYS = { acme: 'test-key-acme-0123456789', other: 'test-key-other-0123456789' };

export interface RunningHost {
  host: Host;
  url: string;
  dir: string;
  store: string;
  /** fetch with the tenant's bearer key. */
  call(tenant: keyof typeof KEYS, path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function startHost(
  opts: { dir?: string; config?: (c: HostConfig) => void } = {},
): Promise<RunningHost> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'wopgen-host-'));
  const store = `sqlite:${join(dir, 'host.db')}`;
  const config = defaultConfig('http://127.0.0.1');
  opts.config?.(config);
  const host = await createHost({
    config,
    baseUrlFromListen: true,
    store,
    apiKeys: [
      { key: KEYS.acme, tenant: 'acme' },
      { key: KEYS.other, tenant: 'other' },
    ],
  });
  const url = await host.listen(0);
  return {
    host,
    url,
    dir,
    store,
    call(tenant, path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${KEYS[tenant]}`);
      if (init.body && !headers.has('content-type'))
        headers.set('content-type', 'application/json');
      return fetch(url + path, { ...init, headers });
    },
    async stop() {
      await host.close();
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
