// What an operator binds to outbound targets in `serve.outbound` of wopgen.config.json
// (serve/outbound-targets.ts): credentials by reference, per origin, and the stdio servers a step
// may start. Each mistake is a usage error naming the key (exit 2); a credential's value is never
// in the file. The credential reaching its target, and only it, is test/e2e/calling-out.test.ts.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../runtime/config.ts';
import { serveSettings } from '../../runtime/serve.ts';
import { applyOutboundTargets } from '../../runtime/serve/outbound-targets.ts';
import { UsageError } from '../../runtime/serve/usage.ts';
import { removeDir } from '../helpers/host.ts';
import { killLeftovers, startServe } from './serve-helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  killLeftovers();
  for (const d of dirs.splice(0)) removeDir(d);
});

/** A working directory whose wopgen.config.json holds `serve.outbound` = `outbound`. */
function withFile(outbound: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-outbound-targets-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'wopgen.config.json'), JSON.stringify({ serve: { outbound } }));
  return dir;
}

const refusal = (outbound: unknown): string => {
  try {
    serveSettings([], {}, withFile(outbound));
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

describe('serve.outbound credentials and stdio servers', () => {
  it('reads them into the host config, beside the bounds', () => {
    const dir = withFile({
      timeoutMs: 5000,
      credentials: [
        { origin: 'https://agent.example:8443', header: 'Authorization', env: 'AGENT_TOKEN' },
      ],
      stdio: { files: { command: 'node', args: ['files.js'], env: { ROOT: '/srv' } } },
    });
    const settings = serveSettings([], {}, dir);
    expect(settings.outboundLimits).toEqual({ timeoutMs: 5000 });
    expect(settings.outboundTargets).toEqual({
      credentials: [
        { origin: 'https://agent.example:8443', header: 'authorization', env: 'AGENT_TOKEN' },
      ],
      stdio: { files: { command: 'node', args: ['files.js'], env: { ROOT: '/srv' } } },
    });
    const config = defaultConfig('http://127.0.0.1:1').outbound;
    applyOutboundTargets(config, settings.outboundTargets);
    expect(config.credentials).toEqual(settings.outboundTargets!.credentials);
    expect(config.stdio).toEqual(settings.outboundTargets!.stdio);
  });

  it('none given: no credential leaves and no stdio server may start', () => {
    const settings = serveSettings([], {}, withFile({ timeoutMs: 5000 }));
    expect(settings).not.toHaveProperty('outboundTargets');
    const config = defaultConfig('http://127.0.0.1:1').outbound;
    applyOutboundTargets(config, settings.outboundTargets);
    expect(config.credentials ?? []).toEqual([]);
    expect(config.stdio).toEqual({});
  });

  it.each([
    [
      'an origin with a path',
      { credentials: [{ origin: 'https://a.example/mcp', header: 'authorization', env: 'T' }] },
      '"serve.outbound.credentials[0]".origin must be an http(s) origin such as "https://agent.example" (no path, no trailing slash)',
    ],
    [
      'a value written in the file',
      { credentials: [{ origin: 'https://a.example', header: 'authorization', value: 'secret' }] },
      '"serve.outbound.credentials[0]": unknown key "value" (known: origin, header, env)',
    ],
    [
      'a variable that is not a name',
      { credentials: [{ origin: 'https://a.example', header: 'authorization', env: 'Bearer x' }] },
      '"serve.outbound.credentials[0]".env must name an environment variable (the credential\'s value is read from it, never written in this file)',
    ],
    [
      'a transport header',
      { credentials: [{ origin: 'https://a.example', header: 'Host', env: 'T' }] },
      '"serve.outbound.credentials[0]".header must be a request header name other than host, content-length, content-type, transfer-encoding, connection',
    ],
    [
      'credentials as an object',
      { credentials: {} },
      '"serve.outbound.credentials" must be an array',
    ],
    [
      'a stdio server without a command',
      { stdio: { files: { args: ['x'] } } },
      '"serve.outbound.stdio.files".command must be a non-empty string',
    ],
    [
      'stdio arguments as a string',
      { stdio: { files: { command: 'node', args: 'files.js' } } },
      '"serve.outbound.stdio.files".args must be an array of strings',
    ],
  ])('refuses %s, naming the key', (_name, outbound, message) => {
    expect(refusal(outbound)).toMatch(/wopgen\.config\.json: /);
    expect(refusal(outbound).endsWith(message)).toBe(true);
  });

  it('wopgen serve exits 2 on a bad binding, naming it', async () => {
    const dir = withFile({ credentials: [{ origin: 'ftp://a.example', header: 'x', env: 'T' }] });
    const s = startServe([], { cwd: dir });
    expect(await s.exited).toBe(2);
    expect(s.stderr()).toContain(
      '"serve.outbound.credentials[0]".origin must be an http(s) origin',
    );
  });
});
