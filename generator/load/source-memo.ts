// What `generate --watch` keeps of its inputs from one regeneration to the next: each file as
// loaded (bytes, text, digest, parsed data) and each bundle made from them (load/bundle.ts) with
// the `$ref` resolutions it made. A file whose bytes are unchanged is the same SourceFile, not
// decoded, hashed or parsed again; a bundle whose root is the same file and whose resolutions all
// give the same files again is the same value, not copied again (a one-row edit of the map leaves
// the OpenAPI, AsyncAPI and schema bundles as they were). Kept values are frozen all the way down
// (cache/frozen.ts), so no step can change what the next run reads.
import type { ParsedCache } from '../cache/parsed-yaml.ts';
import { deepFreeze } from '../cache/frozen.ts';
import { decodeInput, readInputBytes } from './input-limits.ts';
import { SourceFile } from './source.ts';

/** One `$ref` a bundle resolved, and the place it found. */
export interface Resolution {
  from: SourceFile;
  ref: string;
  file: SourceFile;
  pointer: string;
}

export interface KeptBundle {
  root: SourceFile;
  value: Record<string, unknown>;
  files: SourceFile[];
  /** Every resolution the bundle made, in order: all of them succeeded and reported nothing. */
  resolutions: Resolution[];
}

export class SourceMemo {
  private readonly files = new Map<string, { bytes: Buffer; file: SourceFile }>();
  /** Bundles by root file, pointer and options (load/bundle.ts). */
  readonly bundles = new Map<string, KeptBundle>();

  /** The file at `abs` (which exists): the one read before when its bytes are the same. */
  read(rel: string, abs: string, parsedCache?: ParsedCache): SourceFile {
    const read = readInputBytes(abs);
    if (!('bytes' in read)) return new SourceFile(rel, abs, read.text, read.problem);
    const kept = this.files.get(abs);
    if (kept && kept.file.rel === rel && kept.bytes.equals(read.bytes)) return kept.file;
    const input = decodeInput(read.bytes);
    const file = new SourceFile(rel, abs, input.text, input.problem, parsedCache);
    deepFreeze(file.data);
    this.files.set(abs, { bytes: read.bytes, file });
    return file;
  }
}
