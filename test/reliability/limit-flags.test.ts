// `wopgen serve` flags for the limits (runtime/serve/limit-flags.ts): each documented
// limit is a flag, listed by --help with its default; a bad value is a usage error naming the flag;
// a flag given reaches the running host (a stream cap of 1 refuses a tenant's second stream).
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../runtime/http/limits.ts';
import { serveSettings } from '../../runtime/serve.ts';
import { LIMIT_FLAGS } from '../../runtime/serve/limit-flags.ts';
import { UsageError } from '../../runtime/serve/usage.ts';
import { killLeftovers, startServe } from '../rest/serve-helpers.ts';
import { removeDir } from '../helpers/host.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = 'limit-flags-key-0123456789';
let dir: string | undefined;
afterEach(() => {
  killLeftovers();
  if (dir) removeDir(dir);
  dir = undefined;
});

describe('limit flags', () => {
  it('one flag per HostLimits key, and --body-limit', () => {
    expect(LIMIT_FLAGS.map((f) => f.key).sort()).toEqual(
      [...Object.keys(DEFAULT_LIMITS), 'bodyLimit'].sort(),
    );
  });

  it('parses into config limits, leaving the rest to their defaults', () => {
    const s = serveSettings(
      ['--streams-per-tenant', '3', '--request-timeout-ms', '15000', '--body-limit', '65536'],
      {},
    );
    expect(s.limits).toEqual({
      limits: { streamsPerTenant: 3, requestTimeoutMs: 15000 },
      bodyLimit: 65536,
    });
    expect(serveSettings([], {}).limits).toBeUndefined();
    expect(serveSettings(['--push-configs-per-task', '1000'], {}).limits).toEqual({
      limits: { pushConfigsPerTask: 1000 },
    });
  });

  it.each([
    [
      ['--streams-per-host', '0'],
      '--streams-per-host takes a whole number, from 1 to 1048576, got 0',
    ],
    [
      ['--idle-socket-ms', '1e3'],
      '--idle-socket-ms takes a whole number, from 100 to 86400000, got 1e3',
    ],
    [['--max-connections=-5'], '--max-connections takes a whole number, from 1 to 1048576, got -5'],
    // Past Node's timer range (2^31-1 ms) it would start with a TimeoutOverflowWarning and fire at once.
    [
      ['--idle-socket-ms', '3000000000'],
      '--idle-socket-ms takes a whole number, from 100 to 86400000, got 3000000000',
    ],
    [
      ['--headers-timeout-ms', '50000', '--request-timeout-ms', '1000'],
      '--headers-timeout-ms 50000 exceeds --request-timeout-ms 1000: the headers are part of the request',
    ],
    [
      ['--headers-timeout-ms', '50000'],
      '--headers-timeout-ms 50000 exceeds --request-timeout-ms (default 30000): the headers are part of the request',
    ],
    [
      ['--keep-alive-timeout-ms', '5000', '--idle-socket-ms', '1000'],
      '--keep-alive-timeout-ms 5000 exceeds --idle-socket-ms 1000: the idle timeout would close the kept-alive socket first',
    ],
    [
      ['--unauthenticated-body-limit', '4096', '--body-limit', '2048'],
      '--unauthenticated-body-limit 4096 exceeds --body-limit 2048: authenticating would lower the limit',
    ],
    [
      ['--push-configs-per-task', '0'],
      '--push-configs-per-task takes a whole number, from 1 to 1000, got 0',
    ],
    [
      ['--push-configs-per-task', '2000'],
      '--push-configs-per-task takes a whole number, from 1 to 1000, got 2000',
    ],
    [
      ['--listings-per-tenant', '1025'],
      '--listings-per-tenant takes a whole number, from 1 to 1024, got 1025',
    ],
  ])('%j is a usage error', (argv, message) => {
    expect(() => serveSettings(argv, {})).toThrow(new UsageError(message));
  });

  it('a contradiction stops `wopgen serve` at start with exit 2 and the reason', async () => {
    const s = startServe(['--port', '0', '--idle-socket-ms', '3000000000']);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toBe(
      'wopgen serve: --idle-socket-ms takes a whole number, from 100 to 86400000, got 3000000000\nRun wopgen serve --help for usage.\n',
    );
  });

  it('--help lists every limit flag with its default', async () => {
    const s = startServe(['--help']);
    let out = '';
    s.child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    expect(await s.exited).toBe(0);
    for (const f of LIMIT_FLAGS)
      expect(out).toMatch(new RegExp(`--${f.flag} N +.+ \\(default \\d+\\)\n`));
    expect(out).toContain('--streams-per-tenant N');
  });

  it('reaches the host: --streams-per-tenant 1 refuses a second open stream with 429', async () => {
    dir = mkdtempSync(join(tmpdir(), 'wopgen-limit-flags-'));
    const s = startServe(
      ['--port', '0', '--store', `sqlite:${join(dir, 'h.db')}`, '--streams-per-tenant', '1'],
      { env: { WOPGEN_API_KEYS: `${KEY}=acme`, LOG_LEVEL: 'info' } },
    );
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec((await s.ready).msg)![1]!;
    const ac = new AbortController();
    const open = () =>
      fetch(`${base}/host/events`, {
        headers: { authorization: `Bearer ${KEY}` },
        signal: ac.signal,
      });
    const first = await open();
    expect(first.status).toBe(200);
    const second = await open();
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: string }).error).toBe('rate_limited');
    ac.abort();
  });
});
