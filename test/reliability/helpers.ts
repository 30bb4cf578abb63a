// Raw-socket helpers for the reliability suite: requests written byte by byte, readers that never
// read, and waiting for a socket to be closed by the host (loopback only).
import { connect, type Socket } from 'node:net';

export function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port) };
}

/** A connected socket (resolves once connected), from `localAddress` when given. */
export function openSocket(url: string, localAddress?: string): Promise<Socket> {
  const { host, port } = hostPort(url);
  return new Promise((resolve, reject) => {
    const s = connect({ host, port, ...(localAddress && { localAddress }) }, () => resolve(s));
    s.once('error', reject);
  });
}

/** Resolves with the milliseconds until the host closed `socket`, or undefined after `withinMs`. */
export function closedWithin(socket: Socket, withinMs: number): Promise<number | undefined> {
  const started = Date.now();
  return new Promise((resolve) => {
    if (socket.destroyed || socket.readableEnded) return resolve(0);
    const timer = setTimeout(() => resolve(undefined), withinMs);
    const done = () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    };
    socket.once('close', done);
    socket.once('end', done);
    socket.on('error', () => undefined);
  });
}

/** Writes a raw request and reads the whole answer until the host closes or `timeoutMs`. */
export async function rawExchange(
  url: string,
  request: string | Buffer,
  timeoutMs = 5000,
  localAddress?: string,
) {
  const s = await openSocket(url, localAddress);
  s.on('error', () => undefined);
  const chunks: Buffer[] = [];
  s.on('data', (c: Buffer) => chunks.push(c));
  s.write(request);
  await closedWithin(s, timeoutMs);
  s.destroy();
  return parseRawResponse(Buffer.concat(chunks).toString('utf8'));
}

export function parseRawResponse(text: string): {
  status: number;
  headers: Record<string, string>;
  body: string;
} {
  const at = text.indexOf('\r\n\r\n');
  const head = at >= 0 ? text.slice(0, at) : text;
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  return {
    status: Number(statusLine?.split(' ')[1] ?? 0),
    headers,
    body: at >= 0 ? text.slice(at + 4) : '',
  };
}
