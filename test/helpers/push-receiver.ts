// A real push receiver for tests: an HTTPS server on 127.0.0.1 with a throwaway certificate made
// by openssl (CN and SAN `localhost`, IP 127.0.0.1), recording every request it gets. Its answers
// are scripted: a list of statuses consumed in order (the last one repeats), `307` answering with a
// Location header pointing at the receiver itself, and `0` never answering (a hung receiver; its
// requests stay open until the receiver closes).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedPush {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface PushReceiver {
  /** `https://localhost:<port>` (or http when made without TLS). */
  origin: string;
  port: number;
  /** The certificate (PEM) to trust. */
  ca: string;
  received: ReceivedPush[];
  /** Statuses to answer with, in order; the last repeats. */
  statuses: number[];
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

let cached: { key: string; cert: string } | undefined;

/** A self-signed certificate for localhost/127.0.0.1 (made once per test process). */
export function testCertificate(): { key: string; cert: string } {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    cached = {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startReceiver(options: { tls?: boolean } = {}): Promise<PushReceiver> {
  const tls = options.tls ?? true;
  const { key, cert } = testCertificate();
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const r: PushReceiver = {
    origin: '',
    port: 0,
    ca: cert,
    received,
    statuses: [200],
    waitFor(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${n} pushes`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length >= n) {
            clearTimeout(timer);
            resolve(received.slice(0, n));
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = r.statuses.length > 1 ? r.statuses.shift()! : r.statuses[0]!;
      for (const w of waiters.splice(0)) w();
      if (status === 0) return;
      const headers: Record<string, string> = {};
      if (status >= 300 && status < 400) headers['location'] = `${r.origin}/redirected`;
      res.writeHead(status, headers).end();
    });
  };
  const server = tls ? createHttpsServer({ key, cert }, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.port = (server.address() as AddressInfo).port;
  r.origin = `${tls ? 'https' : 'http'}://localhost:${r.port}`;
  return r;
}
