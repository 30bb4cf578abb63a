// Diagnostics name files relative to the working directory (issue 8 §4), as compilers do, so a
// path printed is a path the user can open from where they typed the command; the pipeline names
// them relative to the spec's display root, which does not depend on the working directory.
import { relative, resolve, sep } from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';

export function relativeToWorkingDir<D extends Diagnostic>(
  diagnostics: readonly D[],
  displayRoot: string,
  cwd: string = process.cwd(),
): D[] {
  return diagnostics.map((d) => {
    const rel = relative(cwd, resolve(displayRoot, d.file)).split(sep).join('/');
    return { ...d, file: rel === '' ? '.' : rel };
  });
}
