// A host implementer's program against the installed package, type-checked by the package test
// with tsc (module nodenext, strict): the public names and their types as a consumer sees them.
import { createServer } from 'node:http';
import {
  createHost,
  createRunCore,
  defaultConfig,
  InProcessChangeFeed,
  mountUnder,
  openPostgres,
  openStoreUrl,
  referencePack,
  type Authenticator,
  type ChangeFeed,
  type Host,
  type HostConfig,
  type HostParts,
  type PostgresOptions,
  type PostgresParts,
  type RunLeases,
  type RunCore,
  type RunStore,
  type Subject,
} from 'wopgen/runtime';

const subject: Subject = {
  issuer: 'urn:example',
  subjectId: 'alice',
  tenant: 'acme',
  lane: 'api-key',
  kind: 'user',
};
const auth: Authenticator = {
  authenticate: async (header) => (header === 'Bearer secret' ? subject : undefined),
};

/** An engine is anything implementing the port; here the reference one. */
export async function engine(runs: RunStore, feed: ChangeFeed): Promise<RunCore> {
  return createRunCore({ runs, feed, workflows: referencePack() });
}

export async function start(): Promise<Host> {
  const stores = openStoreUrl('sqlite::memory:');
  const feed = new InProcessChangeFeed();
  const config: HostConfig = defaultConfig('http://127.0.0.1:3000/openwop');
  const parts: HostParts = { config, core: await engine(stores.runs, feed), stores, feed, auth };
  const host = await createHost(parts);
  createServer(mountUnder('/openwop', host.handler, (_req, res) => res.end())).listen(3000);
  return host;
}

/** Several hosts on one PostgreSQL database: the adapter's stores, change feed and run leases. */
export async function startOnPostgres(url: string): Promise<Host> {
  const options: PostgresOptions = {
    url,
    leaseTtlMs: 10_000,
    onError: (err) => console.error(err),
  };
  const { stores, feed, leases }: PostgresParts = await openPostgres(options);
  const spanning: RunLeases = leases;
  const core = await createRunCore({
    runs: stores.runs,
    feed,
    leases: spanning,
    workflows: referencePack(),
  });
  return createHost({ config: defaultConfig('http://127.0.0.1:3001'), core, stores, feed, auth });
}
