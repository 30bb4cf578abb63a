// Key derivation: an operator key's subject id was `key-` + 16 hex of its unsalted SHA-256,
// and the key table held that SHA-256: both offline oracles for a weak key. With the host's pepper
// both are keyed (HMAC-SHA256), stable across restarts of the store, and records written before the
// pepper still authenticate.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyStore, hashKey } from '../../runtime/auth/api-keys.ts';
import { fixture, type Fixture } from '../runtime/helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});

const WEAK = 'password12345678';
const sha = (s: string) => createHash('sha256').update(s).digest();

describe('API key derivation with a host pepper', () => {
  it('neither the subject id nor the stored hash is the unsalted SHA-256 of the key', async () => {
    f = await fixture();
    const pepper = Buffer.alloc(32, 7);
    const keys = new ApiKeyStore(f.store.apiKeys, pepper);
    const subject = await keys.registerKey(WEAK, 'acme');
    expect(subject.subjectId).toMatch(/^key-[0-9a-f]{16}$/);
    expect(subject.subjectId).not.toBe(`key-${sha(WEAK).toString('hex').slice(0, 16)}`);
    const rows = f.store.db.prepare('SELECT key_hash FROM api_keys').all() as {
      key_hash: Buffer;
    }[];
    expect(rows.map((r) => r.key_hash.equals(sha(WEAK)))).toEqual([false]);
    expect(rows[0]!.key_hash.equals(hashKey(WEAK, pepper))).toBe(true);
    // Same key, same pepper: the same principal (a restart); another pepper: another id.
    expect(await new ApiKeyStore(f.store.apiKeys, pepper).registerKey(WEAK, 'acme')).toEqual(
      subject,
    );
    expect(await keys.authenticate(`Bearer ${WEAK}`)).toEqual(subject);
    const other = await new ApiKeyStore(f.store.apiKeys, Buffer.alloc(32, 8)).registerKey(
      `${WEAK}x`,
      'acme',
    );
    expect(other.subjectId).not.toBe(subject.subjectId);
  });

  it('a key recorded before the pepper existed still authenticates as its principal', async () => {
    f = await fixture();
    const before = await new ApiKeyStore(f.store.apiKeys).registerKey(WEAK, 'acme');
    const after = new ApiKeyStore(f.store.apiKeys, Buffer.alloc(32, 9));
    expect(await after.authenticate(`Bearer ${WEAK}`)).toEqual(before);
    expect(await after.registerKey(WEAK, 'acme')).toEqual(before);
    await expect(after.registerKey(WEAK, 'other')).rejects.toThrow(/another tenant/);
  });
});
