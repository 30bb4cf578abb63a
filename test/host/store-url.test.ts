// `--store` URLs (runtime/host/store-url.ts): which adapter each names, the password masked
// wherever the URL is shown, and a refusal naming both accepted forms.
import { describe, expect, it } from 'vitest';
import { openStore, redactStoreUrl, storeKind } from '../../runtime/host/store-url.ts';

describe('store URLs', () => {
  it('names the adapter by scheme', () => {
    expect(storeKind('sqlite:./data/x.db')).toBe('sqlite');
    expect(storeKind('sqlite::memory:')).toBe('sqlite');
    expect(storeKind('postgres://u@h:5432/db')).toBe('postgres');
    expect(storeKind('postgresql://u@h/db')).toBe('postgres');
    expect(storeKind('sqlite:')).toBeUndefined();
    expect(storeKind('mysql://u@h/db')).toBeUndefined();
    expect(storeKind('postgres://')).toBeUndefined();
  });

  it('masks a password and leaves everything else as given', () => {
    expect(redactStoreUrl('postgres://wop:s3cr3t@db:5432/wopgen')).toBe(
      'postgres://wop:***@db:5432/wopgen',
    );
    expect(redactStoreUrl('postgres://wop@db/wopgen')).toBe('postgres://wop@db/wopgen');
    expect(redactStoreUrl('sqlite:./a:b@c.db')).toBe('sqlite:./a:b@c.db');
  });

  it('refuses another scheme naming both forms, without the password', async () => {
    await expect(openStore('mysql://u:pw@h/db')).rejects.toThrow(
      'unsupported store "mysql://u:***@h/db" (expected sqlite:PATH or postgres://USER@HOST:PORT/DB)',
    );
  });
});
