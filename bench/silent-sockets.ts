// Silent sockets against `wopgen serve` with its default limits: SOCKETS connections (10,000 by
// default) from 127.0.0.1 that connect and never send a byte nor read one, as the probe of the
// connection limits did; then, once a second for PROBE_SECONDS (default 20), a one-request probe from
// the same address and one from 127.0.0.2 (every 127/8 address is this machine, so a "different
// client" needs no network). Prints per second: the sockets the host holds (its end, from `ss`),
// the silent sockets the client still has open (its end never reads the host's 408 and FIN), and
// each probe's outcome. The figures of README §Reliability.
//
//   npx tsx bench/silent-sockets.ts
//   SOCKETS=5000 PROBE_SECONDS=30 npx tsx bench/silent-sockets.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDir } from '../test/helpers/host.ts';
import { startServe } from '../test/rest/serve-helpers.ts';

const SOCKETS = Number(process.env['SOCKETS'] ?? 10_000);
const SECONDS = Number(process.env['PROBE_SECONDS'] ?? 20);

const dir = mkdtempSync(join(tmpdir(), 'wopgen-silent-'));
const served = startServe(['--port', '0', '--store', `sqlite:${join(dir, 'h.db')}`], {
  env: { WOPGEN_API_KEYS: 'silent-sockets-key-0123456789=acme' },
});
const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec((await served.ready).msg)![1]);

/** Established connections whose local end is the host's port (the host's own sockets). */
function hostHeld(): number {
  const out = execFileSync('ss', ['-Htn', 'state', 'established', `( sport = :${port} )`]);
  return out.toString().split('\n').filter(Boolean).length;
}

function probe(localAddress: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect({ host: '127.0.0.1', port, localAddress }, () =>
      s.write(`GET /.well-known/openwop HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`),
    );
    let got = '';
    s.on('data', (d: Buffer) => (got += d.toString('latin1')));
    const done = (what: string) => {
      clearTimeout(timer);
      s.destroy();
      resolve(what);
    };
    const timer = setTimeout(() => done('no answer in 900 ms'), 900);
    s.on('end', () => done(got.split('\r\n')[0]!.slice(9, 12) || 'closed'));
    s.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
  });
}

const silent: Socket[] = [];
let clientClosed = 0;
for (let i = 0; i < SOCKETS; i++) {
  const s = connect({ host: '127.0.0.1', port });
  s.pause(); // never reads: the host's 408 and FIN wait unread, as in the probe
  s.on('close', () => (clientClosed += 1));
  s.on('error', () => undefined);
  silent.push(s);
}

console.log(`${SOCKETS} silent sockets from 127.0.0.1 against wopgen serve (default limits)`);
console.log('| s | host holds | client sees open | probe 127.0.0.1 | probe 127.0.0.2 |');
console.log('| --- | --- | --- | --- | --- |');
const t0 = Date.now();
for (let s = 1; s <= SECONDS; s++) {
  const [same, other] = await Promise.all([probe('127.0.0.1'), probe('127.0.0.2')]);
  console.log(`| ${s} | ${hostHeld()} | ${SOCKETS - clientClosed} | ${same} | ${other} |`);
  await new Promise((r) => setTimeout(r, Math.max(0, t0 + s * 1000 - Date.now())));
}
for (const s of silent) s.destroy();
served.child.kill('SIGTERM');
await served.exited;
removeDir(dir);
