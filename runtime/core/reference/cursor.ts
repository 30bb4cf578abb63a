// Opaque keyset cursor for listRuns: base64url of the last row's (createdAt, runId).
import { CoreError } from '../../ports/errors.ts';

export interface ListPosition {
  createdAt: string;
  runId: string;
}

export function encodeCursor(pos: ListPosition): string {
  return Buffer.from(JSON.stringify([pos.createdAt, pos.runId]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): ListPosition {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string'
    ) {
      return { createdAt: v[0], runId: v[1] };
    }
  } catch {
    // fall through
  }
  throw new CoreError('validation_error', 'invalid cursor', { field: 'cursor' });
}
