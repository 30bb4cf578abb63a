// `wopgen serve` flags for how long the host waits on PostgreSQL (adapters/store/postgres/pool.ts)
// before answering 503 in the request's binding shape. Flags win over the environment:
//   --store-connect-timeout-ms N     WOPGEN_STORE_CONNECT_TIMEOUT_MS     opening a connection
//   --store-acquire-timeout-ms N     WOPGEN_STORE_ACQUIRE_TIMEOUT_MS     waiting for a pooled one
//   --store-statement-timeout-ms N   WOPGEN_STORE_STATEMENT_TIMEOUT_MS   one statement
// Each is whole milliseconds from 100 to a day; anything else is a UsageError naming it.
import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from '../adapters/store/postgres/timeouts.ts';
import { UsageError } from './usage.ts';

const FLAGS: readonly [keyof PgTimeouts, string, string][] = [
  ['connectTimeoutMs', 'store-connect-timeout-ms', 'ms to open a database connection'],
  ['acquireTimeoutMs', 'store-acquire-timeout-ms', 'ms a request waits for a pooled connection'],
  ['statementTimeoutMs', 'store-statement-timeout-ms', 'ms one database statement may run'],
];

const MIN_MS = 100;
const MAX_MS = 86_400_000;

export const STORE_TIMEOUT_OPTIONS = Object.fromEntries(
  FLAGS.map(([, flag]) => [flag, { type: 'string' as const }]),
) as Record<string, { type: 'string' }>;

/** The usage lines, one per flag, with its default and variable. */
export function storeTimeoutHelp(): string {
  return FLAGS.map(([key, flag, help]) => {
    const left = `  --${flag} N`.padEnd(34);
    return `${left}${help} (default ${DEFAULT_PG_TIMEOUTS[key]}; ${envOf(flag)})`;
  }).join('\n');
}

function envOf(flag: string): string {
  return `WOPGEN_${flag.replace(/-/g, '_').toUpperCase()}`;
}

/** The timeouts the flags or the environment set (flags win); undefined when none is given. */
export function storeTimeoutSettings(
  values: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
): Partial<PgTimeouts> | undefined {
  const out: Partial<PgTimeouts> = {};
  for (const [key, flag] of FLAGS) {
    const text = values[flag] ?? env[envOf(flag)];
    if (text === undefined) continue;
    const n = Number(text);
    if (typeof text !== 'string' || !/^\d+$/.test(text) || n < MIN_MS || n > MAX_MS)
      throw new UsageError(
        `--${flag} takes whole milliseconds from ${MIN_MS} to ${MAX_MS}, got ${String(text)}`,
      );
    out[key] = n;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
