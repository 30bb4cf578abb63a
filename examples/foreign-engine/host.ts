// The foreign engine's host: createHost (wopgen/runtime) composed from the in-memory engine
// (core.ts), in-memory host stores (stores.ts), the in-process change feed and an authenticator of
// the caller's choosing. Nothing here is the reference engine or the SQLite adapter: every part
// is written against the public ports, which is what makes the seam real.
import {
  createHost,
  defaultConfig,
  InProcessChangeFeed,
  type Authenticator,
  type Host,
  type Subject,
} from 'wopgen/runtime';
import { InMemoryCore } from './core.ts';
import { memoryHostStores } from './stores.ts';

export interface ForeignHost {
  host: Host;
  /** The engine, for a look at what the host handed it. */
  core: InMemoryCore;
}

/** API keys → tenants, one user per tenant: the smallest auth resolver that isolates tenants. */
export function keyAuthenticator(keys: Record<string, string>): Authenticator {
  return {
    async authenticate(header) {
      const key = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
      const tenant = key === undefined ? undefined : keys[key];
      if (tenant === undefined) return undefined;
      const subject: Subject = {
        issuer: 'urn:example:foreign-engine',
        subjectId: `${tenant}-user`,
        tenant,
        lane: 'api-key',
        kind: 'user',
      };
      return subject;
    },
  };
}

/** A host over the foreign engine; its base URL is taken from `listen` unless one is given. */
export async function createForeignHost(
  auth: Authenticator,
  baseUrl?: string,
): Promise<ForeignHost> {
  const core = new InMemoryCore();
  const host = await createHost({
    config: defaultConfig(baseUrl ?? 'http://127.0.0.1'),
    baseUrlFromListen: baseUrl === undefined,
    core,
    stores: memoryHostStores(),
    feed: new InProcessChangeFeed(),
    auth,
  });
  return { host, core };
}
