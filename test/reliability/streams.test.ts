// Stream caps and bounds on the host: open streams are capped per tenant (another tenant still gets
// its own), a refusal is in the binding's own shape, a `/host/events` reader without Last-Event-ID
// starts at the tail instead of the whole log, and the version header is bounded before it is
// recorded. Reading a long log leaves no waiter per page (no MaxListenersExceededWarning).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({
    config: (c) => {
      c.limits = { streamsPerTenant: 2, streamsPerHost: 3, hostEventTail: 5 };
    },
  });
});
afterAll(() => h.close());

/** Opens `/host/events` and returns the response (its body unread) and a way to drop it. */
async function openHostEvents(tenant: 'acme' | 'other', lastEventId?: string) {
  const ac = new AbortController();
  const r = await h.call(tenant, '/host/events', {
    signal: ac.signal,
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
  });
  return { r, drop: () => ac.abort() };
}

/** Reads frames' `data` until `count` arrived or `ms` passed. */
async function frames(r: Response, count: number, ms = 2000): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  const reader = r.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const deadline = Date.now() + ms;
  while (out.length < count && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<undefined>((res) =>
        setTimeout(() => res(undefined), Math.max(1, deadline - Date.now())),
      ),
    ]);
    if (!next || next.done) break;
    buf += decoder.decode(next.value, { stream: true });
    let at: number;
    while ((at = buf.indexOf('\n\n')) >= 0) {
      const data = buf
        .slice(0, at)
        .split('\n')
        .find((l) => l.startsWith('data: '));
      buf = buf.slice(at + 2);
      if (data) out.push(JSON.parse(data.slice(6)) as Record<string, unknown>);
    }
  }
  await reader.cancel().catch(() => undefined);
  return out;
}

/** Waits until the host has released every stream slot (closes propagate asynchronously). */
async function settle(): Promise<void> {
  const until = Date.now() + 5000;
  while (h.host.context.streams.open > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(h.host.context.streams.open).toBe(0);
}

describe('open-stream caps', () => {
  it('refuses a tenant’s third stream with 429 rate_limited; another tenant still streams', async () => {
    const a = await openHostEvents('acme');
    const b = await openHostEvents('acme');
    expect([a.r.status, b.r.status]).toEqual([200, 200]);
    const c = await openHostEvents('acme');
    expect(c.r.status).toBe(429);
    expect(await c.r.json()).toEqual({
      error: 'rate_limited',
      message: 'this tenant holds its limit of 2 open streams',
      details: { limit: 'tenant' },
    });
    const o = await openHostEvents('other');
    expect(o.r.status).toBe(200);
    // The host-wide cap (3) is now reached: even the other tenant's next stream is refused.
    const o2 = await openHostEvents('other');
    expect(o2.r.status).toBe(429);
    for (const s of [a, b, o]) s.drop();
    await settle();
    const again = await openHostEvents('acme');
    expect(again.r.status).toBe(200);
    again.drop();
    await settle();
  });

  it('refuses an A2A SubscribeToTask over the cap with a JSON-RPC error and HTTP 429', async () => {
    const a = await openHostEvents('acme');
    const b = await openHostEvents('acme');
    const r = await h.call('acme', '/a2a/jsonrpc', {
      method: 'POST',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'SubscribeToTask',
        params: { id: 'acme/AAAAAAAAAAAAAAAAAAAAAA' },
      }),
    });
    expect(r.status).toBe(429);
    const body = (await r.json()) as { id: number; error: { code: number; data: unknown[] } };
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32603);
    expect(body.error.data).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'INTERNAL_ERROR',
        domain: 'a2a-protocol.org',
      },
    ]);
    a.drop();
    b.drop();
    await settle();
  });
});

describe('HTTP+JSON under the stream and body limits', () => {
  it('refuses a SubscribeToTask over the cap with its google.rpc.Status and HTTP 429', async () => {
    const a = await openHostEvents('acme');
    const b = await openHostEvents('acme');
    const r = await h.call('acme', '/a2a/rest/tasks/acme%2FAAAAAAAAAAAAAAAAAAAAAA:subscribe', {
      method: 'POST',
    });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('1');
    const body = (await r.json()) as { error: { status: string; details: unknown[] } };
    expect(body.error.status).toBe('INTERNAL');
    expect(body.error.details).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'INTERNAL_ERROR',
        domain: 'a2a-protocol.org',
      },
    ]);
    a.drop();
    b.drop();
    await settle();
  });

  it('answers an unauthenticated SendMessage 401 before reading its body', async () => {
    const r = await fetch(`${h.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(4 * 1024 * 1024),
    });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
  });
});

describe('/host/events replay', () => {
  it('starts from the tail without Last-Event-ID, and after it with one', async () => {
    const appended: string[] = [];
    for (let i = 0; i < 40; i++) {
      const e = await h.host.context.hostEvents.append('other', {
        type: 'negotiation.decided',
        delivery: 'durable',
        payload: { protocol: 'a2a', outcome: 'accepted', at: new Date().toISOString() },
      });
      appended.push(e.eventId);
    }
    const tail = await openHostEvents('other');
    const got = await frames(tail.r, 40, 3000);
    expect(got.map((e) => e['eventId'])).toEqual(appended.slice(-5));
    tail.drop();
    const after = await openHostEvents('other', appended[29]);
    const rest = await frames(after.r, 10, 3000);
    expect(rest.map((e) => e['eventId'])).toEqual(appended.slice(30));
    after.drop();
    await settle();
  });

  it('records at most 64 characters of a requested version', async () => {
    const r = await h.call('other', '/a2a/jsonrpc', {
      method: 'POST',
      headers: { 'a2a-version': '9'.repeat(15_000) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ListTasks', params: {} }),
    });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { error: { message: string } };
    expect(answer.error.message.length).toBeLessThan(120);
    const events = await h.host.context.hostEvents.list('other');
    const last = events.at(-1)!.payload as { requested: string };
    expect(last.requested).toBe(`${'9'.repeat(63)}…`);
  });
});
