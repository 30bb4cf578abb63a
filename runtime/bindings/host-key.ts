// A host-wide HMAC key of the bindings, made once and kept in the store, so every host of a
// deployment (one PostgreSQL database) computes the same MACs: per-agent routing values
// (agent-inventory.ts) and A2A ListTasks page tokens (a2a/page-token.ts), each under a key of its own.
import { randomBytes } from 'node:crypto';
import type { HostContext } from '../context.ts';

const keys = new WeakMap<HostContext, Map<string, Promise<Buffer>>>();

/** The key stored under `name`, made on first use. */
export function hostKey(ctx: HostContext, name: string): Promise<Buffer> {
  let mine = keys.get(ctx);
  if (!mine) {
    mine = new Map();
    keys.set(ctx, mine);
  }
  let key = mine.get(name);
  if (!key) {
    key = ctx.state.kv
      .setKvIfAbsent(name, randomBytes(32).toString('base64url'))
      .then((v) => Buffer.from(v, 'base64url'));
    mine.set(name, key);
  }
  return key;
}
