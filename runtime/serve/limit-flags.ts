// `wopgen serve` flags for the host's limits (runtime/http/limits.ts, README §Reliability): one flag
// per limit, named after its HostLimits key, plus `--body-limit` for the authenticated body size.
// One table gives the parseArgs options, the help lines and the checks, so a limit added to the
// table is a flag, documented, with nothing else to edit. Each value is range-checked (a timeout
// past a day would also overflow Node's timers past ~24.8 days) and the pairs that must agree are
// cross-checked against each other or their defaults, so a contradiction is a usage error at start.
import { DEFAULT_BODY_LIMIT } from '../http/body.ts';
import { DEFAULT_LIMITS, type HostLimits } from '../http/limits.ts';

type LimitKey = keyof HostLimits | 'bodyLimit';

interface LimitFlag {
  key: LimitKey;
  flag: string;
  /** The smallest value that leaves the host usable. */
  min: number;
  /** The largest value that means anything (and that Node's timers can hold). */
  max: number;
  help: string;
}

const flagOf = (key: LimitKey) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const row = (key: LimitKey, min: number, max: number, help: string): LimitFlag => ({
  key,
  flag: flagOf(key),
  min,
  max,
  help,
});

const DAY_MS = 86_400_000;
const MANY = 1_048_576;
const GIB = 1024 * 1024 * 1024;

export const LIMIT_FLAGS: readonly LimitFlag[] = [
  row('maxConnections', 1, MANY, 'open sockets; more are closed at accept'),
  row('maxConnectionsPerAddress', 0, MANY, 'open sockets per client address (0: no cap)'),
  row('headersTimeoutMs', 100, DAY_MS, 'ms to receive request headers (or a first byte), else 408'),
  row('requestTimeoutMs', 100, DAY_MS, 'ms to receive a whole request, else 408'),
  row('keepAliveTimeoutMs', 100, DAY_MS, 'ms a kept-alive connection waits for its next request'),
  row('idleSocketMs', 100, DAY_MS, 'ms a socket may stay silent outside an open stream'),
  row('streamsPerTenant', 1, MANY, 'open event streams per tenant, then 429'),
  row('streamsPerHost', 1, MANY, 'open event streams across the host, then 429'),
  row('streamBufferBytes', 1024, GIB, 'bytes unsent to a stalled reader before it is closed'),
  row('streamDrainTimeoutMs', 100, DAY_MS, 'ms a stalled reader has to drain before it is closed'),
  row('unauthenticatedBodyLimit', 1024, GIB / 4, 'body bytes read before authentication, then 401'),
  row('bodyLimit', 1024, GIB / 4, 'body bytes read after authentication, then 413'),
  row('hostEventRetention', 1, 100_000_000, 'host events kept per tenant scope; older ones pruned'),
  row('hostEventTail', 0, 100_000, 'host events /host/events replays without Last-Event-ID'),
  row('listingsPerTenant', 1, 1024, 'task and run listings a tenant runs at once; more wait'),
  // Each config is one POST per task update: the cap bounds what one message can make the host send.
  row('pushConfigsPerTask', 1, 1000, 'push configs one task may hold; one more is refused'),
];

/** Pairs that contradict each other when the first exceeds the second. */
const AT_MOST: readonly [LimitKey, LimitKey, string][] = [
  ['headersTimeoutMs', 'requestTimeoutMs', 'the headers are part of the request'],
  [
    'keepAliveTimeoutMs',
    'idleSocketMs',
    'the idle timeout would close the kept-alive socket first',
  ],
  ['unauthenticatedBodyLimit', 'bodyLimit', 'authenticating would lower the limit'],
];

/** parseArgs options for every limit flag (values are strings, checked by `limitsFrom`). */
export const LIMIT_OPTIONS = Object.fromEntries(
  LIMIT_FLAGS.map((f) => [f.flag, { type: 'string' as const }]),
) as Record<string, { type: 'string' }>;

function defaultOf(key: LimitKey): number {
  return key === 'bodyLimit' ? DEFAULT_BODY_LIMIT : DEFAULT_LIMITS[key];
}

/** The usage lines, one per flag, with its default. */
export function limitHelp(): string {
  const width = Math.max(...LIMIT_FLAGS.map((f) => f.flag.length)) + 8;
  return LIMIT_FLAGS.map((f) => {
    const left = `  --${f.flag} N`.padEnd(width);
    return `${left}${f.help} (default ${defaultOf(f.key)})`;
  }).join('\n');
}

export interface LimitSettings {
  limits?: Partial<HostLimits>;
  bodyLimit?: number;
}

/**
 * The limits the flags set; a string naming the bad flag when one is not a whole number from min
 * to max, or when two disagree (a value not given is its default, and the message says so).
 */
export function limitsFrom(values: Readonly<Record<string, unknown>>): LimitSettings | string {
  const limits: Partial<HostLimits> = {};
  const out: LimitSettings = {};
  const given = new Map<LimitKey, number>();
  for (const f of LIMIT_FLAGS) {
    const text = values[f.flag];
    if (text === undefined) continue;
    const n = Number(text);
    if (
      typeof text !== 'string' ||
      !/^\d+$/.test(text) ||
      !Number.isSafeInteger(n) ||
      n < f.min ||
      n > f.max
    )
      return `--${f.flag} takes a whole number, from ${f.min} to ${f.max}, got ${String(text)}`;
    given.set(f.key, n);
    if (f.key === 'bodyLimit') out.bodyLimit = n;
    else limits[f.key] = n;
  }
  for (const [low, high, why] of AT_MOST) {
    if (!given.has(low) && !given.has(high)) continue;
    const a = given.get(low) ?? defaultOf(low);
    const b = given.get(high) ?? defaultOf(high);
    if (a > b) return `${shown(low, a, given)} exceeds ${shown(high, b, given)}: ${why}`;
  }
  if (Object.keys(limits).length > 0) out.limits = limits;
  return out;
}

function shown(key: LimitKey, value: number, given: ReadonlyMap<LimitKey, number>): string {
  return given.has(key) ? `--${flagOf(key)} ${value}` : `--${flagOf(key)} (default ${value})`;
}
