// The per-request "caller went away" signal (runtime/http/disconnect.ts), made on first use, on a
// real node:http server: it aborts when the connection closes before the answer is complete,
// whether it was asked for before or after, and never for an answer that was written in full.
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { disconnectSignal, type DisconnectSignal } from '../../runtime/http/disconnect.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A server handing each request's lazy signal and response to `onRequest`. */
async function serve(onRequest: (signal: DisconnectSignal, res: ServerResponse) => void) {
  server = createServer((req, res) => {
    req.resume();
    onRequest(disconnectSignal(res), res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return (server.address() as AddressInfo).port;
}

/** Sends a request and destroys it once the server has it (the client goes away). */
function leave(port: number, arrived: Promise<unknown>): void {
  const req = request({ port, method: 'POST', path: '/' });
  req.on('error', () => undefined);
  req.end('{}');
  void arrived.then(() => req.destroy());
}

function closed(res: ServerResponse): Promise<void> {
  return new Promise((r) => (res.closed ? r() : res.once('close', () => r())));
}

describe('disconnectSignal', () => {
  it('asked while the request is open: aborts when the client leaves', async () => {
    let got!: (v: { signal: AbortSignal; res: ServerResponse }) => void;
    const arrived = new Promise<{ signal: AbortSignal; res: ServerResponse }>((r) => (got = r));
    const port = await serve((signal, res) => got({ signal: signal(), res }));
    leave(port, arrived);
    const { signal, res } = await arrived;
    expect(signal.aborted).toBe(false);
    await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
    expect(signal.aborted).toBe(true);
    await closed(res);
  });

  it('asked only after the client left: already aborted, and the same signal each time', async () => {
    let got!: (v: { signal: DisconnectSignal; res: ServerResponse }) => void;
    const arrived = new Promise<{ signal: DisconnectSignal; res: ServerResponse }>(
      (r) => (got = r),
    );
    const port = await serve((signal, res) => got({ signal, res }));
    leave(port, arrived);
    const { signal, res } = await arrived;
    await closed(res);
    expect(signal().aborted).toBe(true);
    expect(signal()).toBe(signal());
  });

  it('an answer written in full never aborts, asked before or after', async () => {
    const seen: AbortSignal[] = [];
    const after: Promise<AbortSignal>[] = [];
    const port = await serve((signal, res) => {
      seen.push(signal());
      res.end('ok');
      after.push(closed(res).then(() => signal()));
    });
    for (let i = 0; i < 2; i++) {
      const body = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' });
      expect(await body.text()).toBe('ok');
    }
    const late = await Promise.all(after);
    expect([...seen, ...late].map((s) => s.aborted)).toEqual([false, false, false, false]);
  });
});
