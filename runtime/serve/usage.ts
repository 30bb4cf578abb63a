// `wopgen serve --help`, and the usage errors (exit 2) of the runtime's commands (`serve`, `keys`)
// in the wording every wopgen command uses: `wopgen <command>: <what was wrong>` (an unknown flag
// with the nearest known one), then where the help is.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../util/did-you-mean.ts';
import { limitHelp } from './limit-flags.ts';
import { outboundLimitHelp } from './outbound-limits.ts';
import { storeTimeoutHelp } from './store-timeouts.ts';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A usage error as printed on stderr (the generator's commands print theirs alike). */
export function usageText(command: string, message: string): string {
  return `wopgen ${command}: ${message}\nRun wopgen ${command} --help for usage.\n`;
}

type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** What parseFlags returns: each option's value as node:util parses it, or undefined. */
export interface ParsedFlags<O extends FlagOptions> {
  values: {
    [K in keyof O]?: O[K] extends { type: 'boolean' }
      ? boolean
      : O[K] extends { multiple: true }
        ? string[]
        : string;
  };
  positionals: string[];
}

/** node:util parseArgs, strict; its refusals as UsageErrors that say what was wrong. */
export function parseFlags<O extends FlagOptions>(
  args: string[],
  options: O,
  allowPositionals = false,
): ParsedFlags<O> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals }) as ParsedFlags<O>;
  } catch (err) {
    throw new UsageError(flagError(err, Object.keys(options)));
  }
}

/** node:util's parseArgs messages, in the generator's words (generator/cli/args.ts). */
function flagError(err: unknown, names: string[]): string {
  const e = err as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(e.message ?? '')?.[1] ?? '';
  const option = quoted.split(' ')[0]!;
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}${didYouMean(
        option,
        names.map((n) => `--${n}`),
      )}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(e.message ?? '')
        ? `${option} needs a value`
        : `${option} takes no value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}"`;
    default:
      return e.message ?? String(err);
  }
}

export const SERVE_HELP = `usage: wopgen serve [options]

Serves the reference host: REST, A2A 1.0 (JSON-RPC) and MCP 2026-07-28 on one port, SQLite or PostgreSQL store.

options (flags win over environment, environment over wopgen.config.json "serve"):
  --contract DIR         the generated package to serve (wopgen generate   WOPGEN_CONTRACT, serve.contract
                         --out DIR); default: the config file's "out" when it holds one, else
                         wopgen's own. Rows it adds that this host has no handler for: exit 1,
                         each named (handlers are written with createHost, see wopgen init)
  --port N               port to listen on; 0 picks a free one            PORT, serve.port (8080)
  --host ADDR            address to bind                                  HOST, serve.host (127.0.0.1)
  --base-url URL         absolute URL every advertised URL is built from  WOPGEN_BASE_URL, serve.baseUrl
                         (default http://HOST:PORT; set it behind a proxy)
  --store sqlite:PATH    the database file (created with its folder)      WOPGEN_STORE, serve.store
                         (default sqlite:./data/wopgen.db); or postgres://USER@HOST:PORT/DB:
                         any number of hosts on one PostgreSQL database
  --api-key KEY=TENANT   an API key (at least 16 characters) and its tenant; repeatable.
                         Values on the command line are visible to other users in \`ps\`:
                         prefer WOPGEN_API_KEYS=KEY=TENANT,KEY2=TENANT2.
                         Without keys, the first start mints one for tenant "demo" and prints it once.
  --workflows DIR        also load every DIR/*.json workflow definition    WOPGEN_WORKFLOWS, serve.workflows
  --a2a-skills ID,ID     workflows A2A routes as skills (default: all)    WOPGEN_A2A_SKILLS, serve.a2aSkills
  --a2a-input-modes T,T  media types every skill takes                    WOPGEN_A2A_INPUT_MODES
                         (default text/plain,application/json)
  --a2a-output-modes T,T media types every skill gives                    WOPGEN_A2A_OUTPUT_MODES
                         (default application/json,text/plain)
  --a2a-skill-modes SKILL:in=T,T | SKILL:out=T,T   one skill's own modes; repeatable
                         (a part outside a skill's input modes is -32005) WOPGEN_A2A_SKILL_MODES
  --mcp-catalogue DIR    prompts and resources served over MCP             WOPGEN_MCP_CATALOGUE, serve.mcpCatalogue
                         (format: runtime/bindings/mcp/catalogue/README.md)
  --push-allow-cidrs C,C private networks A2A pushes may reach            WOPGEN_PUSH_ALLOW_CIDRS
                         (in-cluster webhooks; none by default; metadata and reserved
                         addresses stay refused)
  --push-ports N,N       ports a push URL may name (default 443,80)       WOPGEN_PUSH_PORTS
  --log-level LEVEL      trace, debug, info, warn, error, fatal, silent    LOG_LEVEL, serve.logLevel (info)
                         (the start banner is logged at every level but silent)
  --log-format FORMAT    pretty (a short line per record) or json          WOPGEN_LOG_FORMAT, serve.logFormat
                         (JSON lines); default pretty on a terminal, json otherwise
  --outbound-allow-cidrs CIDR,CIDR  private networks a2a-call and mcp-call  WOPGEN_OUTBOUND_ALLOW_CIDRS
                         steps may reach (none by default)
  --outbound-ports N,N   ports an outbound target may name (443,80)       WOPGEN_OUTBOUND_PORTS
  --outbound-allow-http  development: admit http: outbound targets         WOPGEN_OUTBOUND_ALLOW_HTTP=1
${outboundLimitHelp()}
  --stdio                serve MCP over stdin/stdout (newline-delimited JSON-RPC; logs to stderr),
                         authenticated as the first API key
  -h, --help             show this help

limits (README "Reliability"; flags only):
${limitHelp()}

PostgreSQL timeouts (past them a request is answered 503, retryable, in its binding's shape):
${storeTimeoutHelp()}

environment only: WOPGEN_LEASE_TTL_MS (PostgreSQL: how long a dead host's runs wait for another
host, default 10000), WOPGEN_MCP_STATE_SECRET (HMAC key for MCP requestState; kept in the store if unset),
WOPGEN_MCP_STATE_KEK (seals the requestState keys and the push secrets' key kept in the store: the
store alone can neither sign nor read a push token; README "Secrets at rest")

Logs: one line per request and the start banner; pretty on a terminal, JSON lines otherwise.
API keys: wopgen keys list|mint|rotate|revoke (wopgen keys --help), on the same --store.
SIGINT/SIGTERM: in-flight requests finish, open event streams are closed after a short grace
period, then the database closes and the process exits.`;
