// The PostgreSQL adapter through the public entry (wopgen/runtime): openPostgres
// gives the store ports, the change feed and the run leases; composed with the reference engine by
// createHost exactly as a host implementer would, two hosts on one database serve one tenant's
// run: started on the first, read back completed through the second. A URL that is not
// postgres:// is refused before anything is opened. Skipped without WOPGEN_TEST_POSTGRES.
import { afterAll, expect, it } from 'vitest';
import {
  ApiKeyAuthenticator,
  createHost,
  createRunCore,
  defaultConfig,
  openPostgres,
  referencePack,
  type Host,
} from '../../runtime/index.ts';
import { freshDatabase } from '../helpers/postgres.ts';
import { describeIf, POSTGRES } from '../helpers/requires.ts';

const KEY = 'wop_postgres_entry_key_0123456789';

async function hostOn(url: string): Promise<{ host: Host; url: string }> {
  const { stores, feed, leases } = await openPostgres({ url, leaseTtlMs: 5_000 });
  const core = await createRunCore({ runs: stores.runs, feed, leases, workflows: referencePack() });
  const auth = new ApiKeyAuthenticator(stores.apiKeys);
  await auth.registerKey(KEY, 'acme');
  const host = await createHost({
    config: defaultConfig('http://127.0.0.1'),
    baseUrlFromListen: true,
    core,
    stores,
    feed,
    auth,
    onClose: () => stores.close(),
  });
  return { host, url: await host.listen(0) };
}

describeIf(POSTGRES)('openPostgres from wopgen/runtime', () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of closing.reverse()) await c();
  });

  it('composes two hosts on one database that share a run', async () => {
    const db = await freshDatabase();
    closing.push(() => db.drop());
    const a = await hostOn(db.url);
    closing.push(() => a.host.close());
    const b = await hostOn(db.url);
    closing.push(() => b.host.close());
    const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const created = await fetch(`${a.url}/runs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ workflowId: 'echo', inputs: { text: 'hi' } }),
    });
    expect(created.status).toBe(201);
    const { runId } = (await created.json()) as { runId: string };
    let status = '';
    for (let i = 0; i < 100 && status !== 'completed'; i++) {
      const res = await fetch(`${b.url}/runs/${encodeURIComponent(runId)}`, { headers });
      expect(res.status).toBe(200);
      status = ((await res.json()) as { status: string }).status;
      if (status !== 'completed') await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('completed');
  });

  it('refuses a URL that is not postgres://', async () => {
    await expect(openPostgres({ url: 'sqlite::memory:' })).rejects.toThrow(
      'openPostgres needs a postgres:// or postgresql:// URL',
    );
  });
});
