// `$ref` resolution across loaded files. Relative references resolve against the referring
// file's location first, then against its `$id`; absolute ones through the `$id`s of the schema
// directories. Nothing is ever fetched from the network.
import { readdirSync } from 'node:fs';
import { basename, dirname, resolve as resolvePath } from 'node:path';
import { closest } from '../diagnostics/suggest.ts';
import { getAt, joinPointer, parsePointer } from './pointer.ts';
import { rootId, type SourceSet } from './source-set.ts';
import type { SourceFile } from './source.ts';

export interface RefTarget {
  file: SourceFile;
  pointer: string;
}

export type RefResult =
  | { ok: true; target: RefTarget }
  | {
      ok: false;
      code: 'ref-unresolved' | 'ref-external' | 'ref-outside';
      message: string;
      /** The absolute path of the file the reference names, when that file does not exist. */
      missingFile?: string;
    }
  | { ok: false; code: 'syntax-error'; message: string; file: SourceFile };

export function resolveRef(set: SourceSet, from: SourceFile, ref: string): RefResult {
  const hash = ref.indexOf('#');
  const uriPart = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
  if (fragment !== '' && !fragment.startsWith('/')) {
    return {
      ok: false,
      code: 'ref-unresolved',
      message: `$ref "${ref}": anchor fragments are not supported`,
    };
  }
  let file: SourceFile | undefined;
  if (uriPart === '') {
    file = from;
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(uriPart)) {
    file = set.byId(uriPart);
    if (!file) {
      return {
        ok: false,
        code: 'ref-external',
        message: `$ref "${ref}" names a document that no loaded schema declares as its $id; wopgen never fetches it`,
      };
    }
  } else {
    const abs = resolvePath(dirname(from.abs), uriPart);
    // Checked before the file is opened, so nothing outside the spec is read or echoed.
    if (!set.contains(abs)) {
      return {
        ok: false,
        code: 'ref-outside',
        message: `$ref "${ref}" names a file outside the spec folders; wopgen never reads it`,
      };
    }
    file = set.get(abs);
    const base = rootId(from.data);
    if (!file && base) file = set.byId(new URL(uriPart, base).href);
    if (!file) {
      return {
        ok: false,
        code: 'ref-unresolved',
        message: `$ref "${ref}": file ${uriPart} not found${fileSuggestion(from, uriPart, ref)}`,
        missingFile: abs,
      };
    }
  }
  if (file.syntax) {
    return { ok: false, code: 'syntax-error', message: file.syntax.message, file };
  }
  if (getAt(file.data, fragment) === undefined) {
    return {
      ok: false,
      code: 'ref-unresolved',
      message: `$ref "${ref}": no value at ${fragment || '/'} in ${file.rel}${fragmentSuggestion(file.data, fragment, ref)}`,
    };
  }
  return { ok: true, target: { file, pointer: fragment } };
}

export function isRefOnly(value: unknown): value is { $ref: string } {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as Record<string, unknown>)['$ref'] === 'string'
  );
}

export function targetKey(t: RefTarget): string {
  return `${t.file.rel}#${t.pointer}`;
}

/** A sibling file whose name is close to the one a reference names, as the corrected `$ref`. */
function fileSuggestion(from: SourceFile, uriPart: string, ref: string): string {
  const name = basename(uriPart);
  let siblings: string[];
  try {
    siblings = readdirSync(resolvePath(dirname(from.abs), dirname(uriPart)));
  } catch {
    return '';
  }
  const near = closest(name, siblings);
  if (near === undefined) return '';
  const at = ref.lastIndexOf(name, ref.indexOf('#') < 0 ? ref.length : ref.indexOf('#'));
  return `; did you mean "${ref.slice(0, at)}${near}${ref.slice(at + name.length)}"?`;
}

/** A key beside the missing last step of a fragment, close to it, as the corrected `$ref`. */
function fragmentSuggestion(data: unknown, fragment: string, ref: string): string {
  const segments = parsePointer(fragment);
  if (!segments || segments.length === 0) return '';
  const parent = joinPointer('', ...segments.slice(0, -1));
  const node = getAt(data, parent);
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return '';
  const near = closest(segments[segments.length - 1]!, Object.keys(node));
  if (near === undefined) return '';
  return `; did you mean "${ref.slice(0, ref.indexOf('#') + 1)}${joinPointer(parent, near)}"?`;
}
