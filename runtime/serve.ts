// `wopgen serve`: runs the reference host from flags, environment and wopgen.config.json
// (serve/settings.ts; DESIGN.md §1) over the contract it is given (serve/contract-package.ts: a
// generated package, wopgen's own by default), logs its URLs and each request (log/,
// http/request-log.ts) and, on first start, prints the one demo key it minted; stops cleanly on
// SIGINT/SIGTERM (serve/shutdown.ts). A contract with rows it cannot serve is refused (exit 1),
// every row named.
import { applyOutboundEgress } from './serve/outbound-egress.ts';
import { applyOutboundLimits } from './serve/outbound-limits.ts';
import { applyOutboundTargets } from './serve/outbound-targets.ts';
import type { Logger } from 'pino';
import { defaultConfig } from './config.ts';
import { createSqliteHost, type SqliteHost as Host } from './host/index.ts';
import { createLogger } from './log/logger.ts';
import { referencePack, type WorkflowRegistry } from './core/reference/index.ts';
import { loadCatalogueDir } from './bindings/mcp/catalogue/index.ts';
import { serveStdio } from './bindings/mcp/stdio.ts';
import { printBanner } from './serve/banner.ts';
import { serveSettings, wantsHelp, type ServeSettings } from './serve/settings.ts';
import { stopServing, trackResponses } from './serve/shutdown.ts';
import { checkStorePath } from './serve/store-path.ts';
import { redactStoreUrl } from './host/store-url.ts';
import { applyContentModes } from './serve/content-modes.ts';
import { applyPushEgress } from './serve/push-egress.ts';
import { SERVE_HELP, UsageError, usageText } from './serve/usage.ts';
import { registryWithDir } from './serve/workflows.ts';
import { unknownAgentWorkflows } from './serve/agents-file.ts';
import { loadContract } from './serve/contract-package.ts';
import type { HostContract } from './contract/served.ts';
import { contractName } from './contract/verify.ts';

export { serveSettings, type ServeSettings } from './serve/settings.ts';

export interface ServeIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Whether this process runs the compiled build (bin/build-runtime.mjs) or the sources. */
  from: 'build' | 'source';
}

const DEFAULT_IO: ServeIo = { env: process.env, cwd: process.cwd(), from: 'source' };

export async function serve(argv: string[], io: Partial<ServeIo> = {}): Promise<number> {
  const { env, cwd, from } = { ...DEFAULT_IO, ...io };
  if (wantsHelp(argv)) {
    process.stdout.write(`${SERVE_HELP}\n`);
    return 0;
  }
  let settings: ServeSettings;
  try {
    settings = serveSettings(argv, env, cwd);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(usageText('serve', err.message));
    return 2;
  }
  // Under --stdio, stdout carries JSON-RPC: the log goes to stderr.
  const out = settings.stdio ? process.stderr : process.stdout;
  const logger = createLogger({
    level: settings.logLevel,
    out,
    env,
    ...(settings.logFormat && { format: settings.logFormat }),
  });
  let host: Host;
  let workflows: WorkflowRegistry;
  let contract: HostContract;
  try {
    contract = await loadContract(settings.contract);
    workflows = settings.workflows ? registryWithDir(settings.workflows) : referencePack();
    host = await startHost(settings, env, logger, workflows, contract);
  } catch (err) {
    // A configuration the host refuses (a stale facet, an unknown skill, a bad file or store) is
    // the operator's to fix: one clear line each, not a stack trace.
    process.stderr.write(
      `${(err as Error).message
        .split('\n')
        .map((l) => `wopgen serve: ${l}`)
        .join('\n')}\n`,
    );
    return 1;
  }
  if (settings.stdio) return serveMcpStdio(host, settings, logger);
  const open = trackResponses(host.server);
  try {
    await host.listen(settings.port, settings.hostname);
  } catch (err) {
    process.stderr.write(
      `wopgen serve: cannot listen on ${settings.hostname}:${settings.port}: ${(err as Error).message}\n`,
    );
    await host.close();
    return 1;
  }
  // Signal handlers go in before the URLs are printed: whoever reads them may stop us at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'stopping: in-flight requests finish, open streams close shortly');
      stopServing(host.server, open, () => host.close(), logger).then(
        () => {
          logger.info('stopped');
          resolve();
        },
        (err: unknown) => {
          logger.error({ err }, 'error while stopping');
          resolve();
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  printBanner(
    logger,
    {
      baseUrl: host.context.config.baseUrl,
      store: redactStoreUrl(settings.store),
      from,
      workflows: workflows.list().length,
      contract: `${contractName(contract)} from ${settings.contract.dir ?? 'wopgen'}`,
      keysGiven: settings.apiKeys.length > 0,
      ...(host.mintedKey ? { mintedKey: host.mintedKey } : {}),
    },
    // The key goes where a person reads it: the terminal the log is on, else stderr.
    (out as { isTTY?: boolean }).isTTY ? out : process.stderr,
  );
  await stopped;
  return 0;
}

async function startHost(
  settings: ServeSettings,
  env: NodeJS.ProcessEnv,
  logger: Logger,
  workflows: WorkflowRegistry,
  contract: HostContract,
) {
  const config = defaultConfig(settings.baseUrl);
  if (settings.a2aSkills) config.a2a.skills = settings.a2aSkills;
  if (settings.agents) {
    const unknown = unknownAgentWorkflows(settings.agents, (id) => workflows.get(id) !== undefined);
    if (unknown.length > 0) throw new Error(unknown.join('\n'));
    config.agents = settings.agents;
  }
  if (settings.limits?.limits) config.limits = settings.limits.limits;
  if (settings.limits?.bodyLimit !== undefined) config.bodyLimit = settings.limits.bodyLimit;
  applyContentModes(config.a2a, settings, (id) => workflows.get(id) !== undefined);
  applyPushEgress(config.a2a.push, settings);
  applyOutboundEgress(config.outbound, settings);
  applyOutboundLimits(config.outbound, settings.outboundLimits);
  applyOutboundTargets(config.outbound, settings.outboundTargets);
  // The MRTR requestState HMAC key: environment only (never a flag, so it stays out of `ps`);
  // without it the host keeps a generated key in its store.
  const stateSecret = env['WOPGEN_MCP_STATE_SECRET'];
  if (stateSecret) config.mcp.requestStateSecret = stateSecret;
  const stateKek = env['WOPGEN_MCP_STATE_KEK'];
  if (stateKek) config.mcp.requestStateKek = stateKek;
  checkStorePath(settings.store);
  // Port 0 binds a free port; unless a base URL was given, the advertised URLs follow it.
  return createSqliteHost<HostContract>({
    contract,
    config,
    ...(settings.mcpCatalogue && { catalogue: loadCatalogueDir(settings.mcpCatalogue) }),
    workflows,
    store: settings.store,
    ...(settings.leaseTtlMs !== undefined && { leaseTtlMs: settings.leaseTtlMs }),
    ...(settings.storeTimeouts && { storeTimeouts: settings.storeTimeouts }),
    apiKeys: settings.apiKeys,
    logger,
    baseUrlFromListen: settings.port === 0 && !settings.explicitBaseUrl,
  });
}

/**
 * `--stdio`: the MCP mount over stdin/stdout, authenticated by the first API key given at start
 * (desktop MCP clients launch the command). Nothing but JSON-RPC is written to stdout.
 */
async function serveMcpStdio(host: Host, settings: ServeSettings, logger: Logger): Promise<number> {
  const first = settings.apiKeys[0];
  const subject = first ? await host.keys.verifyKey(first.key) : undefined;
  if (!subject) {
    process.stderr.write('wopgen serve --stdio: give the session key with --api-key KEY=TENANT\n');
    await host.close();
    return 2;
  }
  logger.info({ tenant: subject.tenant }, 'serving MCP over stdio');
  await serveStdio(host.context, host.mcp.dispatcher, {
    input: process.stdin,
    output: process.stdout,
    subject,
    legacy: host.mcp.legacy,
  });
  await host.close();
  return 0;
}
