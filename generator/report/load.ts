// Loads a spec the way `generate` does (load → build IR → check), for the interop report: the
// report is built from the same SpecModel the emitters read (DESIGN.md §2), and a spec with an
// error gives no report, exactly as it gives no package.
import { checkModel } from '../check/index.ts';
import { DiagnosticSink, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { detectLayout, inputDirs, type SpecLayout } from '../load/layout.ts';
import { SourceSet } from '../load/source-set.ts';
import { buildModel } from '../model/build.ts';
import type { SpecModel } from '../model/ir.ts';

export interface LoadedSpec {
  layout: SpecLayout | null;
  /** Null when the spec has an error (then `diagnostics` says which). */
  model: SpecModel | null;
  /** The interop map's `updated` date (the day its rows were last checked against upstream). */
  mapUpdated: string | null;
  diagnostics: Diagnostic[];
  /** Folders the spec is read from: the report is never written inside one. */
  inputDirs: string[];
}

export function loadSpec(specDir: string): LoadedSpec {
  const layout = detectLayout(specDir);
  if (!layout) {
    return {
      layout: null,
      model: null,
      mapUpdated: null,
      inputDirs: [specDir],
      diagnostics: [
        {
          code: 'input-missing',
          severity: 'error',
          file: specDir,
          pointer: '',
          message: `${specDir} holds neither openapi.yaml (wopgen layout) nor api/v2/openapi.yaml (upstream layout)`,
        },
      ],
    };
  }
  const set = new SourceSet(layout);
  const sink = new DiagnosticSink((file, pointer) => set.getRel(file)?.locate(pointer));
  const model = buildModel(set, sink);
  const rawMap = set.get(layout.interopMap)?.data as Record<string, unknown> | undefined;
  if (model) checkModel({ model }, sink);
  const updated = rawMap?.['updated'];
  return {
    layout,
    model: sink.errorCount > 0 ? null : model,
    mapUpdated: typeof updated === 'string' ? updated : null,
    diagnostics: sink.sorted(),
    inputDirs: inputDirs(layout),
  };
}
