// `wopgen serve` settings from flags, then environment, then the `serve` section of
// wopgen.config.json (flags win). Every mistake is a UsageError naming what was wrong (exit 2),
// never a crash and never a silent default.
import {
  OUTBOUND_EGRESS_OPTIONS,
  outboundEgressSettings,
  type OutboundEgressSettings,
} from './outbound-egress.ts';
import { OUTBOUND_LIMIT_OPTIONS, outboundLimitSettings } from './outbound-limits.ts';
import type { OutboundTargets } from './outbound-targets.ts';
import {
  isLogFormat,
  isLogLevel,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFormat,
  type LogLevel,
} from '../log/logger.ts';
import { readConfigOut, readServeFile, type ServeFileSettings } from './config-file.ts';
import type { AgentManifest, OutboundLimits } from '../config.ts';
import { chooseContract, type ContractChoice } from './contract-package.ts';
import { LIMIT_OPTIONS, limitsFrom, type LimitSettings } from './limit-flags.ts';
import { PUSH_EGRESS_OPTIONS, pushEgressSettings, type PushEgressSettings } from './push-egress.ts';
import { STORE_TIMEOUT_OPTIONS, storeTimeoutSettings } from './store-timeouts.ts';
import type { PgTimeouts } from '../adapters/store/postgres/timeouts.ts';
import { parseFlags, UsageError } from './usage.ts';
import { redactStoreUrl, STORE_FORMS, storeKind } from '../host/store-url.ts';
import {
  CONTENT_MODE_OPTIONS,
  contentModeSettings,
  type ContentModeSettings,
} from './content-modes.ts';

export const DEFAULT_STORE = 'sqlite:./data/wopgen.db';

/** The shortest API key accepted (auth/api-keys.ts refuses shorter ones). */
export const MIN_API_KEY_LENGTH = 16;

export interface ServeSettings
  extends ContentModeSettings, PushEgressSettings, OutboundEgressSettings {
  /** The generated package to serve (serve/contract-package.ts). */
  contract: ContractChoice;
  port: number;
  hostname: string;
  baseUrl: string;
  store: string;
  apiKeys: { key: string; tenant: string }[];
  a2aSkills?: string[];
  /** Directory of MCP catalogue files (prompts, resources); none when absent. */
  mcpCatalogue?: string;
  /** Directory of extra workflow definitions loaded next to the reference pack. */
  workflows?: string;
  /** MCP over stdin/stdout instead of listening (runtime/bindings/mcp/stdio.ts). */
  stdio?: boolean;
  logLevel: LogLevel;
  /** Pretty or JSON lines; by default pretty on a terminal, JSON otherwise. */
  logFormat?: LogFormat;
  /** PostgreSQL store: how long a dead host's runs wait for another host (WOPGEN_LEASE_TTL_MS). */
  leaseTtlMs?: number;
  /** Whether the base URL came from a flag, the environment or the file rather than the port. */
  explicitBaseUrl: boolean;
  /** Limits given as flags (limit-flags.ts); the rest keep their defaults. */
  limits?: LimitSettings;
  /** The agent inventory of `serve.agents` in wopgen.config.json (serve/agents-file.ts). */
  agents?: AgentManifest[];
  /** PostgreSQL connect, acquire and statement timeouts given (store-timeouts.ts). */
  storeTimeouts?: Partial<PgTimeouts>;
  /** The bounds of what outbound steps read, where given (outbound-limits.ts). */
  outboundLimits?: Partial<OutboundLimits>;
  /** The operator's credentials and stdio servers of `serve.outbound` (outbound-targets.ts). */
  outboundTargets?: OutboundTargets;
}

const OPTIONS = {
  contract: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'base-url': { type: 'string' },
  store: { type: 'string' },
  'api-key': { type: 'string', multiple: true },
  'a2a-skills': { type: 'string' },
  'mcp-catalogue': { type: 'string' },
  workflows: { type: 'string' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
  stdio: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...LIMIT_OPTIONS,
  ...CONTENT_MODE_OPTIONS,
  ...PUSH_EGRESS_OPTIONS,
  ...OUTBOUND_EGRESS_OPTIONS,
  ...OUTBOUND_LIMIT_OPTIONS,
  ...STORE_TIMEOUT_OPTIONS,
} as const;

function flags(argv: string[]) {
  return parseFlags(argv, OPTIONS).values;
}

/** The store URL: the flag, else WOPGEN_STORE, else `serve.store` of the file, else the default. */
export function storeSetting(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  file: ServeFileSettings,
): string {
  const store = flag ?? env['WOPGEN_STORE'] ?? file.store ?? DEFAULT_STORE;
  if (!storeKind(store))
    throw new UsageError(`unsupported store "${redactStoreUrl(store)}" (expected ${STORE_FORMS})`);
  return store;
}

/** Whether argv asks for the help text (checked before anything else is validated). */
export function wantsHelp(argv: string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}

function apiKeys(pairs: string[]): ServeSettings['apiKeys'] {
  return pairs.map((p) => {
    const at = p.lastIndexOf('=');
    if (at <= 0 || at === p.length - 1) throw new UsageError('--api-key takes KEY=TENANT');
    const key = p.slice(0, at);
    const tenant = p.slice(at + 1);
    if (key.length < MIN_API_KEY_LENGTH) {
      // The key itself is never echoed: only its length and tenant.
      throw new UsageError(
        `the API key for tenant "${tenant}" has ${key.length} characters; an API key must be at least ${MIN_API_KEY_LENGTH}`,
      );
    }
    return { key, tenant };
  });
}

function splitList(s: string): string[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

export function serveSettings(
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string = process.cwd(),
): ServeSettings {
  const values = flags(argv);
  const file = readServeFile(cwd);
  const portText = values.port ?? env['PORT'];
  const port = portText !== undefined ? Number(portText) : (file.port ?? 8080);
  if (portText === '' || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`invalid port ${portText}: give an integer from 0 to 65535`);
  const hostname = values.host ?? env['HOST'] ?? file.host ?? '127.0.0.1';
  const explicit = values['base-url'] ?? env['WOPGEN_BASE_URL'] ?? file.baseUrl;
  const baseUrl = explicit ?? `http://${hostname === '0.0.0.0' ? '127.0.0.1' : hostname}:${port}`;
  if (!/^https?:\/\/[^/]+/.test(baseUrl))
    throw new UsageError(`--base-url must be an absolute http(s) URL, got ${baseUrl}`);
  const store = storeSetting(values.store, env, file);
  const logLevel = values['log-level'] ?? env['LOG_LEVEL'] ?? file.logLevel ?? 'info';
  if (!isLogLevel(logLevel))
    throw new UsageError(`invalid log level "${logLevel}" (one of ${LOG_LEVELS.join(', ')})`);
  const logFormat = values['log-format'] ?? env['WOPGEN_LOG_FORMAT'] ?? file.logFormat;
  if (logFormat !== undefined && !isLogFormat(logFormat))
    throw new UsageError(`--log-format must be ${LOG_FORMATS.join(' or ')}, not "${logFormat}"`);
  const envSkills = values['a2a-skills'] ?? env['WOPGEN_A2A_SKILLS'];
  const skills = envSkills !== undefined ? splitList(envSkills) : file.a2aSkills;
  const catalogue = values['mcp-catalogue'] ?? env['WOPGEN_MCP_CATALOGUE'] ?? file.mcpCatalogue;
  const workflows = values.workflows ?? env['WOPGEN_WORKFLOWS'] ?? file.workflows;
  const envKeys = env['WOPGEN_API_KEYS'];
  const ttlText = env['WOPGEN_LEASE_TTL_MS'];
  const leaseTtlMs = ttlText === undefined ? undefined : Number(ttlText);
  if (leaseTtlMs !== undefined && !(Number.isInteger(leaseTtlMs) && leaseTtlMs >= 100))
    throw new UsageError(`invalid WOPGEN_LEASE_TTL_MS ${ttlText}: give milliseconds, at least 100`);
  const limits = limitsFrom(values);
  if (typeof limits === 'string') throw new UsageError(limits);
  const contractGiven =
    values.contract !== undefined
      ? { value: values.contract, from: 'flag' as const }
      : env['WOPGEN_CONTRACT']
        ? { value: env['WOPGEN_CONTRACT'], from: 'environment' as const }
        : file.contract !== undefined
          ? { value: file.contract, from: 'config' as const }
          : undefined;
  if (contractGiven?.value === '') throw new UsageError('--contract takes a folder');
  const storeTimeouts = storeTimeoutSettings(values, env);
  const outboundLimits = outboundLimitSettings(values, env, file.outbound);
  return {
    contract: chooseContract(contractGiven, readConfigOut(cwd), cwd),
    port,
    hostname,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    store,
    apiKeys: apiKeys(values['api-key'] ?? (envKeys ? splitList(envKeys) : [])),
    logLevel,
    ...(logFormat !== undefined && { logFormat }),
    ...(values.stdio === true ? { stdio: true } : {}),
    ...(catalogue ? { mcpCatalogue: catalogue } : {}),
    ...(workflows ? { workflows } : {}),
    explicitBaseUrl: explicit !== undefined,
    ...(leaseTtlMs !== undefined && { leaseTtlMs }),
    ...(skills && skills.length > 0 ? { a2aSkills: skills } : {}),
    ...(file.agents ? { agents: file.agents } : {}),
    ...(Object.keys(limits).length > 0 && { limits }),
    ...(storeTimeouts && { storeTimeouts }),
    ...(outboundLimits && { outboundLimits }),
    ...((file.outbound?.credentials || file.outbound?.stdio) && {
      outboundTargets: {
        ...(file.outbound.credentials && { credentials: file.outbound.credentials }),
        ...(file.outbound.stdio && { stdio: file.outbound.stdio }),
      },
    }),
    ...contentModeSettings(values, env),
    ...outboundEgressSettings(values, env),
    ...pushEgressSettings(values, env),
  };
}
