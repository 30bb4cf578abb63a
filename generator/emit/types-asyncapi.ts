// Event-stream facts from the AsyncAPI document, read with @asyncapi/parser in a worker thread
// (asyncapi-worker.mjs): the message names each channel carries and the channel addresses. The
// parser gets the bundled document, so it resolves no reference itself; its errors and warnings
// become `asyncapi-invalid` diagnostics.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { joinPointer } from '../load/pointer.ts';
import type { SpecModel } from '../model/ir.ts';
import { lit, unionOf, type EmittedFile } from './source-file.ts';
import { startWorker, type StartedWorker } from './worker.ts';

interface ParsedAsyncApi {
  channels: { id: string; address: string; messages: string[] }[];
  diagnostics: { code: string; message: string; path: string[]; severity: number }[];
}

export type AsyncApiReader = StartedWorker<Record<string, unknown>, ParsedAsyncApi>;

export function startAsyncApiReader(): AsyncApiReader {
  return startWorker('asyncapi-worker');
}

export async function emitAsyncApiTypes(
  model: SpecModel,
  sink: DiagnosticSink,
  reader: AsyncApiReader,
): Promise<EmittedFile> {
  const file = model.asyncapi.origin.file;
  const answer = await reader.run(model.asyncapi.document);
  const parsed: ParsedAsyncApi = answer.ok ? answer.value : { channels: [], diagnostics: [] };
  if (!answer.ok)
    sink.report('asyncapi-invalid', file, '', `the AsyncAPI parser failed: ${answer.message}`);
  for (const d of parsed.diagnostics) {
    // Severity 0 is an error and 1 a warning in spectral's scale; hints and infos are left out.
    if (d.severity > 1) continue;
    sink.report('asyncapi-invalid', file, joinPointer('', ...d.path), `${d.code}: ${d.message}`);
  }
  const channels = [...parsed.channels].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const all = [...new Set(channels.flatMap((c) => c.messages))].sort();
  const L = [
    `/** Source: ${file}#/channels — message names carried on the event streams. */`,
    `export type EventStreamMessageName = ${unionOf(all)};`,
    '',
    `export interface EventChannel { id: string; address: string; messages: readonly EventStreamMessageName[] }`,
    `export const eventChannels: readonly EventChannel[] = ${lit(channels)};`,
  ];
  return { path: 'types/event-streams.ts', from: [file], body: L.join('\n'), parser: 'typescript' };
}
