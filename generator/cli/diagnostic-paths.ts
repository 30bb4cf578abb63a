// Diagnostics name files relative to the working directory, as compilers do, so a
// path printed is a path the user can open from where they typed the command; the pipeline names
// them relative to the spec's display root, which does not depend on the working directory.
import { relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

export function relativeToWorkingDir<D extends Diagnostic>(
  diagnostics: readonly D[],
  displayRoot: string,
  cwd: string = process.cwd(),
): D[] {
  const fromCwd = (file: string): string => {
    const rel = relative(cwd, resolve(displayRoot, file)).split(sep).join('/');
    return rel === '' ? '.' : rel;
  };
  // A cause's link names the cause by its file too, so it moves with it.
  return diagnostics.map((d) =>
    d.derivedFrom
      ? {
          ...d,
          file: fromCwd(d.file),
          derivedFrom: { ...d.derivedFrom, file: fromCwd(d.derivedFrom.file) },
        }
      : { ...d, file: fromCwd(d.file) },
  );
}
