// A bundle kept from the run before (`generate --watch`, source-memo.ts), or made now and kept.
// A kept bundle is used when its root is the same file and every `$ref` resolution it made, asked
// again in the same order of this run's files, finds the same file and place: then every node it
// copied is unchanged, and so is the value. Asking them again loads the same files into this
// run's set, in the same order, as making the bundle would. Only a bundle that reported nothing is
// kept (a kept one reports nothing when used).
import type { Bundle, BundleOptions } from './bundle.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { deepFreeze } from '../cache/frozen.ts';
import type { RefResult, RefTarget } from './refs.ts';
import type { Resolution, SourceMemo } from './source-memo.ts';
import type { SourceSet } from './source-set.ts';
import type { SourceFile } from './source.ts';
import { resolveRef } from './refs.ts';

export type Resolve = (set: SourceSet, from: SourceFile, ref: string) => RefResult;

export function keptOrMade(
  memo: SourceMemo,
  set: SourceSet,
  sink: DiagnosticSink,
  root: RefTarget,
  opts: BundleOptions,
  make: (resolve: Resolve) => Bundle,
): Bundle {
  const key = JSON.stringify([root.file.abs, root.pointer, opts.defsPath, [...(opts.names ?? [])]]);
  const kept = memo.bundles.get(key);
  if (kept && kept.root === root.file && foundAgain(set, kept.resolutions))
    return { value: kept.value, files: new Set(kept.files) };
  const resolutions: Resolution[] = [];
  let failed = false;
  const reported = sink.reported;
  const made = make((s, from, ref) => {
    const r = resolveRef(s, from, ref);
    if (r.ok) resolutions.push({ from, ref, file: r.target.file, pointer: r.target.pointer });
    else failed = true;
    return r;
  });
  if (failed || sink.reported !== reported) memo.bundles.delete(key);
  else
    memo.bundles.set(key, {
      root: root.file,
      value: deepFreeze(made.value),
      files: [...made.files],
      resolutions,
    });
  return made;
}

/** Whether each resolution, asked again in order, finds the same file (object) and place. */
function foundAgain(set: SourceSet, resolutions: Resolution[]): boolean {
  for (const r of resolutions) {
    const now = resolveRef(set, r.from, r.ref);
    if (!now.ok || now.target.file !== r.file || now.target.pointer !== r.pointer) return false;
  }
  return true;
}
