// One outbound request sent to the address the egress guard approved and to no other (interop.md
// §"Calling out" takes the push rule of §"A2A push delivery"): the global fetch would resolve the
// name again, and a DNS server that answers the guard a public address could answer the connect a
// loopback or metadata one. Node's request gets the approved address as its only lookup answer; TLS
// still names (SNI) and checks the URL's host. The answer is a WHATWG Response whose body streams
// (SSE), with fetch's refusals: a redirect and a broken connection reject with a TypeError, the
// caller's abort with its signal's reason.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, type EgressTarget } from '../push/egress-guard.ts';

export interface PinnedOptions {
  /** Extra trust anchors (PEM) for peers on a private CA (tests). */
  ca?: readonly string[];
}

/** Fetch's redirect statuses: with `redirect: 'error'` each is a network error. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY = new Set([204, 205, 304]);

const failed = (cause: unknown) => new TypeError('fetch failed', { cause });

export async function pinnedFetch(
  target: EgressTarget,
  init: RequestInit,
  options: PinnedOptions = {},
): Promise<Response> {
  const signal = init.signal ?? undefined;
  signal?.throwIfAborted();
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  // The body as fetch encodes it (its default content-type too), sent with its length.
  let body: Buffer | undefined;
  if (init.body !== undefined && init.body !== null) {
    const encoded = new Response(init.body);
    body = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type');
    if (type !== null && !headers.has('content-type')) headers.set('content-type', type);
    headers.set('content-length', String(body.byteLength));
  }
  // No content coding is decoded here, so none is accepted (without the header, any would be).
  if (!headers.has('accept-encoding')) headers.set('accept-encoding', 'identity');
  const isHttps = target.url.protocol === 'https:';
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => req.destroy(signal?.reason as Error);
    const done = () => signal?.removeEventListener('abort', onAbort);
    const req = (isHttps ? httpsRequest : httpRequest)(
      target.url,
      {
        method,
        headers: Object.fromEntries(headers),
        lookup: pinnedLookup(target),
        agent: false,
        ...(isHttps && options.ca ? { ca: [...options.ca] } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) || status < 200 || status > 599) {
          res.destroy();
          done();
          reject(failed(new Error(`the peer answered ${status}, which is not followed`)));
          return;
        }
        const empty = NULL_BODY.has(status) || method === 'HEAD';
        try {
          const answer = new Response(empty ? null : bodyOf(res, signal, done), {
            status,
            statusText: res.statusMessage ?? '',
            headers: headersOf(res.rawHeaders),
          });
          if (empty) {
            res.resume();
            done();
          }
          resolve(answer);
        } catch (err) {
          res.destroy();
          done();
          reject(failed(err));
        }
      },
    );
    req.on('error', (err) => {
      done();
      reject(signal?.aborted ? signal.reason : failed(err));
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    req.end(body);
  });
}

function headersOf(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** The answer's body as a stream: read as the caller pulls, closed with the connection. */
function bodyOf(
  res: IncomingMessage,
  signal: AbortSignal | undefined,
  done: () => void,
): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const end = (err?: unknown) => {
        if (!open) return;
        open = false;
        done();
        if (err === undefined) controller.close();
        else controller.error(signal?.aborted ? signal.reason : failed(err));
      };
      res.on('data', (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) res.pause();
      });
      res.on('end', () => end());
      res.on('error', (err) => end(err));
      // A connection closed before the end of the body (the peer's, or our abort's).
      res.on('close', () => end(new Error('the answer was cut off')));
    },
    pull() {
      res.resume();
    },
    cancel() {
      open = false;
      done();
      res.destroy();
    },
  });
}
