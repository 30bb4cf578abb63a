// The database as a dependency that fails: a host on a PostgreSQL server of the test's own, under
// load on every binding, while the server is frozen (postmaster and backends SIGSTOPped, as a
// stalled machine) and then stopped and restarted. Each request comes back (none is left hanging
// past HANG_MS, far beyond the configured timeouts), either acknowledged or refused as retryable in
// its binding's own shape: REST 503 `runner_unavailable`, HTTP+JSON 503 `google.rpc.Status`
// UNAVAILABLE, A2A JSON-RPC and MCP a -32603 JSON-RPC error with a retry hint, all with
// Retry-After. Once the server answers again the host serves again by itself, and every run it
// acknowledged exists and completes exactly once. `npx tsx bench/store-outage.ts` prints how long
// each binding took to answer. Skipped without WOPGEN_TEST_POSTGRES (the suite's PostgreSQL switch).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { describeIf, POSTGRES, type Requirement } from '../helpers/requires.ts';
import {
  postgresBinaries,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../helpers/private-postgres.ts';
import { BINDINGS, OutageLoad, type Answer } from '../reliability/outage-load.ts';
import { unavailableBody, UNAVAILABLE_TYPE } from '../helpers/unavailable-shapes.ts';

/** The exact refusal of each binding; a JSON-RPC id is echoed, or null when the host failed before reading the body (authentication). */
function expectUnavailable(a: Answer): void {
  expect(a.status).toBe(503);
  expect(a.headers['retry-after']).toBe('1');
  expect(a.headers['content-type']).toBe(UNAVAILABLE_TYPE);
  if (a.binding === 'rest') expect(a.headers['openwop-version']).toBe('2.0');
  const id = (a.body as { id?: unknown }).id;
  if (a.binding === 'a2a-jsonrpc' || a.binding === 'mcp') expect([a.rpcId, null]).toContain(id);
  expect(a.body).toEqual(unavailableBody(a.binding, id));
}

// A private server it can stop and start: WOPGEN_TEST_POSTGRES and PostgreSQL's own binaries.
const OUTAGE_POSTGRES: Requirement =
  POSTGRES.available && postgresBinaries() === undefined
    ? {
        what: "PostgreSQL's server binaries",
        available: false,
        missing: 'no initdb under /usr/lib/postgresql',
        enable: 'install the PostgreSQL server package',
      }
    : POSTGRES;
const suite = describeIf(OUTAGE_POSTGRES);

suite('a PostgreSQL outage under load', () => {
  let server: PrivatePostgres;
  let h: RunningHost;
  beforeAll(async () => {
    server = await startPrivatePostgres();
    h = await startHost({
      store: server.url,
      leaseTtlMs: 2000,
      storeTimeouts: { connectTimeoutMs: 1000, acquireTimeoutMs: 1000, statementTimeoutMs: 1500 },
    });
  });
  afterAll(async () => {
    server?.thaw();
    await h?.close();
    server?.destroy();
  });

  it('answers every binding in its own retryable shape, recovers by itself, loses nothing acknowledged', async () => {
    const load = new OutageLoad(h.url);
    try {
      await load.until('acknowledged', 0);

      // Frozen: established connections and new ones alike get no answer.
      const frozenAt = load.now();
      server.freeze();
      await load.until('unavailable', frozenAt);
      const thawedAt = load.now();
      server.thaw();
      await load.until('acknowledged', thawedAt);

      // Stopped (sessions ended, connections refused), then started again on the same data.
      const stoppedAt = load.now();
      server.stop();
      await load.until('unavailable', stoppedAt);
      const startedAt = load.now();
      server.start();
      await load.until('acknowledged', startedAt);
    } finally {
      server.thaw();
      await load.stop();
    }

    const { answers } = load;
    expect(answers.filter((a) => a.kind === 'hung')).toEqual([]);
    expect(answers.filter((a) => a.kind === 'other')).toEqual([]);
    for (const a of answers.filter((x) => x.kind === 'unavailable')) expectUnavailable(a);
    for (const b of BINDINGS)
      expect(answers.some((a) => a.binding === b && a.kind === 'unavailable')).toBe(true);

    // Every acknowledged run exists and completes exactly once, with a gap-free log.
    const acked = [...new Set(answers.flatMap((a) => (a.runId ? [a.runId] : [])))];
    expect(acked.length).toBeGreaterThan(BINDINGS.length * 4);
    for (const runId of acked) {
      const path = `/runs/${projectId(runId)}`;
      let status = '';
      for (let i = 0; i < 300 && status !== 'completed'; i++) {
        const r = await h.call('acme', path);
        expect([runId, r.status]).toEqual([runId, 200]);
        status = ((await r.json()) as { status: string }).status;
        if (status !== 'completed') await new Promise((r) => setTimeout(r, 100));
      }
      expect([runId, status]).toEqual([runId, 'completed']);
      // timeout=1 is the OpenAPI minimum; the run is complete, so its events answer at once.
      const polled = (await (await h.call('acme', `${path}/events/poll?timeout=1`)).json()) as {
        events: { sequence: number; type: string }[];
      };
      const types = polled.events.map((e) => e.type);
      expect(polled.events.map((e) => e.sequence)).toEqual(types.map((_, i) => i));
      expect([runId, types.filter((t) => t === 'run.completed').length]).toEqual([runId, 1]);
      expect([runId, types.filter((t) => t === 'run.started').length]).toEqual([runId, 1]);
    }
  }, 240_000);
});
