// The store ports a host is composed from, one per concern. An adapter (SQLite today) provides all
// of them over one database; `close` releases it.
import type { ApiKeyAdmin } from './api-key-store.ts';
import type { KeyValueStore, TokenStore } from './binding-state.ts';
import type { HostEventStore } from './host-event-store.ts';
import type { PushStore } from './push-store.ts';
import type { RunStore } from './run-store.ts';

export type * from './api-key-store.ts';
export type * from './binding-state.ts';
export type * from './host-event-store.ts';
export type * from './push-store.ts';
export type * from './run-store.ts';

export interface Stores {
  runs: RunStore;
  hostEvents: HostEventStore;
  apiKeys: ApiKeyAdmin;
  tokens: TokenStore;
  kv: KeyValueStore;
  push: PushStore;
  close(): Promise<void>;
}
