// Conditional GET (RFC 9110 §13.1): whether a request's validators match what would be served, so
// the answer is 304 with no body. `If-None-Match` wins over `If-Modified-Since` when both are sent.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

export interface Validators {
  etag: string;
  /** An HTTP date (`toUTCString()`), whole seconds. */
  lastModified?: string;
}

export function notModified(req: IncomingMessage, v: Validators): boolean {
  return notModifiedBy(req.headers, v);
}

/** `notModified` over a request's headers. */
export function notModifiedBy(headers: IncomingHttpHeaders, v: Validators): boolean {
  const inm = headers['if-none-match'];
  if (inm !== undefined) {
    const weak = (t: string) => t.trim().replace(/^W\//, '');
    return inm.split(',').some((t) => t.trim() === '*' || weak(t) === weak(v.etag));
  }
  const ims = headers['if-modified-since'];
  if (ims === undefined || v.lastModified === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && Date.parse(v.lastModified) <= since;
}
