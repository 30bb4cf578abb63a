// The refresh SLA of the a2a and mcp facets (interop.md §Negotiation is a protocol): evaluated at
// start (refusing to start when inconsistent or stale), recorded in the store, re-evaluated daily,
// and the discovery document rebuilt from it. Discovery is withheld while a facet is stale.
import type { Logger } from 'pino';
import type { HostConfig } from '../config.ts';
import type { ServedContract } from '../contract/served.ts';
import { buildDiscovery, type ServedDocument } from '../bindings/discovery/document.ts';
import { evaluateFacet, isStale } from '../negotiation/refresh.ts';
import type { KeyValueStore } from '../ports/store/binding-state.ts';
import { HOST_NAME, HOST_VERSION } from '../version.ts';

const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface DiscoveryState {
  /** The document as served now; throws while a facet is outside its window. */
  current(): ServedDocument;
  /** Rebuild (the base URL changed). */
  rebuild(): void;
  stop(): void;
}

export async function startDiscovery(opts: {
  contract: ServedContract;
  config: HostConfig;
  kv: KeyValueStore;
  fixtures: readonly string[];
  now: () => Date;
  log: Logger;
}): Promise<DiscoveryState> {
  const { contract, config, kv, now } = opts;
  const offered = {
    a2a: () => ({
      versions: config.a2a.versions,
      preferred: config.a2a.preferredVersion,
      floor: config.a2a.minimumVersion,
    }),
    mcp: () => ({
      versions: config.mcp.revisions,
      preferred: config.mcp.preferredVersion,
      floor: config.mcp.minimumRevision,
    }),
  };
  const refreshed = { a2a: '', mcp: '' };
  const evaluate = async (): Promise<void> => {
    for (const facet of ['a2a', 'mcp'] as const) {
      refreshed[facet] = evaluateFacet(
        contract.negotiation,
        facet,
        offered[facet](),
        config.refreshWindowDays,
        now(),
      );
      await kv.setKv(`${facet}.refreshedAt`, refreshed[facet]);
    }
  };
  let served: ServedDocument | undefined;
  const rebuild = (): void => {
    served = buildDiscovery({
      contract,
      config,
      implementation: { name: HOST_NAME, version: HOST_VERSION },
      a2aRefreshedAt: refreshed.a2a,
      mcpRefreshedAt: refreshed.mcp,
      fixtures: [...opts.fixtures],
      agentCardUrl: `${config.baseUrl}/.well-known/agent-card.json`,
    });
  };
  await evaluate();
  rebuild();
  const timer = setInterval(() => {
    evaluate().then(rebuild, (err: unknown) =>
      opts.log.error({ err }, 'refresh SLA evaluation failed; discovery is withheld'),
    );
  }, REFRESH_INTERVAL_MS);
  timer.unref();
  return {
    current() {
      for (const facet of ['a2a', 'mcp'] as const) {
        if (isStale(refreshed[facet], config.refreshWindowDays, now())) {
          throw new Error(
            `the ${facet} facet was last refreshed ${refreshed[facet]}, outside its ${config.refreshWindowDays}-day window`,
          );
        }
      }
      return served!;
    },
    rebuild,
    stop: () => clearInterval(timer),
  };
}
