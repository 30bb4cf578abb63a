// `wopgen serve`: runs the reference host from flags and environment (DESIGN.md §1), prints its
// URLs and, on first start, the one demo key it minted; stops cleanly on SIGINT/SIGTERM
// (in-flight requests finish, the database closes).
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { defaultConfig } from './config.ts';
import type { Logger } from 'pino';
import { createHost, type Host } from './host.ts';
import { loadCatalogueDir } from './mcp/catalogue/index.ts';
import { serveStdio } from './mcp/stdio.ts';

const USAGE = `usage: wopgen serve [--port N] [--host ADDR] [--base-url URL] [--store sqlite:PATH]
                    [--api-key KEY=TENANT]... [--a2a-skills ID,ID] [--mcp-catalogue DIR]
                    [--stdio]
  --mcp-catalogue  serve the prompts and resources described by DIR/*.json over MCP
                   (format: runtime/mcp/catalogue/README.md)
  --stdio          serve MCP over stdin/stdout (newline-delimited JSON-RPC; logs to stderr),
                   authenticated as the first --api-key
environment: PORT, HOST, WOPGEN_BASE_URL, WOPGEN_STORE, WOPGEN_API_KEYS=KEY=TENANT,KEY2=TENANT2,
             WOPGEN_A2A_SKILLS, WOPGEN_MCP_CATALOGUE, WOPGEN_MCP_STATE_SECRET, LOG_LEVEL`;

export interface ServeSettings {
  port: number;
  hostname: string;
  baseUrl: string;
  store: string;
  apiKeys: { key: string; tenant: string }[];
  a2aSkills?: string[];
  /** Directory of MCP catalogue files (prompts, resources); none when absent. */
  mcpCatalogue?: string;
  /** MCP over stdin/stdout instead of listening (runtime/mcp/stdio.ts). */
  stdio?: boolean;
  /** Whether the base URL came from a flag or the environment rather than the port. */
  explicitBaseUrl: boolean;
}

/** Flags win over environment; both are validated here so a mistake is a usage error, not a crash. */
export function serveSettings(argv: string[], env: NodeJS.ProcessEnv): ServeSettings {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'base-url': { type: 'string' },
      store: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'a2a-skills': { type: 'string' },
      'mcp-catalogue': { type: 'string' },
      stdio: { type: 'boolean' },
    },
  });
  const port = Number(values.port ?? env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid port ${values.port ?? env['PORT']}`);
  const hostname = values.host ?? env['HOST'] ?? '127.0.0.1';
  const baseUrl =
    values['base-url'] ??
    env['WOPGEN_BASE_URL'] ??
    `http://${hostname === '0.0.0.0' ? '127.0.0.1' : hostname}:${port}`;
  if (!/^https?:\/\/[^/]+/.test(baseUrl))
    throw new Error(`--base-url must be an absolute http(s) URL, got ${baseUrl}`);
  const pairs =
    values['api-key'] ?? (env['WOPGEN_API_KEYS'] ? env['WOPGEN_API_KEYS'].split(',') : []);
  const apiKeys = pairs.map((p) => {
    const at = p.lastIndexOf('=');
    if (at <= 0 || at === p.length - 1) throw new Error('--api-key takes KEY=TENANT');
    return { key: p.slice(0, at), tenant: p.slice(at + 1) };
  });
  const skills = values['a2a-skills'] ?? env['WOPGEN_A2A_SKILLS'];
  const catalogue = values['mcp-catalogue'] ?? env['WOPGEN_MCP_CATALOGUE'];
  return {
    port,
    hostname,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    store: values.store ?? env['WOPGEN_STORE'] ?? 'sqlite:./data/wopgen.db',
    apiKeys,
    ...(values.stdio === true ? { stdio: true } : {}),
    ...(catalogue ? { mcpCatalogue: catalogue } : {}),
    explicitBaseUrl: (values['base-url'] ?? env['WOPGEN_BASE_URL']) !== undefined,
    ...(skills
      ? {
          a2aSkills: skills
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        }
      : {}),
  };
}

export async function serve(argv: string[]): Promise<number> {
  let settings: ServeSettings;
  try {
    settings = serveSettings(argv, process.env);
  } catch (err) {
    process.stderr.write(`wopgen serve: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const logger = pino(
    { level: process.env['LOG_LEVEL'] ?? 'info', redact: ['req.headers.authorization'] },
    pino.destination(2),
  );
  const config = defaultConfig(settings.baseUrl);
  if (settings.a2aSkills) config.a2a.skills = settings.a2aSkills;
  // The MRTR requestState HMAC key: environment only (never a flag, so it stays out of `ps`);
  // without it the host keeps a generated key in its store.
  const stateSecret = process.env['WOPGEN_MCP_STATE_SECRET'];
  if (stateSecret) config.mcp.requestStateSecret = stateSecret;
  // Port 0 binds a free port; unless a base URL was given, the advertised URLs follow it.
  let host: Host;
  try {
    host = await createHost({
      config,
      ...(settings.mcpCatalogue && { catalogue: loadCatalogueDir(settings.mcpCatalogue) }),
      store: settings.store,
      apiKeys: settings.apiKeys,
      logger,
      baseUrlFromListen: settings.port === 0 && !settings.explicitBaseUrl,
    });
  } catch (err) {
    // A configuration the host refuses (a stale facet, an unknown skill, a bad key) is the
    // operator's to fix: one clear line, not a stack trace.
    process.stderr.write(`wopgen serve: ${(err as Error).message}\n`);
    return 1;
  }
  if (settings.stdio) return serveMcpStdio(host, settings, logger);
  try {
    await host.listen(settings.port, settings.hostname);
  } catch (err) {
    process.stderr.write(
      `wopgen serve: cannot listen on ${settings.hostname}:${settings.port}: ${(err as Error).message}\n`,
    );
    await host.close();
    return 1;
  }
  const b = config.baseUrl;
  const lines = [
    `wopgen host listening on ${b} (store ${settings.store})`,
    `  discovery   ${b}/.well-known/openwop`,
    `  agent card  ${b}/.well-known/agent-card.json`,
    `  A2A         ${b}/a2a/jsonrpc`,
    `  MCP         ${b}/mcp (streamable HTTP; \`wopgen serve --stdio\` for stdio)`,
  ];
  if (host.mintedKey) {
    lines.push(
      `  API key for tenant "${host.mintedKey.tenant}" (shown once, stored hashed): ${host.mintedKey.key}`,
    );
  } else if (settings.apiKeys.length === 0) {
    lines.push(
      '  using the API keys already in the store (the demo key was printed on first start)',
    );
  }
  // Signal handlers go in before the URLs are printed: whoever reads them may stop us at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'stopping');
      host.close().then(resolve, (err: unknown) => {
        logger.error({ err }, 'error while stopping');
        resolve();
      });
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  process.stdout.write(lines.join('\n') + '\n');

  await stopped;
  return 0;
}

/**
 * `--stdio`: the MCP mount over stdin/stdout, authenticated by the first `--api-key` given at
 * start (desktop MCP clients launch the command). Nothing but JSON-RPC is written to stdout.
 */
async function serveMcpStdio(host: Host, settings: ServeSettings, logger: Logger): Promise<number> {
  const first = settings.apiKeys[0];
  const subject = first ? await host.context.keys.verifyKey(first.key) : undefined;
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
