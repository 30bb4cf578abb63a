// Event payload models for the events the interop layer emits or reads. The payload of each v2
// event type is found through the payload schema's root `_typeIndex` (the normative v2 map;
// `$defs._typeIndex` holds v1 spellings and is only a fallback), reached from the AsyncAPI
// document's message payloads.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { bundle, reportUnresolved } from '../load/bundle.ts';
import { getAt, joinPointer } from '../load/pointer.ts';
import { isRefOnly, resolveRef, type RefResult, type RefTarget } from '../load/refs.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { SourceFile } from '../load/source.ts';
import type { EventModel } from './ir.ts';

/** Event types the interop rules name (interop.md; DESIGN.md §5), with the fields they require. */
export const INTEROP_EVENTS: Record<string, string[]> = {
  'interrupt.requested': [],
  'interrupt.resolved': [],
  'negotiation.decided': [
    'protocol',
    'outcome',
    'at',
    'version',
    'floor',
    'peerDigest',
    'reason',
    'requested',
  ],
  'node.suspended': [],
  // MCP progress and notifications/message are read from these (the map's logLevel row).
  'node.completed': [],
  'log.appended': ['level', 'message'],
  'run.cancelled': ['reason'],
  'run.completed': [],
  'run.failed': [],
  'run.started': ['transport'],
  // A declared input path (the map's SendMessage row for a running task): a conversation loop.
  'conversation.opened': ['conversationId'],
  'conversation.exchanged': ['conversationId', 'turnIndex', 'turn', 'outcome'],
  'conversation.closed': ['conversationId', 'turnCount'],
};

const INDEX_POINTERS = ['/_typeIndex/properties', '/$defs/_typeIndex/properties'];

export interface EventsPart {
  events: EventModel[];
  payloadsFile: SourceFile | null;
}

export function buildEvents(
  set: SourceSet,
  sink: DiagnosticSink,
  asyncapi: SourceFile,
): EventsPart {
  const { payloadsFile, unresolved } = findPayloadsFile(set, asyncapi);
  // Without a payloads file, an unresolved message payload reference is why.
  const cause = unresolved
    ? reportUnresolved(set, sink, asyncapi, unresolved.pointer, unresolved.result)
    : undefined;
  const events: EventModel[] = [];
  for (const [type, fields] of Object.entries(INTEROP_EVENTS)) {
    const indexPointer =
      INDEX_POINTERS.map((p) => joinPointer(p, type)).find(
        (p) => payloadsFile && getAt(payloadsFile.data, p) !== undefined,
      ) ?? joinPointer(INDEX_POINTERS[0]!, type);
    const entry = payloadsFile ? getAt(payloadsFile.data, indexPointer) : undefined;
    const r =
      payloadsFile && isRefOnly(entry) ? resolveRef(set, payloadsFile, entry.$ref) : undefined;
    if (!r?.ok) {
      sink.report(
        'event-missing',
        payloadsFile?.rel ?? asyncapi.rel,
        payloadsFile ? indexPointer : '/components/messages',
        `no payload schema for interop event "${type}"`,
        payloadsFile ? undefined : cause,
      );
      continue;
    }
    const schema = bundle(set, sink, r.target, { defsPath: ['$defs'] }).value;
    const props = (schema['properties'] ?? {}) as Record<string, unknown>;
    const missing = fields.filter((f) => !(f in props));
    if (missing.length > 0) {
      sink.report(
        'event-field-missing',
        r.target.file.rel,
        r.target.pointer,
        `payload of "${type}" declares no ${missing.map((m) => `"${m}"`).join(', ')}; the interop rules require ${missing.length > 1 ? 'them' : 'it'}`,
      );
    }
    events.push({ type, schema, origin: { file: r.target.file.rel, pointer: r.target.pointer } });
  }
  // Every other event type the index names: the run-event union is the spec's, so a new type is a
  // new member of it (and a compile error where events are handled by type).
  if (payloadsFile)
    events.push(...otherEvents(set, sink, payloadsFile, new Set(events.map((e) => e.type))));
  return { events, payloadsFile };
}

/** The index's event types beyond the interop ones, in index order, each with its payload. */
function otherEvents(
  set: SourceSet,
  sink: DiagnosticSink,
  payloadsFile: SourceFile,
  known: ReadonlySet<string>,
): EventModel[] {
  const at = INDEX_POINTERS.find((p) => getAt(payloadsFile.data, p) !== undefined);
  if (!at) return [];
  const index = getAt(payloadsFile.data, at) as Record<string, unknown>;
  const out: EventModel[] = [];
  for (const [type, entry] of Object.entries(index)) {
    if (known.has(type) || !isRefOnly(entry)) continue;
    const r = resolveRef(set, payloadsFile, entry.$ref);
    // An entry that does not resolve is reported by the bundle of the file that holds it.
    if (!r.ok) continue;
    const schema = bundle(set, sink, r.target, { defsPath: ['$defs'] }).value;
    out.push({ type, schema, origin: { file: r.target.file.rel, pointer: r.target.pointer } });
  }
  return out;
}

/**
 * The file behind the AsyncAPI message payloads that carries the v2 type index; when there is
 * none, the first payload reference that did not resolve, if any.
 */
function findPayloadsFile(
  set: SourceSet,
  asyncapi: SourceFile,
): {
  payloadsFile: SourceFile | null;
  unresolved?: { pointer: string; result: Extract<RefResult, { ok: false }> };
} {
  let unresolved: { pointer: string; result: Extract<RefResult, { ok: false }> } | undefined;
  const sections = ['messages', 'schemas'];
  for (const section of sections) {
    const entries = (getAt(asyncapi.data, `/components/${section}`) ?? {}) as Record<
      string,
      Record<string, unknown>
    >;
    for (const [name, value] of Object.entries(entries)) {
      const payload = section === 'messages' ? value?.['payload'] : value;
      if (!isRefOnly(payload)) continue;
      const r = resolveRef(set, asyncapi, payload.$ref);
      if (r.ok && hasTypeIndex(r.target)) return { payloadsFile: r.target.file };
      if (!r.ok && r.code !== 'ref-external' && !unresolved) {
        const at = joinPointer('/components', section, name);
        unresolved = {
          pointer: section === 'messages' ? joinPointer(at, 'payload') : at,
          result: r,
        };
      }
    }
  }
  return unresolved ? { payloadsFile: null, unresolved } : { payloadsFile: null };
}

function hasTypeIndex(t: RefTarget): boolean {
  return INDEX_POINTERS.some((p) => getAt(t.file.data, p) !== undefined);
}
