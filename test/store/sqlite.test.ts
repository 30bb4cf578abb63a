// The store contract suite against the SQLite adapter: a temporary file per test, opened twice for
// the "second host" cases (better-sqlite3 transactions are synchronous, so two openers in one
// process interleave only between transactions, which is what the contracts need).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import type { Stores } from '../../runtime/ports/store/index.ts';
import { hostStateContract } from './host-state.contract.ts';
import { pushStoreContract } from './push-store.contract.ts';
import { runStoreContract } from './run-store.contract.ts';
import type { StoreUnderTest } from './store-under-test.ts';

const sqlite: StoreUnderTest = {
  name: 'sqlite',
  sharedByHosts: true,
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'wopgen-contract-'));
    const file = join(dir, 'store.db');
    const opened: Stores[] = [openSqliteStores(file)];
    return {
      stores: opened[0]!,
      async again() {
        const s = openSqliteStores(file);
        opened.push(s);
        return s;
      },
      async drop() {
        for (const s of opened) await s.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

runStoreContract(sqlite);
hostStateContract(sqlite);
pushStoreContract(sqlite);
