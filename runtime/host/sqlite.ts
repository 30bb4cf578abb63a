// The reference host as `wopgen serve` runs it: the reference engine and workflow pack over the
// store its URL names (store-url.ts), with API-key authentication. On SQLite (the default) one
// database serves one host process; on PostgreSQL any number of hosts share one database, with
// the change feed and the run leases spanning them.
import { outboundDeps } from '../adapters/outbound/deps.ts';
import { pino } from 'pino';
import type { ApiKeyStore } from '../auth/api-keys.ts';
import { hostApiKeys, seedApiKeys } from '../auth/host-keys.ts';
import { createRunCore, referencePack, type WorkflowRegistry } from '../core/reference/index.ts';
import type { RunCore } from '../ports/run-core.ts';
import type { HostContract } from '../contract/served.ts';
import type { wopgenContract } from '../contract/default.ts';
import { createHost, type ContractParts, type Host, type HostParts } from './create-host.ts';
import { referenceEngineSeams } from './effect-seams.ts';
import { openStore } from './store-url.ts';
import { isStoreUnavailable } from '../ports/errors.ts';
import type { PgTimeouts } from '../adapters/store/postgres/timeouts.ts';

export interface SqliteHostOptions extends Omit<
  HostParts,
  'core' | 'stores' | 'feed' | 'auth' | 'fixtures' | 'onClose'
> {
  /** `sqlite:<path>`, `sqlite::memory:` or `postgres://…` (store-url.ts). */
  store: string;
  /** PostgreSQL: how long a dead host's live runs wait before another host takes them over. */
  leaseTtlMs?: number;
  /** PostgreSQL: connect, acquire and statement timeouts (adapters/store/postgres/pool.ts). */
  storeTimeouts?: Partial<PgTimeouts>;
  /** Operator keys; when none is given, the first start of a store holding none mints one for `demo`. */
  apiKeys?: { key: string; tenant: string }[];
  /** The workflows the reference engine serves (the reference pack by default). */
  workflows?: WorkflowRegistry;
}

export interface SqliteHost extends Host {
  /** The host's API keys (verify or mint a key for tests and `--stdio`). */
  readonly keys: ApiKeyStore;
  /** The key minted on first start, if any: shown once, stored only as a hash. */
  readonly mintedKey?: { key: string; tenant: string };
}

export async function createSqliteHost<C extends HostContract = typeof wopgenContract>(
  options: SqliteHostOptions & ContractParts<C>,
): Promise<SqliteHost> {
  const log = options.logger ?? pino({ level: 'silent' });
  const workflows = options.workflows ?? referencePack();
  // A skill list naming no workflow would silently route nothing: refuse to start instead.
  const unknownSkills = (options.config.a2a.skills ?? []).filter((id) => !workflows.get(id));
  if (unknownSkills.length > 0) {
    throw new Error(`--a2a-skills names no workflow: ${unknownSkills.join(', ')}`);
  }
  const { stores, feed, leases } = await openStore(options.store, {
    ...(options.leaseTtlMs !== undefined && { leaseTtlMs: options.leaseTtlMs }),
    ...(options.storeTimeouts && { timeouts: options.storeTimeouts }),
    // An outage is logged once when it starts and once when it ends (onHealth), not per retry.
    onError: (err) => {
      if (!isStoreUnavailable(err)) log.warn({ err }, 'the shared store reported a failure');
    },
    onHealth: (up, err) => {
      if (up) log.info('the database answers again');
      else log.error({ err }, 'the database stopped answering: requests get 503 until it answers');
    },
    // One key-encryption key seals every secret the store keeps (README "Secrets at rest").
    ...(options.config.mcp.requestStateKek !== undefined && {
      kek: options.config.mcp.requestStateKek,
    }),
  });
  let core: RunCore | undefined;
  try {
    core = await createRunCore({
      runs: stores.runs,
      feed,
      ...(leases && { leases }),
      workflows,
      ...(options.now && { now: options.now }),
      // A store outage is logged once, where the store notices it (onHealth), not per run.
      onError: (err, runId) => {
        if (!isStoreUnavailable(err)) log.error({ err, runId }, 'a run step failed in the host');
      },
      onWarning: (message, runId) => log.warn({ runId }, message),
      outbound: outboundDeps(options.config.outbound),
    });
    const keys = await hostApiKeys(stores);
    const mintedKey = await seedApiKeys(keys, stores, options.apiKeys ?? []);
    const {
      store: _store,
      apiKeys: _keys,
      workflows: _w,
      leaseTtlMs: _ttl,
      storeTimeouts: _timeouts,
      ...rest
    } = options;
    // The same options, contract and handlers included, with the parts opened here.
    const parts = {
      ...rest,
      logger: log,
      core,
      stores,
      feed,
      auth: keys,
      // The reference engine's outbound steps, then whatever the caller's bindings add.
      effectSeams: [
        ...referenceEngineSeams(options.config.outbound),
        ...(options.effectSeams ?? []),
      ],
      fixtures: workflows
        .list()
        .map((w) => w.id)
        .filter((id) => id.startsWith('conformance-')),
      onClose: () => stores.close(),
    } as HostParts & ContractParts<C>;
    const host = await createHost<C>(parts);
    return Object.assign(host, { keys, ...(mintedKey && { mintedKey }) });
  } catch (err) {
    if (core) await core.close();
    feed.close();
    await stores.close();
    throw err;
  }
}
