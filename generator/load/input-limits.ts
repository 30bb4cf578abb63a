// Limits on one input file, checked before it is parsed (specs may be hostile): a spec file is
// a few hundred KB at most, so anything far bigger, not UTF-8, or nested deeper than any schema
// needs is refused with a located diagnostic instead of exhausting memory or the stack.
import { readFileSync, statSync } from 'node:fs';
import type { SyntaxProblem } from './source.ts';

/** Largest input file read (16 MiB, ~150× the upstream openapi.yaml). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;
/** Deepest object/array nesting accepted; every walker below recurses, so this guards the stack. */
export const MAX_INPUT_DEPTH = 256;

export interface ReadInput {
  text: string;
  problem?: SyntaxProblem;
}

/** Reads a file as strict UTF-8 within the size limit; a refusal carries an empty or lossy text. */
export function readInput(abs: string): ReadInput {
  const read = readInputBytes(abs);
  return 'bytes' in read ? decodeInput(read.bytes) : read;
}

/** A file's bytes within the size limit, or the refusal of a larger one (an empty text). */
export function readInputBytes(abs: string): { bytes: Buffer } | ReadInput {
  const size = statSync(abs).size;
  if (size > MAX_INPUT_BYTES) {
    return {
      text: '',
      problem: {
        message: `file is too large (${size} bytes; limit ${MAX_INPUT_BYTES})`,
        offset: 0,
      },
    };
  }
  return { bytes: readFileSync(abs) };
}

/** Bytes as strict UTF-8; a refusal carries the lossy text. */
export function decodeInput(bytes: Buffer): ReadInput {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    // The lossy text marks the first bad byte with U+FFFD, which locates it.
    const text = bytes.toString('utf8');
    return {
      text,
      problem: { message: 'file is not valid UTF-8', offset: Math.max(0, text.indexOf('\uFFFD')) },
    };
  }
}

/** The offset where JSON text first nests deeper than the limit, outside strings; -1 if never. */
export function jsonTooDeep(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_INPUT_DEPTH) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

/** Whether parsed data nests deeper than the limit, walked without recursion. */
export function dataTooDeep(data: unknown): boolean {
  const stack: [unknown, number][] = [[data, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= MAX_INPUT_DEPTH) return true;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return false;
}

export const TOO_DEEP = `nested too deep (limit ${MAX_INPUT_DEPTH} levels)`;
