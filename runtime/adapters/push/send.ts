// One push attempt over the wire (interop.md §"A2A push delivery"): the URL passes the egress guard
// again, the request goes to the checked address (the TLS server name stays the URL's host), the body
// is the StreamResponse as `application/a2a+json` with the config's `Authorization`, and no OpenWOP
// signature. Redirects are never followed: a 3xx is a failed attempt. The attempt has a deadline and
// reads at most `maxResponseBytes` of the answer.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  checkEgress,
  EgressRefused,
  pinnedLookup,
  type EgressOptions,
  type EgressTarget,
} from './egress-guard.ts';

export interface SendOptions extends EgressOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** Extra trust anchors (PEM) for receivers on a private CA (tests). */
  ca?: string[];
}

export interface PushRequest {
  url: string;
  body: string;
  /** The full `Authorization` value, when the config has one. */
  authorization?: string;
  /** W3C trace context of the run, carried to the receiver. */
  traceparent?: string;
  tracestate?: string;
}

export type SendResult =
  { ok: true; status: number } | { ok: false; status?: number; error: string };

function drain(res: IncomingMessage, limit: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    res.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) res.destroy();
    });
    res.on('end', resolve);
    res.on('close', resolve);
    res.on('error', () => resolve());
  });
}

export async function sendPush(push: PushRequest, options: SendOptions): Promise<SendResult> {
  let target: EgressTarget;
  try {
    target = await checkEgress(push.url, options);
  } catch (err) {
    if (err instanceof EgressRefused) return { ok: false, error: err.message };
    throw err;
  }
  const headers: Record<string, string> = {
    'content-type': 'application/a2a+json',
    'content-length': String(Buffer.byteLength(push.body)),
  };
  if (push.authorization !== undefined) headers['authorization'] = push.authorization;
  if (push.traceparent !== undefined) headers['traceparent'] = push.traceparent;
  if (push.tracestate !== undefined) headers['tracestate'] = push.tracestate;
  const isHttps = target.url.protocol === 'https:';
  const send = isHttps ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const req = send(
      target.url,
      {
        method: 'POST',
        headers,
        lookup: pinnedLookup(target),
        agent: false,
        ...(isHttps && options.ca ? { ca: options.ca } : {}),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        void drain(res, options.maxResponseBytes).then(() => {
          if (status >= 200 && status < 300) done({ ok: true, status });
          else if (status >= 300 && status < 400) {
            done({ ok: false, status, error: 'the receiver redirected (not followed)' });
          } else done({ ok: false, status, error: `the receiver answered ${status}` });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, error: 'the receiver did not answer in time' });
    }, options.timeoutMs);
    req.on('error', (err) => done({ ok: false, error: `delivery failed: ${err.message}` }));
    req.end(push.body);
  });
}
