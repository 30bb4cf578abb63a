// The host's logger (pino): JSON lines, or a short line per record when the output is a terminal
// (pretty.ts). One logger carries the start banner, the request log (http/request-log.ts) and
// the host's own records.
import { pino, type Level, type Logger } from 'pino';
import { prettyDestination } from './pretty.ts';

export const LOG_LEVELS: readonly (Level | 'silent')[] = [
  'trace',
  'debug',
  'info',
  'warn',
  'error',
  'fatal',
  'silent',
];

export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(v: string): v is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(v);
}

/** One short line per record (pretty.ts), or pino's JSON lines. */
export const LOG_FORMATS = ['pretty', 'json'] as const;

export type LogFormat = (typeof LOG_FORMATS)[number];

export function isLogFormat(v: string): v is LogFormat {
  return (LOG_FORMATS as readonly string[]).includes(v);
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where records go: a file descriptor's stream (process.stdout/stderr) or any writable. */
  out: NodeJS.WritableStream & { isTTY?: boolean; fd?: number };
  /** Force a format; by default pretty on a terminal, JSON otherwise. */
  format?: LogFormat;
  env?: NodeJS.ProcessEnv;
}

export function createLogger(opts: LoggerOptions): Logger {
  const env = opts.env ?? process.env;
  const format = opts.format ?? (opts.out.isTTY === true ? 'pretty' : 'json');
  const base = {
    level: opts.level,
    // No pid/hostname on every line: one process per log, and the host name is the operator's.
    base: undefined,
    // Belt and braces: nothing logs request headers, but if anything ever does, no credential.
    redact: ['req.headers.authorization', 'headers.authorization', 'authorization'],
  };
  if (format === 'pretty') {
    // Colors for a terminal only: pretty lines asked for on a pipe (--log-format) go to a file.
    const color =
      opts.out.isTTY === true && (env['NO_COLOR'] ?? '') === '' && env['TERM'] !== 'dumb';
    return pino(base, prettyDestination(opts.out, color));
  }
  // Synchronous writes to a file descriptor: nothing is lost when the process exits.
  if (typeof opts.out.fd === 'number')
    return pino(base, pino.destination({ dest: opts.out.fd, sync: true }));
  return pino(base, opts.out);
}
