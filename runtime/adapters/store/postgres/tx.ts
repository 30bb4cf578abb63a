// One transaction on a pooled connection: BEGIN, the work, COMMIT (ROLLBACK on any throw), and the
// connection back to the pool either way (dropped when the database stopped answering on it). READ COMMITTED: every store write that must exclude a
// concurrent writer takes a row lock (`FOR UPDATE`) or relies on a unique key instead.
import type { Pool, PoolClient } from 'pg';
import { isStoreUnavailable } from '../../../ports/errors.ts';
import { releaseAfter } from './pool.ts';

export async function inTransaction<T>(
  pool: Pool,
  work: (c: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failed: unknown;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    failed = err;
    // A database that stopped answering would not answer a ROLLBACK either: the connection is
    // dropped instead, and the server rolls back when it sees it closed.
    if (!isStoreUnavailable(err)) await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    releaseAfter(client, failed);
  }
}

/** Thrown inside a transaction to roll it back and answer with a conflict instead of an error. */
export class Rollback<T> extends Error {
  constructor(readonly answer: T) {
    super('rolled back');
  }
}

/** SQLSTATE of a unique-key violation (another writer inserted the same key first). */
export const UNIQUE_VIOLATION = '23505';
