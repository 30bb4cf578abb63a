// Runs every emitter over the model and stamps each file with its header (DESIGN.md §4).
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import type { ValidatedDocuments } from '../validate/index.ts';
import { pascal } from '../model/naming.ts';
import { emitA2aDispatch } from './a2a-dispatch.ts';
import { emitA2aErrors } from './a2a-errors.ts';
import { emitA2aOperations } from './a2a-operations.ts';
import { emitClients } from './clients.ts';
import { emitContract } from './contract.ts';
import { emitErrorCatalogue } from './error-catalogue.ts';
import { header } from './header.ts';
import { emitMcpDispatch } from './mcp-dispatch.ts';
import { emitMcpMethods } from './mcp-methods.ts';
import { emitNegotiation } from './negotiation.ts';
import { emitIndex } from './package.ts';
import { emitRequestValidators } from './request-validators.ts';
import { emitRestOperations } from './rest-operations.ts';
import { emitRunStatus } from './run-status.ts';
import type { EmittedFile } from './source-file.ts';
import { emitA2aTaskState, emitMcpTaskStatus } from './task-state.ts';
import { emitAsyncApiTypes } from './types-asyncapi.ts';
import { emitOpenApiTypes } from './types-openapi.ts';
import { emitSchemaTypes } from './types-schemas.ts';
import { emitValidators } from './validators.ts';

export interface EmitOptions {
  /** The command a reader runs to regenerate, printed in every header. */
  command: string;
  openapiFile: string;
  /**
   * The documents as the validate stage read them in the worker threads: awaited only by the two
   * emitters that print them, so this thread emits the rest meanwhile.
   */
  validated: Promise<ValidatedDocuments>;
}

export interface Emission {
  /** The files this thread emits, headers applied: formatted while the workers finish theirs. */
  local: EmittedFile[];
  /** The files printed from what the worker threads read, then the index over every file, headers applied. */
  remaining: Promise<EmittedFile[]>;
}

export async function emitAll(
  model: SpecModel,
  sink: DiagnosticSink,
  opts: EmitOptions,
): Promise<Emission> {
  // The workers read their documents while this thread emits the rest.
  const fromWorkers = opts.validated.then((v) => [
    v.openapiTypes === null ? null : emitOpenApiTypes(opts.openapiFile, v.openapiTypes),
    emitAsyncApiTypes(model, v.channels),
  ]);
  // Handled where it is awaited; this only keeps a failure from being reported as unhandled
  // when this thread's own emitters throw first.
  fromWorkers.catch(() => undefined);
  const stamp = (f: EmittedFile): EmittedFile => {
    if (f.parser !== 'json')
      f.header = header({ from: f.from, command: opts.command, digest: model.digest }, 'line');
    return f;
  };

  const local: EmittedFile[] = [];
  const [facetTypes, eventTypes] = await Promise.all([
    emitSchemaTypes(
      'types/facets.ts',
      'InteropFacets',
      model.facets.map((f) => ({
        name: `${pascal(f.family)}Facet`,
        schema: f.schema,
        origin: f.origin,
      })),
      sink,
    ),
    emitSchemaTypes(
      'types/events.ts',
      'InteropEventPayloads',
      [
        ...model.events.map((e) => ({ name: pascal(e.type), schema: e.schema, origin: e.origin })),
        ...(model.hostEvent
          ? [{ name: 'HostEvent', schema: model.hostEvent.schema, origin: model.hostEvent.origin }]
          : []),
      ],
      sink,
    ),
  ]);
  local.push(facetTypes, eventTypes);
  for (const [family, wire] of [
    ['a2a', model.a2a.wire],
    ['mcp', model.mcp.wire],
  ] as const) {
    if (!wire) continue;
    const defs = wire.defs.map((d) => ({
      name: d.name,
      schema: d.schema,
      origin: { file: wire.origin.file, pointer: `/$defs/${d.name}` },
    }));
    local.push(
      await emitSchemaTypes(`types/${family}-wire.ts`, `${pascal(family)}Wire`, defs, sink),
    );
  }
  local.push(emitRunStatus(model, opts.openapiFile));
  local.push(emitA2aOperations(model));
  local.push(emitA2aDispatch(model));
  local.push(emitA2aErrors(model));
  local.push(emitA2aTaskState(model));
  local.push(emitMcpMethods(model));
  local.push(emitMcpDispatch(model));
  if (model.mcp.taskStatus.length > 0) local.push(emitMcpTaskStatus(model));
  local.push(emitRestOperations(model));
  local.push(emitNegotiation(model));
  local.push(emitErrorCatalogue(model));
  local.push(...emitValidators(model));
  local.push(...emitRequestValidators(model));
  local.push(emitContract(model));
  local.push(...emitClients(model));

  const remaining = fromWorkers.then((printed) => {
    const files = printed.filter((f): f is EmittedFile => f !== null);
    files.push(emitIndex([...local, ...files]));
    return files.map(stamp);
  });
  return { local: local.map(stamp), remaining };
}
