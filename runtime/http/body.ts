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
  const read = await readUpTo(req, limit);
  if (read === 'too-large') {
    return { ok: false, problem: 'too-large', message: `request body exceeds ${limit} bytes` };
  }
  const raw = read;
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

/**
 * The body as text, or `too-large` once more than `limit` bytes arrived (the rest is discarded).
 * Plain `data`/`end` listeners rather than `for await`: the async iterator (its promise per chunk
 * and its own stream plumbing) was ~2% of a read's CPU in a GetTask CPU profile, for a body that is
 * one chunk nearly always. A request that fails or closes before its end rejects, as the iterator did.
 */
function readUpTo(req: IncomingMessage, limit: number): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    if (req.readableEnded) return resolve('');
    if (req.destroyed) return reject(new Error('the request closed before its body was read'));
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.resume();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      done();
      const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      resolve(buf.toString('utf8'));
    };
    const onError = (err: Error): void => {
      done();
      reject(err);
    };
    const onClose = (): void => {
      done();
      const err = new Error('the request closed before its body ended') as Error & { code: string };
      err.code = 'ERR_STREAM_PREMATURE_CLOSE';
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
