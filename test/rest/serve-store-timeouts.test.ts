// `wopgen serve` flags for the PostgreSQL timeouts (serve/store-timeouts.ts): flags over
// environment, whole milliseconds in range, every mistake a usage error naming the flag.
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { serveSettings } from '../../runtime/serve.ts';
import { UsageError } from '../../runtime/serve/usage.ts';

const cwd = tmpdir();

describe('store timeout settings', () => {
  it('reads the flags, falling back to the environment', () => {
    const env = {
      WOPGEN_STORE_STATEMENT_TIMEOUT_MS: '20000',
      WOPGEN_STORE_CONNECT_TIMEOUT_MS: '800',
    };
    expect(
      serveSettings(
        ['--store-acquire-timeout-ms', '2500', '--store-connect-timeout-ms', '900'],
        env,
        cwd,
      ).storeTimeouts,
    ).toEqual({
      connectTimeoutMs: 900,
      acquireTimeoutMs: 2500,
      statementTimeoutMs: 20000,
    });
    expect(serveSettings([], {}, cwd)).not.toHaveProperty('storeTimeouts');
  });

  it.each([
    [
      ['--store-statement-timeout-ms', '50'],
      '--store-statement-timeout-ms takes whole milliseconds from 100 to 86400000, got 50',
    ],
    [
      ['--store-acquire-timeout-ms', '3000000000'],
      '--store-acquire-timeout-ms takes whole milliseconds from 100 to 86400000, got 3000000000',
    ],
    [
      ['--store-connect-timeout-ms', '5s'],
      '--store-connect-timeout-ms takes whole milliseconds from 100 to 86400000, got 5s',
    ],
  ])('%j is a usage error', (argv, message) => {
    expect(() => serveSettings(argv, {}, cwd)).toThrow(new UsageError(message));
  });
});
