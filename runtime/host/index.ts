// The host: the composition root (createHost, from any RunCore and store ports) and the SQLite
// reference host `wopgen serve` runs (createSqliteHost).
export {
  createHost,
  type BindingFactory,
  type Host,
  type HostParts,
  type HostStores,
} from './create-host.ts';
export { createSqliteHost, type SqliteHost, type SqliteHostOptions } from './sqlite.ts';
