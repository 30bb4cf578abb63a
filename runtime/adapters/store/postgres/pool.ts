// Connections to PostgreSQL with a bound on every wait, so a database that is down, stalled (its
// processes stopped) or out of connections turns into a StoreUnavailableError in bounded time
// instead of a request that hangs:
//   connect   opening a connection (TCP, startup, authentication): the client gives up;
//   acquire   a query's wait for a pooled connection, opening one included;
//   statement one statement: the server cancels it (`statement_timeout`), and the client stops
//             waiting a moment later, since a stalled server answers nothing at all.
// A failure that says the database is out of reach marks it down (health.ts): while down, queries
// fail at once rather than each waiting out its timeouts, and a probe connection every half second
// finds it back. A connection whose statement timed out is dropped, never reused (it may still
// deliver that statement's answer).
import pg from 'pg';
import { StoreUnavailableError } from '../../../ports/errors.ts';
import { StoreHealth } from './health.ts';
import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from './timeouts.ts';

export { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from './timeouts.ts';

/** How long after the server's own statement timeout the client stops waiting for an answer. */
const READ_GRACE_MS = 500;

const INT8_OID = 20;

/** `BIGINT` reads as a JS number (host event `seq` and token expiry stay far below 2^53). */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Driver messages and codes that mean the database did not answer or cannot be reached. */
const UNREACHABLE = [
  'timeout exceeded when trying to connect', // pool: no connection within the acquire timeout
  'Connection terminated', // closed under a query, or the connect timeout hit
  'Query read timeout', // the client stopped waiting for a statement
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
  'timeout expired', // the client's own connect timeout
];
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs: connection exceptions, and the server shutting down or starting up. */
const DOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** SQLSTATEs of a live server refusing for now: too many connections, a statement cancelled. */
const BUSY_STATES = new Set(['53300', '57014']);

/** What an error of the driver says about the database: unreachable, busy, or neither. */
export function classify(err: unknown): 'unreachable' | 'busy' | undefined {
  if (!(err instanceof Error)) return undefined;
  const code = (err as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || DOWN_STATES.has(code) || code.startsWith('08'))
      return 'unreachable';
    if (BUSY_STATES.has(code)) return 'busy';
  }
  if (UNREACHABLE.some((m) => err.message.startsWith(m))) return 'unreachable';
  return undefined;
}

/** The error a caller sees: StoreUnavailableError for an unreachable or busy database. */
export function storeError(err: unknown, health: StoreHealth): unknown {
  if (err instanceof StoreUnavailableError) return err;
  const kind = classify(err);
  if (kind === undefined) return err;
  if (kind === 'unreachable') health.markDown(err);
  return new StoreUnavailableError(undefined, err);
}

function isThenable(v: unknown): v is Promise<unknown> {
  return typeof (v as { then?: unknown } | undefined)?.then === 'function';
}

/**
 * `fn` (a promise-returning `query` or `connect`) that refuses at once while the database is down
 * and turns the driver's errors into StoreUnavailableError. The callback forms pg-pool uses
 * internally pass through untouched.
 */
function guarded<F extends (...args: never[]) => unknown>(fn: F, health: StoreHealth): F {
  return ((...args: never[]) => {
    if (typeof args[args.length - 1] === 'function') return fn(...args);
    if (health.down) return Promise.reject(health.refusal());
    const out = fn(...args);
    return isThenable(out)
      ? out.catch((err: unknown) => {
          throw storeError(err, health);
        })
      : out;
  }) as F;
}

/** The connection settings every connection to `url` uses (the pools', the listener's). */
export function connectionConfig(url: string, timeouts: PgTimeouts): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    keepAlive: true,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + READ_GRACE_MS,
  };
}

export function createPool(
  url: string,
  max = 10,
  timeouts: PgTimeouts = DEFAULT_PG_TIMEOUTS,
  health: StoreHealth = new StoreHealth({ url, timeouts }),
): pg.Pool {
  const connect = connectionConfig(url, timeouts);
  // pg-pool hands its own options to every client; the connect bound is the client's own.
  class BoundedClient extends pg.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: timeouts.connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    ...connect,
    max,
    connectionTimeoutMillis: timeouts.acquireTimeoutMs,
    Client: BoundedClient,
    types,
  });
  // An idle connection the server dropped must not crash the host; the next query reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.query = guarded(client.query.bind(client), health) as typeof client.query;
    // A connection the server ends while it is checked out but between statements (a run lock
    // held while its operation runs elsewhere) reports it as an 'error' event: without a listener
    // that would end the process. The next statement on it fails and drops it.
    client.on('error', (err) => {
      if (classify(err) === 'unreachable') health.markDown(err);
    });
  });
  pool.query = guarded(pool.query.bind(pool), health) as typeof pool.query;
  pool.connect = guarded(pool.connect.bind(pool), health) as typeof pool.connect;
  return pool;
}

/** Gives `client` back to its pool; one whose statement failed on the connection is dropped. */
export function releaseAfter(client: pg.PoolClient, err: unknown): void {
  client.release(err instanceof StoreUnavailableError ? err : undefined);
}
