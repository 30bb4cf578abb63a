// The store contract suite against the PostgreSQL adapter: a new database per test, opened by a
// second pool for the "second host" cases — two hosts on one database, as in production. Skipped
// (with the reason) when WOPGEN_TEST_POSTGRES is unset; .ci/run sets it.
import { openPostgresStores } from '../../runtime/adapters/store/postgres/index.ts';
import type { Stores } from '../../runtime/ports/store/index.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';
import { hostStateContract } from './host-state.contract.ts';
import { pushStoreContract } from './push-store.contract.ts';
import { runStoreContract } from './run-store.contract.ts';
import type { StoreUnderTest } from './store-under-test.ts';

const postgres: StoreUnderTest = {
  name: 'postgres',
  sharedByHosts: true,
  async fresh() {
    const database = await freshDatabase();
    const opened: Stores[] = [await openPostgresStores(database.url)];
    return {
      stores: opened[0]!,
      async again() {
        const s = await openPostgresStores(database.url);
        opened.push(s);
        return s;
      },
      async drop() {
        for (const s of opened) await s.close();
        await database.drop();
      },
    };
  },
};

describeIf(POSTGRES)('store contract (postgres)', () => {
  runStoreContract(postgres);
  hostStateContract(postgres);
  pushStoreContract(postgres);
});
