// The host bench/fairness.ts measures: the reference host of the checkout named by argv[2] (its
// sources, through tsx), on the SQLite file BENCH_DB, on PORT, with keys for tenants `bench` and
// `big` and loopback push receivers admitted (their certificate in BENCH_CA, their ports in
// BENCH_RECEIVER_PORTS). It imports the
// checkout's own runtime, so an earlier checkout (BENCH_BEFORE) runs its own code.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KEYS } from './host/ours.ts';

const checkout = resolve(process.argv[2] ?? '.');
const load = (file: string) => import(pathToFileURL(join(checkout, file)).href);
const { createSqliteHost } = (await load(
  'runtime/host/index.ts',
)) as typeof import('../runtime/host/index.ts');
const { defaultConfig } = (await load(
  'runtime/config.ts',
)) as typeof import('../runtime/config.ts');

const config = defaultConfig('http://127.0.0.1');
// Loopback receivers on their ports: the operator's allowlists, or (in a checkout from before
// them) the development switch they replaced.
Object.assign(config.a2a.push, {
  allowedCidrs: ['127.0.0.0/8', '::1/128'],
  allowedPorts: process.env['BENCH_RECEIVER_PORTS']!.split(',').map(Number),
  allowLoopback: true,
});
config.a2a.push.ca = [process.env['BENCH_CA']!];
const host = await createSqliteHost({
  config,
  store: `sqlite:${process.env['BENCH_DB']!}`,
  apiKeys: [
    { key: KEYS.bench, tenant: 'bench' },
    { key: KEYS.big, tenant: 'big' },
  ],
  baseUrlFromListen: true,
});
await host.listen(Number(process.env['PORT']));
process.once('SIGTERM', () => void host.close().then(() => process.exit(0)));
