// `$ref` resolution across loaded files. Relative references resolve against the referring
// file's location first, then against its `$id`; absolute ones through the `$id`s of the schema
// directories. Nothing is ever fetched from the network.
import { dirname, resolve as resolvePath } from 'node:path';
import { getAt } from './pointer.ts';
import { rootId, type SourceSet } from './source-set.ts';
import type { SourceFile } from './source.ts';

export interface RefTarget {
  file: SourceFile;
  pointer: string;
}

export type RefResult =
  | { ok: true; target: RefTarget }
  | { ok: false; code: 'ref-unresolved' | 'ref-external'; message: string }
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
    file = set.get(resolvePath(dirname(from.abs), uriPart));
    const base = rootId(from.data);
    if (!file && base) file = set.byId(new URL(uriPart, base).href);
    if (!file) {
      return {
        ok: false,
        code: 'ref-unresolved',
        message: `$ref "${ref}": file ${uriPart} not found`,
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
      message: `$ref "${ref}": no value at ${fragment || '/'} in ${file.rel}`,
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
