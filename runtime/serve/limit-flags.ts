// `wopgen serve` flags for the host's limits (issue 10; runtime/http/limits.ts, README
// §Reliability): one flag per limit, named after its HostLimits key, plus `--body-limit` for the
// authenticated body size. One table gives the parseArgs options, the help lines and the checks,
// so a limit added to the table is a flag, documented, with nothing else to edit.
import { DEFAULT_BODY_LIMIT } from '../http/body.ts';
import { DEFAULT_LIMITS, type HostLimits } from '../http/limits.ts';

type LimitKey = keyof HostLimits | 'bodyLimit';

interface LimitFlag {
  key: LimitKey;
  flag: string;
  /** The smallest value that leaves the host usable. */
  min: number;
  /** The largest value that still bounds what the limit guards, when there is one. */
  max?: number;
  help: string;
}

const row = (key: LimitKey, min: number, help: string, max?: number): LimitFlag => ({
  key,
  flag: key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
  min,
  ...(max !== undefined && { max }),
  help,
});

export const LIMIT_FLAGS: readonly LimitFlag[] = [
  row('maxConnections', 1, 'open sockets; more are closed at accept'),
  row('headersTimeoutMs', 100, 'ms to receive request headers, else 408'),
  row('requestTimeoutMs', 100, 'ms to receive a whole request, else 408'),
  row('keepAliveTimeoutMs', 100, 'ms a kept-alive connection waits for its next request'),
  row('idleSocketMs', 100, 'ms a socket may stay silent outside an open stream'),
  row('streamsPerTenant', 1, 'open event streams per tenant, then 429'),
  row('streamsPerHost', 1, 'open event streams across the host, then 429'),
  row('streamBufferBytes', 1024, 'bytes unsent to a stalled reader before it is closed'),
  row('streamDrainTimeoutMs', 100, 'ms a stalled reader has to drain before it is closed'),
  row('unauthenticatedBodyLimit', 1024, 'body bytes read before authentication, then 401'),
  row('bodyLimit', 1024, 'body bytes read after authentication, then 413'),
  row('hostEventRetention', 1, 'host events kept per tenant scope; older ones pruned'),
  row('hostEventTail', 0, 'host events /host/events replays without Last-Event-ID'),
  row('listingsPerTenant', 1, 'task and run listings a tenant runs at once; more wait', 1024),
  // Each config is one POST per task update: the cap bounds what one message can make the host send.
  row('pushConfigsPerTask', 1, 'push configs one task may hold; one more is refused', 1000),
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

/** The limits the flags set; a string naming the bad flag when one is not a whole number in range. */
export function limitsFrom(values: Readonly<Record<string, unknown>>): LimitSettings | string {
  const limits: Partial<HostLimits> = {};
  const out: LimitSettings = {};
  for (const f of LIMIT_FLAGS) {
    const text = values[f.flag];
    if (text === undefined) continue;
    const n = Number(text);
    const high = f.max !== undefined && n > f.max;
    if (
      typeof text !== 'string' ||
      !/^\d+$/.test(text) ||
      !Number.isSafeInteger(n) ||
      n < f.min ||
      high
    ) {
      const range = f.max !== undefined ? `from ${f.min} to ${f.max}` : `at least ${f.min}`;
      return `--${f.flag} takes a whole number, ${range}, got ${String(text)}`;
    }
    if (f.key === 'bodyLimit') out.bodyLimit = n;
    else limits[f.key] = n;
  }
  if (Object.keys(limits).length > 0) out.limits = limits;
  return out;
}
