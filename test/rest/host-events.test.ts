// Negotiation records are visible to their tenant on GET /host/events (SSE), validate against
// the generated schema, and another tenant never sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  validateHostEvent,
  validateNegotiationDecided,
} from '../../generated/validators/standalone.js';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.stop();
  removeDir(h.dir);
});

/** Reads SSE frames from /host/events until `count` arrived, then disconnects. */
async function readHostEvents(
  tenant: 'acme' | 'other',
  count: number,
  timeoutMs = 3000,
): Promise<Record<string, unknown>[]> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  const events: Record<string, unknown>[] = [];
  try {
    const r = await h.call(tenant, '/host/events', { signal: ac.signal });
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of r.body!) {
      buf += decoder.decode(chunk as Uint8Array, { stream: true });
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const data = frame.split('\n').find((l) => l.startsWith('data: '));
        if (data) events.push(JSON.parse(data.slice(6)) as Record<string, unknown>);
      }
      if (events.length >= count) break;
    }
  } catch (err) {
    if (!ac.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    ac.abort();
  }
  return events;
}

const rpc = (tenant: 'acme' | 'other', version: string | undefined, body: unknown) =>
  h.call(tenant, '/a2a/jsonrpc', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: version ? { 'a2a-version': version } : {},
  });

describe('GET /host/events', () => {
  it('carries every negotiation outcome of the caller as a durable host event', async () => {
    const ok = await rpc('acme', undefined, {
      jsonrpc: '2.0',
      id: 1,
      method: 'ListTasks',
      params: {},
    });
    expect(ok.status).toBe(200);
    const refused = await rpc('acme', '0.3', {
      jsonrpc: '2.0',
      id: 2,
      method: 'ListTasks',
      params: {},
    });
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(-32009);

    const events = await readHostEvents('acme', 2);
    expect(events).toHaveLength(2);
    for (const e of events) {
      expect(validateHostEvent(e)).toBe(true);
      expect(e).toMatchObject({ type: 'negotiation.decided', delivery: 'durable' });
      expect(e).not.toHaveProperty('runId');
      expect(e).not.toHaveProperty('sequence');
      expect(validateNegotiationDecided(e['payload'])).toBe(true);
    }
    expect(events.map((e) => e['payload'])).toEqual([
      {
        protocol: 'a2a',
        outcome: 'accepted',
        at: expect.any(String),
        version: '1.0',
        floor: '1.0',
        peerDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
        reason: 'ok',
      },
      {
        protocol: 'a2a',
        outcome: 'refused',
        at: expect.any(String),
        floor: '1.0',
        peerDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
        reason: 'below-floor',
        requested: '0.3',
      },
    ]);
  });

  it('shows a tenant none of another tenant’s records', async () => {
    expect(await readHostEvents('other', 1, 800)).toEqual([]);
  });
});
