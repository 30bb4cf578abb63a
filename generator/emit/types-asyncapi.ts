// Event-stream facts from the AsyncAPI document, as the validate stage read it with
// @asyncapi/parser (validate/asyncapi.ts): the message names each channel carries and the channel
// addresses.
import type { SpecModel } from '../model/ir.ts';
import { doc, lit, unionOf } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import type { EmittedFile } from './source-file.ts';
import type { AsyncApiChannel } from '../workers/workers.ts';

export function emitAsyncApiTypes(model: SpecModel, channels: AsyncApiChannel[]): EmittedFile {
  const file = model.asyncapi.origin.file;
  const all = [...new Set(channels.flatMap((c) => c.messages))].sort();
  const m = new TsModule('types/event-streams.ts');
  m.add(
    doc(`Source: ${file}#/channels — message names carried on the event streams.`),
    `export type EventStreamMessageName = ${unionOf(all)};`,
  );
  m.add(
    `export interface EventChannel { id: string; address: string; messages: readonly EventStreamMessageName[] }`,
    `export const eventChannels: readonly EventChannel[] = ${lit(channels)};`,
  );
  return m.file([file]);
}
