// The set of loaded input files: each read and parsed once, found by path or by `$id`.
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ParsedCache } from '../cache/parsed-yaml.ts';
import type { SpecLayout } from './layout.ts';
import type { SourceMemo } from './source-memo.ts';
import { SourceFile } from './source.ts';

export class SourceSet {
  private readonly byPath = new Map<string, SourceFile>();
  private idIndex?: Map<string, string>;
  private roots?: string[];
  /** `contains` by path: every `$ref` asks it, mostly about the same few files. */
  private readonly inside = new Map<string, boolean>();

  constructor(
    readonly layout: SpecLayout,
    /** Parsed YAML of earlier runs, when the generation has an artifact cache. */
    private readonly parsedCache?: ParsedCache,
    /** Files and bundles of the run before (`generate --watch`, source-memo.ts). */
    readonly memo?: SourceMemo,
  ) {}

  relOf(abs: string): string {
    return relative(this.layout.displayRoot, abs).split(sep).join('/');
  }

  /**
   * Whether `abs` lies inside one of the input folders once symlinks are followed; a path that
   * does not exist yet is judged by its lexical form (the missing-file diagnostic then names it).
   */
  contains(abs: string): boolean {
    const known = this.inside.get(abs);
    if (known !== undefined) return known;
    const l = this.layout;
    this.roots ??= [
      ...[l.openapi, l.asyncapi, l.interopMap, l.errors].map((f) => dirname(f)),
      l.facetsDir,
      ...l.schemaDirs,
    ].map((d) => realOrSelf(d));
    const real = realOrSelf(abs);
    const inside = this.roots.some((r) => real.startsWith(r + sep));
    this.inside.set(abs, inside);
    return inside;
  }

  /** The file at an absolute path, loaded on first use; undefined when it does not exist. */
  get(abs: string): SourceFile | undefined {
    const hit = this.byPath.get(abs);
    if (hit) return hit;
    if (!existsSync(abs)) return undefined;
    const rel = this.relOf(abs);
    const file = this.memo
      ? this.memo.read(rel, abs, this.parsedCache)
      : SourceFile.read(rel, abs, this.parsedCache);
    this.byPath.set(abs, file);
    return file;
  }

  /**
   * A file wopgen carries itself (load/builtin-schemas.ts), under the name `rel` whatever folder it
   * is read from; undefined when it does not exist.
   */
  getBuiltin(abs: string, rel: string): SourceFile | undefined {
    const hit = this.byPath.get(abs);
    if (hit) return hit;
    if (!existsSync(abs)) return undefined;
    const file = this.memo
      ? this.memo.read(rel, abs, this.parsedCache)
      : SourceFile.read(rel, abs, this.parsedCache);
    this.byPath.set(abs, file);
    return file;
  }

  getRel(rel: string): SourceFile | undefined {
    for (const f of this.byPath.values()) if (f.rel === rel) return f;
    return undefined;
  }

  /**
   * The schema whose root `$id` is `uri`. Only files in the layout's schema directories whose
   * name matches the URI's last segment are opened, so nothing unrelated is read or fetched.
   */
  byId(uri: string): SourceFile | undefined {
    const wanted = stripFragment(uri);
    const known = this.index().get(wanted);
    if (known) return this.get(known);
    const base = wanted.slice(wanted.lastIndexOf('/') + 1);
    for (const dir of this.layout.schemaDirs) {
      const candidate = join(dir, base);
      const file = this.get(candidate);
      if (file && rootId(file.data) === wanted) {
        this.index().set(wanted, candidate);
        return file;
      }
    }
    return undefined;
  }

  /** Every loaded file, sorted by relative path: the generator's inputs. */
  files(): SourceFile[] {
    return [...this.byPath.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  }

  private index(): Map<string, string> {
    if (!this.idIndex) {
      this.idIndex = new Map();
      for (const f of this.byPath.values()) {
        const id = rootId(f.data);
        if (id) this.idIndex.set(stripFragment(id), f.abs);
      }
    }
    return this.idIndex;
  }
}

/** The real path of `p`, or of its deepest existing ancestor joined with the rest. */
function realOrSelf(p: string): string {
  const abs = resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(realOrSelf(parent), basename(abs));
  }
}

export function rootId(data: unknown): string | undefined {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const id = (data as Record<string, unknown>)['$id'];
    if (typeof id === 'string') return id;
  }
  return undefined;
}

function stripFragment(uri: string): string {
  const i = uri.indexOf('#');
  return i < 0 ? uri : uri.slice(0, i);
}
