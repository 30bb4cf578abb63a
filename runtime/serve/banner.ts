// The start banner, through the host's logger: where each binding is served. It is what says the
// host is up, so it is logged at every level but `silent` (at `warn` a host that printed nothing
// at all looked dead). The demo key minted on first start is the one secret ever shown: written
// once, on its own line, outside the log records (so a log collector reading JSON lines never
// stores it), whatever the level.
import type { Logger } from 'pino';

export interface BannerFacts {
  baseUrl: string;
  /** The contract served: its spec, input digest and package folder. */
  contract: string;
  store: string;
  /** Whether the runtime runs from its compiled build or from the TypeScript sources. */
  from: 'build' | 'source';
  workflows: number;
  mintedKey?: { key: string; tenant: string };
  /** Keys were given on the command line or in the environment. */
  keysGiven: boolean;
}

export function printBanner(host: Logger, facts: BannerFacts, keyOut: NodeJS.WritableStream): void {
  const log =
    host.level === 'silent' || host.isLevelEnabled('info')
      ? host
      : host.child({}, { level: 'info' });
  const b = facts.baseUrl;
  log.info(
    {
      contract: facts.contract,
      store: facts.store,
      from: facts.from,
      workflows: facts.workflows,
      // Where the API keys come from: minted now (printed below), given at start, or the store's.
      apiKeys: facts.mintedKey ? 'minted' : facts.keysGiven ? 'given' : 'stored',
      endpoints: {
        discovery: `${b}/.well-known/openwop`,
        'agent card': `${b}/.well-known/agent-card.json`,
        A2A: `${b}/a2a/jsonrpc`,
        MCP: `${b}/mcp`,
      },
    },
    `wopgen host listening on ${b}`,
  );
  if (facts.mintedKey) {
    const { key, tenant } = facts.mintedKey;
    log.info({ tenant }, `minted an API key for tenant "${tenant}" (printed once, stored hashed)`);
    keyOut.write(`API key for tenant "${tenant}" (shown once, stored hashed): ${key}\n`);
  } else if (!facts.keysGiven) {
    log.info('using the API keys already in the store (the demo key was printed on first start)');
  }
}
