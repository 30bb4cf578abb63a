// What can go wrong with the output folder, as data: a refusal (the folder is not one wopgen may
// write into) or an I/O failure (the filesystem said no). The command line reports both as
// diagnostics with their own exit codes (1 and 4), never as a stack trace.
import { relative, sep } from 'node:path';

export type OutputProblemCode = 'output-refused' | 'output-io-error';

export interface OutputProblem {
  code: OutputProblemCode;
  severity: 'error';
  message: string;
  /** The path concerned, relative to the working directory when it lies below it. */
  file: string;
  pointer: '';
  /** The system error code of an I/O failure (EACCES, ENOTDIR, EROFS, ENOSPC…). */
  errno?: string;
}

export class OutputError extends Error {
  constructor(readonly problem: OutputProblem) {
    super(problem.message);
    this.name = 'OutputError';
  }
}

/** A path for messages: relative to the working directory below it, absolute elsewhere. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  if (rel === '') return '.';
  if (rel.startsWith('..') || rel.startsWith(sep)) return path.split(sep).join('/');
  return rel.split(sep).join('/');
}

export function refusal(path: string, reason: string): OutputError {
  const file = displayPath(path);
  return new OutputError({
    code: 'output-refused',
    severity: 'error',
    message: `refusing to write to ${file}: ${reason}`,
    file,
    pointer: '',
  });
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a component of the path is not a directory',
  EISDIR: 'a directory is in the way',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
  EBUSY: 'resource busy',
  EXDEV: 'crosses a filesystem boundary',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
  EINVAL: 'invalid argument',
};

/** Turns a failed system call into an OutputError naming what was being done and where. */
export function ioFailure(doing: string, path: string, err: unknown): OutputError {
  if (err instanceof OutputError) return err;
  const e = err as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string') throw err;
  const file = displayPath(typeof e.path === 'string' ? e.path : path);
  const reason = REASONS[e.code] ?? e.message.split(',')[0] ?? e.code;
  return new OutputError({
    code: 'output-io-error',
    severity: 'error',
    message: `cannot ${doing} ${file}: ${reason} (${e.code})`,
    file,
    pointer: '',
    errno: e.code,
  });
}
