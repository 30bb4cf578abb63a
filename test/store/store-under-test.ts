// What the contract suite needs of an adapter: a fresh, empty database (`fresh`), and a second
// opener of that same database (`again`: a second host on one store). Each adapter's test file
// (sqlite.test.ts, postgres.test.ts) provides one; the contracts never read a table directly.
import type { Stores } from '../../runtime/ports/store/index.ts';

export interface StoreUnderTest {
  name: string;
  /** Whether two openers of one database may run in parallel (several hosts). */
  sharedByHosts: boolean;
  fresh(): Promise<Database>;
}

export interface Database {
  stores: Stores;
  /** Opens the same database again (another host's stores); closed by `drop`. */
  again(): Promise<Stores>;
  /** Closes every opener and removes the database. */
  drop(): Promise<void>;
}
