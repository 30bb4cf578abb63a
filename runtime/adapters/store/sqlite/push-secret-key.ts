// The push data key of a SQLite store (push-secrets.ts): created in clear on first open, read on
// every open, and sealed in place by sealSqlitePushKey once the host has checked the KEK.
// Synchronous, like the store's opening: the migration that seals older rows needs it inside its
// transaction.
import type Database from 'better-sqlite3';
import {
  dataKeySeal,
  freshDataKey,
  PUSH_DATA_KEY_KV,
  pushSecretBox,
  type PushSecretBox,
} from '../push-secrets.ts';

const stored = (db: Database.Database): string =>
  (db.prepare('SELECT v FROM kv WHERE k = ?').get(PUSH_DATA_KEY_KV) as { v: string }).v;

/** Throws SealedKeyError when the stored key is sealed and `kek` does not open it. */
export function sqlitePushSecrets(db: Database.Database, kek: string | undefined): PushSecretBox {
  db.prepare('INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT (k) DO NOTHING').run(
    PUSH_DATA_KEY_KV,
    freshDataKey(),
  );
  return pushSecretBox(dataKeySeal(kek).open(stored(db)));
}

/** Seals a data key stored in clear under `kek` (nothing without one, or when sealed already). */
export function sealSqlitePushKey(db: Database.Database, kek: string | undefined): void {
  const { reseal } = dataKeySeal(kek).keep(stored(db));
  if (reseal !== undefined)
    db.prepare('UPDATE kv SET v = ? WHERE k = ?').run(reseal, PUSH_DATA_KEY_KV);
}
