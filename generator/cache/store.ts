// Per-artifact cache: the result of each costly step of a generation (a library's
// print of a document, a file's formatting, a file's compile) kept under the digest of exactly
// what that step was given, so a regeneration after a one-row edit redoes only the steps whose
// inputs changed. An entry is named by sha256(generator fingerprint, step, input): an entry of
// another generator build or of another input is never found, so a hit gives the very bytes the
// step would have computed (the cold-vs-warm test holds the output to that).
//
// Where it lives: node_modules/.cache/wopgen/artifacts/<fingerprint>/, beside the warm-state
// file (generator/version.ts cacheFile), never in the spec folder or the output. One file per
// entry, written to a temporary name and renamed, so concurrent generations (tests, --watch
// beside a manual run) share entries without ever reading half a file.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { textMemo } from './text-memo.ts';

/** Folders of other generator builds are removed once unused this long. */
const STALE_MS = 24 * 60 * 60 * 1000;

export interface CacheStats {
  hits: number;
  misses: number;
  /** The step of each miss, in order: what this run had to compute. */
  missed: string[];
}

/**
 * The entries this process has read or written, by file: a `generate --watch` session asks for
 * the same entries on every regeneration. An entry's name is the digest of everything its value
 * depends on, so what is kept here is never stale. Emptied when it outgrows MEMORY_CHARS.
 */
const memory = new Map<string, string>();
const MEMORY_CHARS = 64 * 1024 * 1024;
let memoryChars = 0;

function remember(file: string, value: string): void {
  // What was last written wins, here as on the disk (a from-scratch run rewrites its entries).
  memoryChars += value.length - (memory.get(file)?.length ?? 0);
  if (memoryChars > MEMORY_CHARS) {
    memory.clear();
    memoryChars = value.length;
  }
  memory.set(file, value);
}

/** The key of each large input met, per generator build and step (cache/text-memo.ts). */
const keyMemos = new Map<string, (input: string) => string>();

function keyOf(fingerprint: string, step: string, input: string | Uint8Array): string {
  // The step name and fingerprint are hashed with the input, so neither can be confused with
  // the other's bytes.
  // Hashed in two parts, not joined first: an input can be megabytes.
  return createHash('sha256').update(`${fingerprint}\0${step}\0`).update(input).digest('hex');
}

export class ArtifactCache {
  readonly stats: CacheStats = { hits: 0, misses: 0, missed: [] };
  private readonly dir: string;
  private made = false;

  private readonly read: boolean;

  /**
   * @param root the cache folder (node_modules/.cache/wopgen/artifacts)
   * @param fingerprint the generator build's fingerprint (generator/version.ts): part of every key
   * @param options.read false: find nothing, only record (a from-scratch run that refills it)
   */
  constructor(
    private readonly root: string,
    private readonly fingerprint: string,
    options: { read?: boolean } = {},
  ) {
    this.dir = join(root, fingerprint.slice(0, 32));
    this.read = options.read ?? true;
  }

  /** Whether this generator build has cached anything yet (a warm run is then likely). */
  exists(): boolean {
    if (!this.read) return false;
    try {
      return statSync(this.dir).isDirectory();
    } catch {
      return false;
    }
  }

  /** The cached result of `step` on `input`, or undefined. */
  get(step: string, input: string | Uint8Array): string | undefined {
    try {
      if (this.read) {
        const file = join(this.dir, this.key(step, input));
        let text = memory.get(file);
        if (text === undefined) {
          text = readFileSync(file, 'utf8');
          remember(file, text);
        }
        this.stats.hits++;
        return text;
      }
    } catch {
      // Not recorded (or unreadable): computed again.
    }
    this.stats.misses++;
    this.stats.missed.push(step);
    return undefined;
  }

  /** Records the result of `step` on `input`; a failure to write only costs the next run time. */
  set(step: string, input: string | Uint8Array, value: string): void {
    const file = join(this.dir, this.key(step, input));
    remember(file, value);
    const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
    try {
      if (!this.made) {
        mkdirSync(this.dir, { recursive: true });
        this.made = true;
        this.pruneOtherBuilds();
      }
      writeFileSync(tmp, value);
      renameSync(tmp, file);
    } catch {
      rmSync(tmp, { force: true });
    }
  }

  /** `compute`'s result through the cache: computed (and recorded) only on a miss. */
  async through(
    step: string,
    input: string | Uint8Array,
    compute: () => string | Promise<string>,
  ): Promise<string> {
    const hit = this.get(step, input);
    if (hit !== undefined) return hit;
    const value = await compute();
    this.set(step, input, value);
    return value;
  }

  private key(step: string, input: string | Uint8Array): string {
    if (typeof input !== 'string') return keyOf(this.fingerprint, step, input);
    // A large input (a document's JSON, a file's code) comes back unchanged on most regenerations.
    const prefix = `${this.fingerprint}\0${step}`;
    let memo = keyMemos.get(prefix);
    if (!memo) {
      memo = textMemo((text) => keyOf(this.fingerprint, step, text));
      keyMemos.set(prefix, memo);
    }
    return memo(input);
  }

  /** Entries of other generator builds can never be found again: removed once stale. */
  private pruneOtherBuilds(): void {
    const now = Date.now();
    try {
      for (const name of readdirSync(this.root)) {
        const p = join(this.root, name);
        if (p === this.dir) continue;
        if (now - statSync(p).mtimeMs > STALE_MS) rmSync(p, { recursive: true, force: true });
      }
    } catch {
      // Another process pruned first.
    }
  }
}
