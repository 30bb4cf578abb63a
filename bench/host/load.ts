// One load phase: autocannon with fixed settings (32 connections on loopback by default), or, for
// time to first event, a loop of streaming requests timed to their first byte.
import autocannon from 'autocannon';

export interface Phase {
  url: string;
  headers: Record<string, string>;
  /** A fixed body, or one made per request (a unique messageId each). */
  body: string | (() => string);
  connections: number;
  seconds: number;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the phase. */
  requests: number;
  /** The server process's CPU time (all its threads) per request, µs; set by the caller. */
  cpuUs?: number;
  /** Its database server's CPU time per request, µs (PostgreSQL on this machine); set by the caller. */
  dbCpuUs?: number;
  /** The machine's 1-minute load average at the end of the phase; set by the caller. */
  load?: number;
}

export async function runLoad(p: Phase): Promise<Figures> {
  const make = p.body;
  const r = await autocannon({
    url: p.url,
    method: 'POST',
    headers: p.headers,
    connections: p.connections,
    duration: p.seconds,
    ...(typeof make === 'string'
      ? { body: make }
      : { requests: [{ setupRequest: (req) => ({ ...req, body: make() }) }] }),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

/**
 * `count` streaming requests, `concurrency` at a time: latency to the first body byte. Each stream
 * is read to its end (its connection is then reused), or with `closeAfterFirst` cancelled right
 * after the first chunk, as a UI that only waits for the task to be accepted does (its connection
 * is closed, and the next stream opens a new one).
 */
export async function timeToFirstEvent(
  url: string,
  headers: Record<string, string>,
  body: () => string,
  count: number,
  concurrency: number,
  closeAfterFirst = false,
): Promise<Figures> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < count) {
      next++;
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: 'POST', headers, body: body() });
        const reader = res.body!.getReader();
        const first = await reader.read();
        times.push(performance.now() - t0);
        if (!res.ok || first.done) errors++;
        if (closeAfterFirst) {
          await reader.cancel();
          continue;
        }
        while (!(await reader.read()).done) {
          // drain to the end so the connection is reused
        }
      } catch {
        errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { rps: count / elapsed, p50: at(0.5), p99: at(0.99), errors, requests: count };
}

/** One request; throws unless the answer is a JSON-RPC result (the load would measure errors). */
export async function expectResult(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  if (!res.ok || !text.includes('"result"') || /"error"\s*:\s*\{/.test(text)) {
    throw new Error(`${url} answered ${res.status}: ${text.slice(0, 400)}`);
  }
  return text;
}
