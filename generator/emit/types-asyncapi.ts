// Event-stream facts from the AsyncAPI document, read with @asyncapi/parser: the message names
// each channel carries and the channel addresses. The parser gets the bundled document, so it
// resolves no reference itself; what it reports becomes `asyncapi-invalid` warnings.
import { Parser } from '@asyncapi/parser';
import type { DiagnosticSink } from '../check/diagnostic.ts';
import { joinPointer } from '../load/pointer.ts';
import type { SpecModel } from '../model/ir.ts';
import { lit, unionOf, type EmittedFile } from './source-file.ts';

export async function emitAsyncApiTypes(
  model: SpecModel,
  sink: DiagnosticSink,
): Promise<EmittedFile> {
  const file = model.asyncapi.origin.file;
  const parser = new Parser();
  const { document, diagnostics } = await parser.parse(
    structuredClone(model.asyncapi.document) as Parameters<Parser['parse']>[0],
  );
  for (const d of diagnostics) {
    // Severity 0 is an error in spectral's scale; hints and infos are not worth a line each.
    if (d.severity > 1) continue;
    sink.report(
      'asyncapi-invalid',
      file,
      joinPointer('', ...d.path.map(String)),
      `${d.code}: ${d.message}`,
    );
  }
  const channels: { id: string; address: string; messages: string[] }[] = [];
  if (document) {
    for (const ch of document.channels().all()) {
      channels.push({
        id: ch.id(),
        address: ch.address() ?? '',
        messages: ch
          .messages()
          .all()
          .map((m) => m.name() ?? m.id())
          .sort(),
      });
    }
  }
  channels.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
