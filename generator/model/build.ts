// Builds the SpecModel from a spec directory: load → validate → bundle → read rows (DESIGN.md §2).
// Every problem goes to the sink; the model is null only when a required input is unusable.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { bundle } from '../load/bundle.ts';
import type { SpecLayout } from '../load/layout.ts';
import { getAt } from '../load/pointer.ts';
import { resolveRef } from '../load/refs.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { SourceFile } from '../load/source.ts';
import { a2aRequirementRefusals, mcpProtocolErrors } from './builtins.ts';
import { buildEvents } from './build-events.ts';
import { buildFacet } from './build-facets.ts';
import { buildOpenApi } from './build-openapi.ts';
import { buildRestOperations, restShapes } from './build-rest.ts';
import { buildWire, type WireMethod } from './build-wire.ts';
import type { ElementRow, ErrorCodeRow, FacetModel, Origin, SpecModel } from './ir.ts';
import {
  readA2aErrors,
  readA2aOperations,
  readMcpMethods,
  readReverse,
  readTaskState,
  terminalStatuses,
  type MapContext,
} from './read-map.ts';
import { validateAgainstOwnSchema } from './validate-file.ts';

type Json = Record<string, unknown>;

export function buildModel(set: SourceSet, sink: DiagnosticSink): SpecModel | null {
  const layout = set.layout;
  const openapiFile = required(set, sink, layout.openapi);
  const asyncapiFile = required(set, sink, layout.asyncapi);
  const mapFile = required(set, sink, layout.interopMap);
  const errorsFile = required(set, sink, layout.errors);
  if (!openapiFile || !asyncapiFile || !mapFile || !errorsFile) return null;

  // The map must validate against its schema. Rows are read by shape below, so a shape failure
  // stops here; a bad value (a pattern, an enum) is reported and the cross-checks still run.
  const mapCheck = validateAgainstOwnSchema(set, sink, mapFile, 'map-schema');
  if (!mapCheck.checked)
    sink.report(
      'map-schema',
      mapFile.rel,
      '/$schema',
      'the interop map names no loadable schema in $schema',
    );
  // errors.json is read by shape as the map is: a shape failure stops here too.
  const errorsCheck = validateAgainstOwnSchema(set, sink, errorsFile, 'errors-schema');
  const codemap = set.get(join(layout.interopMap, '..', 'event-codemap.json'));
  if (codemap && !codemap.syntax) validateAgainstOwnSchema(set, sink, codemap, 'file-schema');
  if (!mapCheck.checked || mapCheck.structural > 0 || errorsCheck.structural > 0) return null;

  const openapi = buildOpenApi(set, sink, openapiFile);
  const map = mapFile.data as Json;
  const ctx: MapContext = {
    file: mapFile.rel,
    sink,
    runStatuses: openapi.runStatuses,
    streamingOperations: openapi.streaming,
  };
  const a2a = map['a2a'] as Json;
  const mcp = map['mcp'] as Json;
  const tasks = mcp['tasks'] as Json | undefined;
  const pins = map['pins'] as Record<string, Json>;
  const taskState = readTaskState(a2a['taskState'] as unknown[], ctx, '/a2a/taskState');
  const tasksExtension =
    typeof pins['mcpTasks']?.['extension'] === 'string'
      ? (pins['mcpTasks']['extension'] as string)
      : null;
  const revision = String(pins['mcp']?.['revision'] ?? '');
  const protocolErrors = mcpProtocolErrors(revision) ?? [];

  const mcpCtx = { ...ctx, revision };
  const negotiatedA2a = String(pins['a2a']?.['negotiated'] ?? '');
  const a2aOperations = readA2aOperations(
    a2a['operations'] as never,
    taskState,
    ctx,
    '/a2a/operations',
  );
  const coreMethods = readMcpMethods(mcp['methods'] as never, null, mcpCtx, '/mcp/methods');
  const taskMethods = tasks
    ? readMcpMethods(tasks['methods'] as never, tasksExtension, mcpCtx, '/mcp/tasks/methods')
    : { methods: [], refused: [] };

  const facets: FacetModel[] = [];
  for (const family of ['a2a', 'mcp'] as const) {
    const file = required(set, sink, join(layout.facetsDir, `${family}.schema.json`));
    if (file) facets.push(buildFacet(set, sink, family, file));
  }
  const discovery = openapi.capabilities
    ? {
        schema: bundle(set, sink, openapi.capabilities, { defsPath: ['$defs'] }).value,
        origin: { file: openapi.capabilities.file.rel, pointer: openapi.capabilities.pointer },
      }
    : null;
  const events = buildEvents(set, sink, asyncapiFile);
  let hostEvent: SpecModel['hostEvent'] = null;
  if (events.payloadsFile) {
    const r = resolveRef(set, events.payloadsFile, 'host-event.schema.json');
    if (r.ok) {
      hostEvent = {
        schema: bundle(set, sink, r.target, { defsPath: ['$defs'] }).value,
        origin: { file: r.target.file.rel, pointer: '' },
      };
    }
  }

  const model: SpecModel = {
    layout: layout.kind,
    mapFile: mapFile.rel,
    inputs: [],
    digest: '',
    openapi: {
      title: openapi.title,
      version: openapi.version,
      operationIds: openapi.operationIds,
      document: openapi.document,
    },
    rest: restPart(openapi.document, openapiFile.rel),
    runStatuses: openapi.runStatuses,
    terminalStatuses: terminalStatuses(taskState),
    errors: readErrors(errorsFile),
    a2a: {
      release: String(pins['a2a']?.['release'] ?? ''),
      negotiated: negotiatedA2a,
      operations: a2aOperations,
      errors: readA2aErrors(a2a['errors'] as unknown[], ctx, '/a2a/errors'),
      taskState,
      taskStateReverse: readReverse(
        a2a['taskStateReverse'] as unknown[],
        ctx,
        '/a2a/taskStateReverse',
      ),
      requirementRefusals: a2aRequirementRefusals.map((r) => ({ ...r })),
      wire: buildWire(set, sink, 'a2a', negotiatedA2a, wireMethods(a2aOperations)),
    },
    mcp: {
      revision,
      tasksExtension,
      features: ((mcp['features'] ?? []) as { id: string; requiredFor: string[] }[]).map(
        (f, i) => ({
          id: f.id,
          requiredFor: [...f.requiredFor],
          origin: { file: mapFile.rel, pointer: `/mcp/features/${i}` },
        }),
      ),
      methods: [...coreMethods.methods, ...taskMethods.methods],
      refusedMethods: [...coreMethods.refused, ...taskMethods.refused],
      headers: elements(mcp['headers'], mapFile.rel, '/mcp/headers'),
      meta: elements(mcp['meta'], mapFile.rel, '/mcp/meta'),
      taskStatus: (
        (tasks?.['status'] ?? []) as { runStatus: string; taskStatus: string; errorCode?: string }[]
      ).map((r, i) => ({
        runStatus: r.runStatus,
        taskStatus: r.taskStatus,
        ...(r.errorCode !== undefined && { errorCode: r.errorCode }),
        origin: { file: mapFile.rel, pointer: `/mcp/tasks/status/${i}` },
      })),
      protocolErrors,
      wire: buildWire(
        set,
        sink,
        'mcp',
        revision,
        wireMethods([...coreMethods.methods, ...taskMethods.methods]),
      ),
    },
    facets,
    discovery,
    events: events.events,
    asyncapi: {
      document: bundle(
        set,
        sink,
        { file: asyncapiFile, pointer: '' },
        { defsPath: ['components', 'schemas'] },
      ).value,
      origin: { file: asyncapiFile.rel, pointer: '' },
    },
    hostEvent,
  };
  const inputs = set.files().map((f) => ({ file: f.rel, sha256: f.sha256 }));
  model.inputs = inputs;
  model.digest = digestOf(inputs);
  return model;
}

function restPart(document: Json, file: string): SpecModel['rest'] {
  const operations = buildRestOperations(document, file);
  return { operations, shapes: restShapes(document, operations) };
}

/** Each method of the rows once, with its first row (where a missing wire type is reported). */
function wireMethods(
  rows: readonly { method: string; streaming?: boolean; origin: Origin }[],
): WireMethod[] {
  const out = new Map<string, WireMethod>();
  for (const r of rows)
    if (!out.has(r.method))
      out.set(r.method, { method: r.method, streaming: r.streaming === true, origin: r.origin });
  return [...out.values()];
}

export function digestOf(inputs: { file: string; sha256: string }[]): string {
  return createHash('sha256')
    .update(inputs.map((i) => `${i.file} ${i.sha256}\n`).join(''))
    .digest('hex');
}

function required(set: SourceSet, sink: DiagnosticSink, abs: string): SourceFile | undefined {
  const file = set.get(abs);
  if (!file) {
    sink.report(
      'input-missing',
      set.relOf(abs),
      '',
      `required input ${set.relOf(abs)} does not exist`,
    );
    return undefined;
  }
  if (file.syntax) {
    sink.report('syntax-error', file.rel, '', file.syntax.message);
    return undefined;
  }
  return file;
}

function readErrors(file: SourceFile): ErrorCodeRow[] {
  const rows = (getAt(file.data, '/rows') ?? []) as {
    code: string;
    httpStatus: number;
    retriable: boolean;
  }[];
  return rows
    .map((r, i) => ({
      code: r.code,
      httpStatus: r.httpStatus,
      retriable: r.retriable,
      origin: { file: file.rel, pointer: `/rows/${i}` },
    }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

function elements(rows: unknown, file: string, base: string): ElementRow[] {
  return ((rows ?? []) as { element: string; rule?: string }[]).map((r, i) => ({
    element: r.element,
    rule: r.rule ?? '',
    errorsNamed: [...(r.rule ?? '').matchAll(/(\w+Error)\s*\((-\d+)\)/g)].map((m) => ({
      name: m[1]!,
      code: Number(m[2]),
    })),
    origin: { file, pointer: `${base}/${i}` },
  }));
}

export type { SpecLayout };
