// Where initialize-era sessions live: the host's store, so any host of one deployment serves a
// session another host minted (streamable HTTP 2025-06-18 §Session Management). A narrow port of
// three calls, implemented here over the store's key-value pair (getKv/setKv); the store has no
// delete, so a deleted entry is an empty value, read back as absent.
import type { KeyValueStore } from '../../../ports/store/binding-state.ts';

/** JSON values under string keys; `delete` makes `get` answer undefined. */
export interface LegacySessionStore {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

export type KvStore = Pick<KeyValueStore, 'getKv' | 'setKv'>;

const PREFIX = 'mcp.legacy.';

export function kvSessionStore(kv: KvStore): LegacySessionStore {
  return {
    async get<T>(key: string): Promise<T | undefined> {
      const raw = await kv.getKv(PREFIX + key);
      return raw === undefined || raw === '' ? undefined : (JSON.parse(raw) as T);
    },
    put: (key, value) => kv.setKv(PREFIX + key, JSON.stringify(value)),
    delete: (key) => kv.setKv(PREFIX + key, ''),
  };
}
