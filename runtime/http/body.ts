// Request bodies: read with a size limit, parsed as JSON. Oversize and malformed bodies are
// reported as typed failures so each binding can answer in its own protocol's shape.
import type { IncomingMessage } from 'node:http';
import { noteRpcMethod } from './request-log.ts';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyResult =
  | { ok: true; value: unknown; raw: string }
  | { ok: false; problem: 'too-large' | 'malformed' | 'empty'; message: string };

export async function readJsonBody(
  req: IncomingMessage,
  limit = DEFAULT_BODY_LIMIT,
): Promise<BodyResult> {
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
