import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyStore, hashKey } from '../../runtime/auth/api-keys.ts';
import { fixture, type Fixture } from './helpers.ts';

let f: Fixture | undefined;
afterEach(async () => {
  await f?.cleanup();
  f = undefined;
});

describe('api keys', () => {
  it('authenticates Bearer keys and stores only their hash', async () => {
    f = await fixture();
    const keys = new ApiKeyStore(f.store.apiKeys);
    const { key, subject } = await keys.mintKey('acme', { subjectId: 'alice' });
    expect(key).toMatch(/^wop_[A-Za-z0-9_-]{43}$/);
    expect(subject).toEqual({
      issuer: 'urn:wopgen:api-key',
      subjectId: 'alice',
      tenant: 'acme',
      lane: 'api-key',
      kind: 'user',
    });
    expect(await keys.authenticate(`Bearer ${key}`)).toEqual(subject);
    expect(await keys.authenticate(`bearer ${key}`)).toEqual(subject);
    expect(await keys.authenticate(key)).toBeUndefined();
    expect(await keys.authenticate(`Bearer ${key}x`)).toBeUndefined();
    expect(await keys.authenticate(`Basic ${key}`)).toBeUndefined();
    expect(await keys.authenticate(undefined)).toBeUndefined();

    const rows = f.store.db.prepare('SELECT key_hash FROM api_keys').all() as {
      key_hash: Buffer;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key_hash.equals(hashKey(key))).toBe(true);
    // The raw key appears nowhere in the database file (WAL checkpointed first).
    f.store.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(f.file).includes(Buffer.from(key))).toBe(false);
    expect(readFileSync(f.file).includes(Buffer.from(key.slice(4)))).toBe(false);
  });

  it('keys of two tenants yield their own tenant only', async () => {
    f = await fixture();
    const keys = new ApiKeyStore(f.store.apiKeys);
    const a = await keys.mintKey('acme');
    const b = await keys.mintKey('globex');
    expect((await keys.authenticate(`Bearer ${a.key}`))?.tenant).toBe('acme');
    expect((await keys.authenticate(`Bearer ${b.key}`))?.tenant).toBe('globex');
    await expect(keys.mintKey('anon:x')).rejects.toThrow();
  });
});
