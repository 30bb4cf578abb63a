// The AsyncAPI document as @asyncapi/parser reads it, in its worker thread: the parser gets the
// bundled document, so it resolves no reference itself. Its errors and warnings become
// `asyncapi-invalid` diagnostics at the JSON pointer it names (the sink adds line:column).
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../load/pointer.ts';
import type { SpecModel } from '../model/ir.ts';
import type { AsyncApiChannel, AsyncApiReader } from '../workers/workers.ts';

/** The channels the parser read, sorted by id; none when it failed. */
export async function validateAsyncApi(
  model: SpecModel,
  sink: DiagnosticSink,
  reader: AsyncApiReader,
): Promise<AsyncApiChannel[]> {
  const file = model.asyncapi.origin.file;
  const answer = await reader.run(model.asyncapi.document);
  if (!answer.ok) {
    sink.report('asyncapi-invalid', file, '', `the AsyncAPI parser failed: ${answer.message}`);
    return [];
  }
  for (const d of answer.value.diagnostics) {
    // Severity 0 is an error and 1 a warning in spectral's scale; hints and infos are left out.
    if (d.severity > 1) continue;
    sink.report('asyncapi-invalid', file, joinPointer('', ...d.path), `${d.code}: ${d.message}`);
  }
  return [...answer.value.channels].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
