// The operator's push egress allowlists as `wopgen serve` flags (serve/push-egress.ts): private
// networks (`--push-allow-cidrs`) and ports (`--push-ports`), flags over environment, each mistake a
// usage error naming it; and the real command delivering to a receiver on this machine because the
// allowlists say so (the only way a loopback receiver is admitted; there is no code-only switch).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveSettings } from '../../runtime/serve.ts';
import { UsageError } from '../../runtime/serve/usage.ts';
import { removeDir } from '../helpers/host.ts';
import { startReceiver, type PushReceiver } from '../helpers/push-receiver.ts';
import { killLeftovers, startServe } from '../rest/serve-helpers.ts';

const cwd = tmpdir();
const KEY = 'egress-flags-key-0123456789';

describe('push egress settings', () => {
  it('reads the flags, falling back to the environment', () => {
    const env = { WOPGEN_PUSH_ALLOW_CIDRS: '10.0.0.0/8', WOPGEN_PUSH_PORTS: '8443' };
    expect(
      serveSettings(
        ['--push-allow-cidrs', '10.20.0.0/16, fd00::/8', '--push-ports', '443,9443'],
        env,
        cwd,
      ),
    ).toMatchObject({ pushAllowCidrs: ['10.20.0.0/16', 'fd00::/8'], pushPorts: [443, 9443] });
    expect(serveSettings([], env, cwd)).toMatchObject({
      pushAllowCidrs: ['10.0.0.0/8'],
      pushPorts: [8443],
    });
    const none = serveSettings([], {}, cwd);
    expect(none).not.toHaveProperty('pushAllowCidrs');
    expect(none).not.toHaveProperty('pushPorts');
  });

  it.each([
    [
      ['--push-allow-cidrs', '10.0.0.0/33'],
      '--push-allow-cidrs: "10.0.0.0/33" is not a CIDR (such as 10.20.0.0/16)',
    ],
    [
      ['--push-allow-cidrs', 'intranet/8'],
      '--push-allow-cidrs: "intranet/8" is not a CIDR (such as 10.20.0.0/16)',
    ],
    [['--push-allow-cidrs', ' , '], '--push-allow-cidrs names nothing'],
    [['--push-ports', '0'], '--push-ports: "0" is not a port from 1 to 65535'],
    [['--push-ports', '443,70000'], '--push-ports: "70000" is not a port from 1 to 65535'],
    [['--push-ports', '22x'], '--push-ports: "22x" is not a port from 1 to 65535'],
  ])('%j is a usage error', (argv, message) => {
    expect(() => serveSettings(argv, {}, cwd)).toThrow(new UsageError(message));
  });
});

describe('`wopgen serve` with the allowlists', () => {
  let receiver: PushReceiver;
  let dir: string;
  beforeAll(async () => {
    receiver = await startReceiver();
    dir = mkdtempSync(join(tmpdir(), 'wopgen-egress-flags-'));
    writeFileSync(join(dir, 'ca.pem'), receiver.ca);
  });
  afterEach(killLeftovers);
  afterAll(async () => {
    await receiver.close();
    removeDir(dir);
  });

  async function serveWith(flags: string[]): Promise<string> {
    const s = startServe(
      ['--port', '0', '--store', `sqlite:${join(dir, `${flags.length}.db`)}`, ...flags],
      {
        // The receiver's self-signed certificate is trusted the way an operator's private CA is.
        env: { WOPGEN_API_KEYS: `${KEY}=acme`, NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') },
      },
    );
    return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec((await s.ready).msg)![1]!;
  }

  const rpc = async (base: string, method: string, params: unknown) =>
    (await (
      await fetch(`${base}/a2a/jsonrpc`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };

  const task = async (base: string) => {
    const sent = await rpc(base, 'SendMessage', {
      message: {
        messageId: `egress-${Math.random()}`,
        role: 'ROLE_USER',
        parts: [{ data: { delayMs: 300 } }],
        metadata: { openwop: { skill: 'conformance-delay' } },
      },
      configuration: { returnImmediately: true },
    });
    return (sent.result!['task'] as { id: string }).id;
  };

  it('refuses the loopback receiver by default, and delivers to it once the operator lists it', async () => {
    const url = `${receiver.origin}/hook/flags`;
    const closed = await serveWith([]);
    const refused = await rpc(closed, 'CreateTaskPushNotificationConfig', {
      taskId: await task(closed),
      url,
    });
    expect(refused.error?.code).toBe(-32602);

    const open = await serveWith([
      '--push-allow-cidrs',
      '127.0.0.0/8,::1/128',
      '--push-ports',
      `443,${receiver.port}`,
    ]);
    const id = await task(open);
    const created = await rpc(open, 'CreateTaskPushNotificationConfig', { taskId: id, url });
    expect(created.error).toBeUndefined();
    const pushes = await receiver.waitFor(1, 15_000);
    expect(pushes[0]!.path).toBe('/hook/flags');
    expect(pushes[0]!.body).toContain(id);
  });
});
