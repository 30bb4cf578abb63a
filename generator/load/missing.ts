// The cause of a `$ref` to a file that does not exist (derived errors suppressed):
// a missing folder is one problem however many references name files in it, and a missing file
// is one problem however many references name it. The first report is the cause; the rest
// follow from it. Kept per sink, so every bundle of one generation shares it.
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DiagnosticRef, DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { joinPointer } from './pointer.ts';
import type { SourceSet } from './source-set.ts';

const bySink = new WeakMap<DiagnosticSink, Map<string, DiagnosticRef>>();

/**
 * What a `ref-unresolved` at `fromFile#pointer/$ref` for the missing `abs` follows from, or
 * undefined when it is the cause itself (the first reference to a missing file).
 */
export function causeOfMissing(
  set: SourceSet,
  sink: DiagnosticSink,
  abs: string,
  fromFile: string,
  pointer: string,
): DiagnosticRef | undefined {
  let causes = bySink.get(sink);
  if (!causes) bySink.set(sink, (causes = new Map()));
  const folder = missingFolder(abs);
  if (folder !== undefined) {
    const rel = set.relOf(folder);
    return sink.report(
      'input-missing',
      rel,
      '',
      `folder ${rel}/ does not exist, yet $refs name files in it`,
    );
  }
  const here: DiagnosticRef = {
    code: 'ref-unresolved',
    file: fromFile,
    pointer: joinPointer(pointer, '$ref'),
  };
  const prior = causes.get(abs);
  if (prior) return prior.file === here.file && prior.pointer === here.pointer ? undefined : prior;
  causes.set(abs, here);
  return undefined;
}

/** The outermost missing folder on the way to `abs`, or undefined when its folder exists. */
function missingFolder(abs: string): string | undefined {
  let dir = dirname(abs);
  if (existsSync(dir)) return undefined;
  while (!existsSync(dirname(dir)) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
