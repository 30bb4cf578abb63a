// `wopgen serve` bounds of what an outbound step (a2a-call, mcp-call) reads from a remote: the
// generated clients' ClientLimits, for every request a step makes (README "Calling out"). Flags
// win over the environment, the environment over `serve.outbound` of wopgen.config.json:
//   --outbound-timeout-ms N        WOPGEN_OUTBOUND_TIMEOUT_MS        serve.outbound.timeoutMs
//   --outbound-max-answer-bytes N  WOPGEN_OUTBOUND_MAX_ANSWER_BYTES  serve.outbound.maxAnswerBytes
// Each is a whole number in its range (a timeout past a day would also overflow Node's timers past
// ~24.8 days); anything else is a UsageError naming the flag, variable or key it came from.
import { DEFAULT_OUTBOUND_LIMITS, type OutboundConfig, type OutboundLimits } from '../config.ts';
import { UsageError } from './usage.ts';
import {
  OUTBOUND_TARGET_KEYS,
  readCredentials,
  readStdioServers,
  type OutboundTargets,
} from './outbound-targets.ts';

interface Bound {
  key: keyof OutboundLimits;
  flag: string;
  env: string;
  min: number;
  max: number;
  help: string;
}

const BOUNDS: readonly Bound[] = [
  {
    key: 'timeoutMs',
    flag: 'outbound-timeout-ms',
    env: 'WOPGEN_OUTBOUND_TIMEOUT_MS',
    min: 100,
    max: 86_400_000,
    help: 'ms an outbound request waits for its answer (a stream: for each event)',
  },
  {
    key: 'maxAnswerBytes',
    flag: 'outbound-max-answer-bytes',
    env: 'WOPGEN_OUTBOUND_MAX_ANSWER_BYTES',
    min: 1024,
    max: 1024 * 1024 * 1024,
    help: 'bytes of one outbound answer (a stream: of one event)',
  },
];

export const OUTBOUND_LIMIT_OPTIONS = {
  'outbound-timeout-ms': { type: 'string' },
  'outbound-max-answer-bytes': { type: 'string' },
} as const;

/** The keys `serve.outbound` of wopgen.config.json may hold. */
export const OUTBOUND_FILE_KEYS: readonly string[] = [
  ...BOUNDS.map((b) => b.key),
  ...OUTBOUND_TARGET_KEYS,
];

/** `serve.outbound` as read: the bounds, and the bindings of outbound-targets.ts. */
export type OutboundFileSettings = Partial<OutboundLimits> & OutboundTargets;

/** The usage lines of both flags, each with its default, variable and config key. */
export function outboundLimitHelp(): string {
  return BOUNDS.map((b) =>
    [
      `  --${b.flag} N`.padEnd(33) + b.help,
      `${' '.repeat(33)}(default ${DEFAULT_OUTBOUND_LIMITS[b.key]}; ${b.env}, serve.outbound.${b.key})`,
    ].join('\n'),
  ).join('\n');
}

const inRange = (b: Bound, n: number) => Number.isSafeInteger(n) && n >= b.min && n <= b.max;

/**
 * `serve.outbound` of the config file at `path`, checked key by key (the file's own refusals
 * name the key, as config-file.ts does for the rest of `serve`).
 */
export function readOutboundFile(value: unknown, path: string): OutboundFileSettings {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${path}: "serve.outbound" must be an object`);
  const out: OutboundFileSettings = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === 'credentials') {
      out.credentials = readCredentials(v, path);
      continue;
    }
    if (key === 'stdio') {
      out.stdio = readStdioServers(v, path);
      continue;
    }
    const b = BOUNDS.find((x) => x.key === key);
    if (!b)
      throw new UsageError(
        `${path}: unknown key "serve.outbound.${key}" (known: ${OUTBOUND_FILE_KEYS.join(', ')})`,
      );
    if (typeof v !== 'number' || !inRange(b, v))
      throw new UsageError(
        `${path}: "serve.outbound.${key}" must be a whole number from ${b.min} to ${b.max}`,
      );
    out[b.key] = v;
  }
  return out;
}

/** The bounds the flags, the environment or the file set; undefined when none is given. */
export function outboundLimitSettings(
  values: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
  file: OutboundFileSettings = {},
): Partial<OutboundLimits> | undefined {
  const out: Partial<OutboundLimits> = {};
  for (const b of BOUNDS) if (file[b.key] !== undefined) out[b.key] = file[b.key];
  for (const b of BOUNDS) {
    const flag = values[b.flag];
    const text = flag ?? env[b.env];
    if (text === undefined) continue;
    const n = Number(text);
    if (typeof text !== 'string' || !/^\d+$/.test(text) || !inRange(b, n))
      throw new UsageError(
        `${flag === undefined ? b.env : `--${b.flag}`} takes a whole number from ${b.min} to ${b.max}, got ${String(text)}`,
      );
    out[b.key] = n;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Put the bounds into the host's outbound config (the rest keep the clients' defaults). */
export function applyOutboundLimits(c: OutboundConfig, s?: Partial<OutboundLimits>): void {
  if (s) c.limits = { ...c.limits, ...s };
}
