// A running reference host for end-to-end tests: a temporary SQLite file, API keys for two
// tenants (`acme`, `other`), and the base URL of the port it binds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { defaultConfig, type HostConfig } from '../../runtime/config.ts';
import type { WorkflowRegistry } from '../../runtime/core/reference/workflows/index.ts';
import { createSqliteHost, type SqliteHost as Host } from '../../runtime/host/index.ts';
import type { McpCatalogue } from '../../runtime/bindings/mcp/catalogue/catalogue.ts';
import type { HostContract } from '../../runtime/contract/served.ts';
import type { SuppliedHandlers } from '../../runtime/contract/supplied.ts';
import type { PgTimeouts } from '../../runtime/host/postgres.ts';

export const KEYS = { acme: 'test-key-acme-0123456789', other: 'test-key-other-0123456789' };

export interface RunningHost {
  host: Host;
  url: string;
  dir: string;
  store: string;
  /** Bearer keys of tenants `acme` and `other`. */
  key: string;
  otherKey: string;
  /** fetch with the tenant's bearer key. */
  call(tenant: keyof typeof KEYS, path: string, init?: RequestInit): Promise<Response>;
  /** Stops the host and keeps its directory (for restart tests). */
  stop(): Promise<void>;
  /** Stops the host and removes its directory. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** Reuse a directory (and so its database) from an earlier host. */
  dir?: string;
  config?: (c: HostConfig) => void;
  workflows?: WorkflowRegistry;
  /** The MCP prompt and resource catalogue (empty when absent). */
  catalogue?: McpCatalogue;
  now?: () => Date;
  /** Another store than the directory's SQLite file (a postgres:// URL: several hosts on one). */
  store?: string;
  leaseTtlMs?: number;
  /** PostgreSQL: connect, acquire and statement timeouts. */
  storeTimeouts?: Partial<PgTimeouts>;
  logger?: Logger;
  /** Another contract than wopgen's own (a package generated from an edited spec). */
  contract?: HostContract;
  /** Handlers for the members that contract adds, by protocol. */
  handlers?: Partial<SuppliedHandlers>;
}

export async function startHost(opts: StartOptions = {}): Promise<RunningHost> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'wopgen-host-'));
  const store = opts.store ?? `sqlite:${join(dir, 'host.db')}`;
  const config = defaultConfig('http://127.0.0.1');
  opts.config?.(config);
  const host = await createSqliteHost<HostContract>({
    ...(opts.contract && { contract: opts.contract }),
    ...(opts.handlers && { handlers: opts.handlers }),
    config,
    baseUrlFromListen: true,
    store,
    apiKeys: [
      { key: KEYS.acme, tenant: 'acme' },
      { key: KEYS.other, tenant: 'other' },
    ],
    ...(opts.workflows ? { workflows: opts.workflows } : {}),
    ...(opts.catalogue ? { catalogue: opts.catalogue } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.leaseTtlMs !== undefined ? { leaseTtlMs: opts.leaseTtlMs } : {}),
    ...(opts.storeTimeouts ? { storeTimeouts: opts.storeTimeouts } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const url = await host.listen(0);
  return {
    host,
    url,
    dir,
    store,
    key: KEYS.acme,
    otherKey: KEYS.other,
    call(tenant, path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${KEYS[tenant]}`);
      if (init.body && !headers.has('content-type'))
        headers.set('content-type', 'application/json');
      return fetch(url + path, { ...init, headers });
    },
    stop: () => host.close(),
    async close() {
      await host.close();
      removeDir(dir);
    },
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
