// Which driver errors say the database is out of reach (the host marks it down and answers 503
// at once until a probe reaches it), which say it is busy (503 for that request only), and which
// are the caller's own (passed on as they are): adapters/store/postgres/pool.ts.
import { describe, expect, it } from 'vitest';
import { classify } from '../../runtime/adapters/store/postgres/pool.ts';

const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('classify', () => {
  it.each([
    [new Error('timeout exceeded when trying to connect'), 'unreachable'],
    [new Error('Connection terminated due to connection timeout'), 'unreachable'],
    [new Error('Connection terminated unexpectedly'), 'unreachable'],
    [new Error('Query read timeout'), 'unreachable'],
    [coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'unreachable'],
    [coded('read ECONNRESET', 'ECONNRESET'), 'unreachable'],
    [coded('terminating connection due to administrator command', '57P01'), 'unreachable'],
    [coded('the database system is starting up', '57P03'), 'unreachable'],
    [coded('connection failure', '08006'), 'unreachable'],
    [coded('sorry, too many clients already', '53300'), 'busy'],
    [coded('canceling statement due to statement timeout', '57014'), 'busy'],
    [coded('duplicate key value violates unique constraint', '23505'), undefined],
    [coded('syntax error at or near "SELEC"', '42601'), undefined],
    [new Error('boom'), undefined],
    ['not an error', undefined],
  ] as const)('%s is %s', (err, kind) => {
    expect(classify(err)).toBe(kind);
  });
});
