// SSE backpressure: an SSE writer that ignores backpressure queues everything for a reader that
// stopped reading. The writer of http/sse.ts waits for `drain`, keeps the unsent bytes under its
// bound, and closes a reader that does not drain in time.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSse } from '../../runtime/http/sse.ts';
import { openSocket } from './helpers.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

const FRAME = { filler: 'x'.repeat(16 * 1024) };

/** A server whose one stream writes `frames` frames as fast as the writer lets it. */
async function streamingServer(
  frames: number,
  limits: { bufferBytes: number; drainTimeoutMs: number },
) {
  const seen = { peakUnsent: 0, sent: 0, finished: false };
  const opened: ServerResponse[] = [];
  server = createServer((req, res) => {
    opened.push(res);
    void (async () => {
      const sse = startSse(res, limits);
      for (let i = 0; i < frames; i++) {
        if (!(await sse.send(FRAME, { id: String(i) }))) break;
        seen.sent += 1;
        seen.peakUnsent = Math.max(seen.peakUnsent, res.writableLength);
      }
      seen.finished = true;
      sse.end();
    })();
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen, opened };
}

describe('SSE writer backpressure', () => {
  it('holds at most its buffer for a reader that stopped reading, then closes it', async () => {
    // 3,000 frames of 16 KiB is 48 MiB: the old writer queued all of it in the process.
    const { url, seen, opened } = await streamingServer(3000, {
      bufferBytes: 256 * 1024,
      drainTimeoutMs: 500,
    });
    const s = await openSocket(url);
    s.pause(); // never reads
    s.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
    // A paused client never sees the close; the host's side of it is what is asserted.
    const until = Date.now() + 5000;
    while (!seen.finished && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(seen.finished).toBe(true);
    expect(opened[0]!.destroyed).toBe(true);
    expect(seen.sent).toBeLessThan(3000);
    // Unsent bytes never exceed the bound plus the frame being written.
    expect(seen.peakUnsent).toBeLessThanOrEqual(256 * 1024 + JSON.stringify(FRAME).length + 64);
    s.destroy();
  });

  it('delivers every frame to a reader that keeps reading', async () => {
    const { url, seen } = await streamingServer(200, {
      bufferBytes: 64 * 1024,
      drainTimeoutMs: 2000,
    });
    const r = await fetch(url);
    const text = await r.text();
    expect(text.match(/^id: /gm)).toHaveLength(200);
    expect(seen.sent).toBe(200);
  });
});
