// `wopgen serve` bounds of what outbound steps read (serve/outbound-limits.ts): flags over
// environment over `serve.outbound` of wopgen.config.json, whole numbers in range, every mistake a
// usage error naming the flag, variable or key (exit 2), and the host's config taking them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../runtime/config.ts';
import { outboundDeps } from '../../runtime/adapters/outbound/deps.ts';
import { serveSettings } from '../../runtime/serve.ts';
import { applyOutboundLimits } from '../../runtime/serve/outbound-limits.ts';
import { UsageError } from '../../runtime/serve/usage.ts';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

const empty = mkdtempSync(join(tmpdir(), 'wopgen-outbound-limits-'));
afterAll(() => removeDir(empty));
afterEach(killLeftovers);

/** A working directory whose wopgen.config.json holds `serve.outbound` = `outbound`. */
function withFile(outbound: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-outbound-limits-'));
  writeFileSync(join(dir, 'wopgen.config.json'), JSON.stringify({ serve: { outbound } }));
  return dir;
}

describe('outbound limit settings', () => {
  it('none given: the host keeps the clients’ own bounds (4 MiB, 30 s)', () => {
    const settings = serveSettings([], {}, empty);
    expect(settings).not.toHaveProperty('outboundLimits');
    const config = defaultConfig('http://127.0.0.1:1').outbound;
    applyOutboundLimits(config, settings.outboundLimits);
    expect(config.limits).toEqual({ timeoutMs: 30_000, maxAnswerBytes: 4 * 1024 * 1024 });
  });

  it('reads the flags, then the environment, then the config file', () => {
    const dir = withFile({ timeoutMs: 5000, maxAnswerBytes: 2048 });
    try {
      expect(serveSettings([], {}, dir).outboundLimits).toEqual({
        timeoutMs: 5000,
        maxAnswerBytes: 2048,
      });
      const env = { WOPGEN_OUTBOUND_TIMEOUT_MS: '7000', WOPGEN_OUTBOUND_MAX_ANSWER_BYTES: '4096' };
      expect(serveSettings([], env, dir).outboundLimits).toEqual({
        timeoutMs: 7000,
        maxAnswerBytes: 4096,
      });
      const argv = ['--outbound-timeout-ms', '9000', '--outbound-max-answer-bytes', '65536'];
      const settings = serveSettings(argv, env, dir);
      expect(settings.outboundLimits).toEqual({ timeoutMs: 9000, maxAnswerBytes: 65536 });
      // Into the host's config, and from there into the clients' ClientLimits.
      const config = defaultConfig('http://127.0.0.1:1').outbound;
      applyOutboundLimits(config, settings.outboundLimits);
      expect(outboundDeps(config).limits).toEqual({ timeoutMs: 9000, maxBytes: 65536 });
    } finally {
      removeDir(dir);
    }
  });

  it('one bound given leaves the other at its default', () => {
    const settings = serveSettings(['--outbound-max-answer-bytes', '1024'], {}, empty);
    expect(settings.outboundLimits).toEqual({ maxAnswerBytes: 1024 });
    const config = defaultConfig('http://127.0.0.1:1').outbound;
    applyOutboundLimits(config, settings.outboundLimits);
    expect(config.limits).toEqual({ timeoutMs: 30_000, maxAnswerBytes: 1024 });
  });

  it.each([
    [
      ['--outbound-timeout-ms', '99'],
      {},
      '--outbound-timeout-ms takes a whole number from 100 to 86400000, got 99',
    ],
    [
      ['--outbound-timeout-ms', '86400001'],
      {},
      '--outbound-timeout-ms takes a whole number from 100 to 86400000, got 86400001',
    ],
    [
      ['--outbound-timeout-ms', '5s'],
      {},
      '--outbound-timeout-ms takes a whole number from 100 to 86400000, got 5s',
    ],
    [
      ['--outbound-max-answer-bytes', '1023'],
      {},
      '--outbound-max-answer-bytes takes a whole number from 1024 to 1073741824, got 1023',
    ],
    [
      ['--outbound-max-answer-bytes', '1e6'],
      {},
      '--outbound-max-answer-bytes takes a whole number from 1024 to 1073741824, got 1e6',
    ],
    [
      [],
      { WOPGEN_OUTBOUND_MAX_ANSWER_BYTES: '-5' },
      'WOPGEN_OUTBOUND_MAX_ANSWER_BYTES takes a whole number from 1024 to 1073741824, got -5',
    ],
    [
      [],
      { WOPGEN_OUTBOUND_TIMEOUT_MS: '' },
      'WOPGEN_OUTBOUND_TIMEOUT_MS takes a whole number from 100 to 86400000, got ',
    ],
  ])('%j %j is a usage error naming it', (argv, env, message) => {
    expect(() => serveSettings(argv, env, empty)).toThrow(new UsageError(message));
  });

  it.each([
    [{ timeoutMs: 50 }, '"serve.outbound.timeoutMs" must be a whole number from 100 to 86400000'],
    [
      { maxAnswerBytes: '2048' },
      '"serve.outbound.maxAnswerBytes" must be a whole number from 1024 to 1073741824',
    ],
    [
      { maxBytes: 2048 },
      'unknown key "serve.outbound.maxBytes" (known: timeoutMs, maxAnswerBytes, credentials, stdio)',
    ],
    [[1], '"serve.outbound" must be an object'],
  ])('serve.outbound %j in the config file is a usage error naming the key', (outbound, why) => {
    const dir = withFile(outbound);
    try {
      expect(() => serveSettings([], {}, dir)).toThrow(
        new UsageError(`${join(dir, 'wopgen.config.json')}: ${why}`),
      );
    } finally {
      removeDir(dir);
    }
  });

  it('wopgen serve exits 2 on a bad bound, naming the flag', async () => {
    const s = startServe(['--outbound-max-answer-bytes', 'lots']);
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toBe(
      'wopgen serve: --outbound-max-answer-bytes takes a whole number from 1024 to 1073741824, got lots\nRun wopgen serve --help for usage.\n',
    );
  });
});
