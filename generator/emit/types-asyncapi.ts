// Event-stream facts from the AsyncAPI document, as the validate stage read it with
// @asyncapi/parser (validate/asyncapi.ts): the message names each channel carries and the channel
// addresses; and the run-event and host-event unions the runtime's ports are typed by — the payload
// of each event type the spec's payload index names (a new type is a new member, so every table
// that handles events by type stops compiling until it handles it).
import type { SpecModel } from '../model/ir.ts';
import { constant, types } from './code/declarations.ts';
import { doc, lit, unionOf } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import type { EmittedFile } from './source-file.ts';
import type { AsyncApiChannel } from '../workers/workers.ts';
import { pascal } from '../model/naming.ts';
import { typeNameOf } from './types-schemas.ts';

/** Where the REST wire serves host events (DESIGN.md §5): the channel whose messages they are. */
const HOST_EVENTS_ADDRESS = '/host/events';

export function emitAsyncApiTypes(model: SpecModel, channels: AsyncApiChannel[]): EmittedFile {
  const file = model.asyncapi.origin.file;
  const all = [...new Set(channels.flatMap((c) => c.messages))].sort();
  const m = new TsModule('types/event-streams.ts');
  m.add(
    types(
      doc(`Source: ${file}#/channels — message names carried on the event streams.`),
      `export type EventStreamMessageName = ${unionOf(all)};`,
    ),
  );
  m.add(
    types(
      `export interface EventChannel { id: string; address: string; messages: readonly EventStreamMessageName[] }`,
    ),
    constant({ name: 'eventChannels', type: 'readonly EventChannel[]', value: [lit(channels)] }),
  );
  const payload = (type: string) =>
    m.use({ module: 'types/events.ts', name: typeNameOf(pascal(type)), kind: 'type' });
  const index = model.events[0]?.origin.file ?? file;
  m.add(
    types(
      doc(`Source: ${index} — the payload of each run event type.`),
      `export interface RunEventPayloads {`,
      ...model.events.map((e) => `  ${lit(e.type)}: ${payload(e.type)};`),
      `}`,
      `export type RunEventType = keyof RunEventPayloads;`,
    ),
  );
  const host = new Set(
    channels.filter((c) => c.address === HOST_EVENTS_ADDRESS).flatMap((c) => c.messages),
  );
  m.add(
    types(
      doc(
        `Source: ${file}#/channels — the payload of each event type the host-event stream carries.`,
      ),
      `export interface HostEventPayloads {`,
      ...model.events
        .filter((e) => host.has(e.type))
        .map((e) => `  ${lit(e.type)}: ${payload(e.type)};`),
      `}`,
    ),
  );
  return m.file([file]);
}
