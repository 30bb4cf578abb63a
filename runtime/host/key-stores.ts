// The store parts `wopgen keys` works on, opened from the URL `wopgen serve` takes (store-url.ts),
// without what a serving host adds (no change feed, no run leases, no engine). Migrations run as
// on a host's start, so keys can be minted before the first `wopgen serve`.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { openPostgresStores } from '../adapters/store/postgres/index.ts';
import { openSqliteStores } from '../adapters/store/sqlite/index.ts';
import type { KeyStores } from '../auth/host-keys.ts';
import { redactStoreUrl, storeKind, STORE_FORMS } from './store-url.ts';

export interface OpenedKeyStores extends KeyStores {
  close(): Promise<void>;
}

export interface KeyStoreOptions {
  /** The operator's key-encryption key (WOPGEN_MCP_STATE_KEK): a store sealed with one needs it. */
  kek?: string;
  /** Refuse a SQLite file that does not exist yet, instead of creating it (a mistyped path). */
  mustExist?: boolean;
}

export async function openKeyStores(
  url: string,
  options: KeyStoreOptions = {},
): Promise<OpenedKeyStores> {
  const kek = options.kek !== undefined ? { kek: options.kek } : {};
  const kind = storeKind(url);
  if (kind === 'sqlite') {
    const file = url.slice('sqlite:'.length);
    if (options.mustExist && file !== ':memory:' && !existsSync(file))
      throw new Error(`${resolve(file)} does not exist (give the --store that wopgen serve uses)`);
    // Beside a running `wopgen serve`: key rows are plain writes SQLite serialises (busy timeout);
    // the one-process rule guards the engine's runs and events, which this opener never touches.
    return openSqliteStores(file, { ...kek, processLock: false });
  }
  if (kind === 'postgres') return openPostgresStores(url, kek);
  throw new Error(`unsupported store "${redactStoreUrl(url)}" (expected ${STORE_FORMS})`);
}
