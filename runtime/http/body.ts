// Request bodies: read with a size limit, parsed as JSON. Oversize and malformed bodies are
// reported as typed failures so each binding can answer in its own protocol's shape.
import type { IncomingMessage } from 'node:http';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../util/json-depth.ts';
import { declaresJson } from './media-type.ts';
import { noteRpcMethod } from './request-log.ts';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyResult =
  | { ok: true; value: unknown; raw: string }
  | {
      ok: false;
      /** `media-type`: a declared Content-Type that is not JSON (media-type.ts); nothing was read. */
      problem: 'too-large' | 'malformed' | 'empty' | 'media-type';
      message: string;
    };

export async function readJsonBody(
  req: IncomingMessage,
  limit = DEFAULT_BODY_LIMIT,
): Promise<BodyResult> {
  if (!declaresJson(req.headers['content-type'])) {
    // Not echoed: the header is the client's, of any length.
    req.resume();
    const message = 'request body must be application/json';
    return { ok: false, problem: 'media-type', message };
  }
  // A declared length over the limit is refused before a byte is read (a slow sender of a large
  // body must not hold the connection while it is counted).
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    // Discarded, not buffered: the refusal says `Connection: close`, and a client still sending
    // gets its answer instead of a reset (the request timeout bounds a sender that never stops).
    req.resume();
    return { ok: false, problem: 'too-large', message: `request body exceeds ${limit} bytes` };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      return { ok: false, problem: 'too-large', message: `request body exceeds ${limit} bytes` };
    }
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw.trim() === '') return { ok: false, problem: 'empty', message: 'request body is empty' };
  if (jsonNestsDeeperThan(raw)) {
    const message = `request body nests deeper than ${MAX_JSON_DEPTH} levels`;
    return { ok: false, problem: 'malformed', message };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    return {
      ok: false,
      problem: 'malformed',
      message: `request body is not JSON: ${(err as Error).message}`,
    };
  }
  noteRpcMethod(req, value);
  return { ok: true, value, raw };
}
