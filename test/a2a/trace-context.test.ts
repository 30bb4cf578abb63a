// Trace context on inbound A2A (interop.md §"Trace context"): Message.metadata.openwop.traceparent
// is preferred over the HTTP header, a malformed value is ignored (never an error), the adopted
// trace is recorded on the run and its trace id is in the request's log line; it selects nothing.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';

const TP = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const TP_HEADER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

let h: RunningHost;
const lines: string[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  h = await startHost({ logger: pino({ level: 'info' }, sink) });
});

afterAll(async () => {
  await h.close();
});

let n = 0;
async function send(openwop: Record<string, unknown>, headers: Record<string, string> = {}) {
  n += 1;
  const res = await h.call('acme', '/a2a/jsonrpc', {
    method: 'POST',
    headers: { 'a2a-version': '1.0', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: n,
      method: 'SendMessage',
      params: {
        message: {
          messageId: `trace-${n}-${Date.now()}`,
          role: 'ROLE_USER',
          parts: [{ text: 'traced' }],
          metadata: { openwop: { skill: 'echo', ...openwop } },
        },
      },
    }),
  });
  const body = (await res.json()) as { result?: { task: { id: string } }; error?: unknown };
  expect(body.error).toBeUndefined();
  const run = await h.call('acme', `/runs/${encodeURIComponent(body.result!.task.id)}`);
  const snap = (await run.json()) as {
    owner: unknown;
    metadata?: { openwop?: { trace?: unknown } };
  };
  return { trace: snap.metadata?.openwop?.trace, snap };
}

describe('inbound A2A trace context', () => {
  it('records the in-message pair in preference to the header', async () => {
    const { trace } = await send(
      { traceparent: TP, tracestate: 'congo=t61rcWkgMzE' },
      { traceparent: TP_HEADER, tracestate: 'rojo=1' },
    );
    expect(trace).toEqual({ traceparent: TP, tracestate: 'congo=t61rcWkgMzE' });
    expect(
      lines.some(
        (l) => l.includes('"rpc":"SendMessage"') && l.includes(`"traceId":"${TP.slice(3, 35)}"`),
      ),
    ).toBe(true);
  });

  it('ignores a malformed in-message value and adopts the header', async () => {
    const { trace } = await send({ traceparent: 'not-a-trace' }, { traceparent: TP_HEADER });
    expect(trace).toEqual({ traceparent: TP_HEADER });
  });

  it('records nothing when every carrier is malformed, and the request still succeeds', async () => {
    const { trace } = await send({ traceparent: 'zz' }, { traceparent: '00-xyz' });
    expect(trace).toBeUndefined();
  });

  it('never selects a tenant or principal', async () => {
    const { snap } = await send({ traceparent: TP, tracestate: 'tenant=other' });
    expect(snap.owner).toMatchObject({ subject: { tenant: 'acme' } });
  });
});
