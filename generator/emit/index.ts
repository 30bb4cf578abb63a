// Runs every emitter over the model and stamps each file with its header (DESIGN.md §4).
import type { DiagnosticSink } from '../check/diagnostic.ts';
import type { SpecModel } from '../model/ir.ts';
import { pascal } from '../model/naming.ts';
import { emitA2aErrors } from './a2a-errors.ts';
import { emitA2aOperations } from './a2a-operations.ts';
import { emitErrorCatalogue } from './error-catalogue.ts';
import { header } from './header.ts';
import { emitMcpMethods } from './mcp-methods.ts';
import { emitNegotiation } from './negotiation.ts';
import { emitIndex, emitPackageJson } from './package.ts';
import { emitRunStatus } from './run-status.ts';
import type { EmittedFile } from './source-file.ts';
import { emitA2aTaskState, emitMcpTaskStatus } from './task-state.ts';
import { emitAsyncApiTypes, type AsyncApiReader } from './types-asyncapi.ts';
import { emitOpenApiTypes, type OpenApiPrinter } from './types-openapi.ts';
import { emitSchemaTypes } from './types-schemas.ts';
import { emitValidators } from './validators.ts';

export interface EmitOptions {
  /** The command a reader runs to regenerate, printed in every header. */
  command: string;
  openapiFile: string;
  /** Workers started early by the pipeline (see worker.ts). */
  printer: OpenApiPrinter;
  asyncapi: AsyncApiReader;
}

export async function emitAll(
  model: SpecModel,
  sink: DiagnosticSink,
  opts: EmitOptions,
): Promise<EmittedFile[]> {
  const files: EmittedFile[] = [];
  const push = (f: EmittedFile | null) => f && files.push(f);
  const [openapiTypes, facetTypes, eventTypes, streams] = await Promise.all([
    emitOpenApiTypes(model, sink, opts.openapiFile, opts.printer),
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
    emitAsyncApiTypes(model, sink, opts.asyncapi),
  ]);
  push(openapiTypes);
  push(streams);
  push(facetTypes);
  push(eventTypes);
  push(emitRunStatus(model, opts.openapiFile));
  push(emitA2aOperations(model));
  push(emitA2aErrors(model));
  push(emitA2aTaskState(model));
  push(emitMcpMethods(model));
  if (model.mcp.taskStatus.length > 0) push(emitMcpTaskStatus(model));
  push(emitNegotiation(model));
  push(emitErrorCatalogue(model));
  files.push(...emitValidators(model));
  files.push(emitIndex(files.map((f) => f.path)));
  files.push(emitPackageJson(model.digest, opts.command));
  for (const f of files) {
    if (f.parser === 'json') continue;
    f.body = header({ from: f.from, command: opts.command, digest: model.digest }, 'line') + f.body;
  }
  return files;
}
