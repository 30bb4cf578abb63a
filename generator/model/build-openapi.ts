// The OpenAPI part of the IR: one self-contained document (external schemas hoisted into
// components.schemas), its operationIds, which operations stream, and the RunSnapshot statuses.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { bundle } from '../load/bundle.ts';
import { getAt, joinPointer } from '../load/pointer.ts';
import { isRefOnly, resolveRef, targetKey } from '../load/refs.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { SourceFile } from '../load/source.ts';

export interface OpenApiPart {
  title: string;
  version: string;
  operationIds: string[];
  streaming: Set<string>;
  document: Record<string, unknown>;
  runStatuses: string[];
  /** The file and pointer of the discovery document's schema (`getCapabilities` 200). */
  capabilities: { file: SourceFile; pointer: string } | null;
  operationOrigins: Map<string, string>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function buildOpenApi(set: SourceSet, sink: DiagnosticSink, file: SourceFile): OpenApiPart {
  const doc = file.data as Record<string, unknown>;
  const components = (getAt(doc, '/components/schemas') ?? {}) as Record<string, unknown>;
  // A component that is only a $ref to another file takes that file's content under its own name.
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(components)) {
    if (!isRefOnly(value) || value.$ref.startsWith('#')) continue;
    const r = resolveRef(set, file, value.$ref);
    if (r.ok) names.set(targetKey(r.target), name);
  }
  // Alias slots end up holding the hoisted content: definitions are placed after copying.
  const bundled = bundle(
    set,
    sink,
    { file, pointer: '' },
    { defsPath: ['components', 'schemas'], names },
  );
  const operationIds: string[] = [];
  const streaming = new Set<string>();
  const operationOrigins = new Map<string, string>();
  let capabilities: OpenApiPart['capabilities'] = null;
  const paths = (doc['paths'] ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item?.[method] as Record<string, unknown> | undefined;
      const id = op?.['operationId'];
      if (typeof id !== 'string') continue;
      operationIds.push(id);
      operationOrigins.set(id, joinPointer('/paths', path, method));
      const responses = (op!['responses'] ?? {}) as Record<string, Record<string, unknown>>;
      for (const [status, response] of Object.entries(responses)) {
        const content = (response?.['content'] ?? {}) as Record<string, Record<string, unknown>>;
        if (/^2/.test(status) && content['text/event-stream']) streaming.add(id);
        if (id === 'getCapabilities' && status === '200') {
          capabilities = locateSchema(
            set,
            file,
            content['application/json']?.['schema'],
            joinPointer(
              '/paths',
              path,
              method,
              'responses',
              status,
              'content',
              'application/json',
              'schema',
            ),
          );
        }
      }
    }
  }
  operationIds.sort();

  const statusEnum = getAt(bundled.value, '/components/schemas/RunSnapshot/properties/status/enum');
  const runStatuses = Array.isArray(statusEnum)
    ? statusEnum.filter((s): s is string => typeof s === 'string')
    : [];
  if (runStatuses.length === 0) {
    sink.report(
      'status-enum-missing',
      file.rel,
      '/components/schemas/RunSnapshot',
      'components.schemas.RunSnapshot has no properties.status.enum',
      // An unresolved RunSnapshot reference is why the enum is missing.
      sink.errorWithin(file.rel, '/components/schemas/RunSnapshot'),
    );
  }
  const info = (doc['info'] ?? {}) as Record<string, unknown>;
  return {
    title: String(info['title'] ?? ''),
    version: String(info['version'] ?? ''),
    operationIds,
    streaming,
    document: bundled.value,
    runStatuses,
    capabilities,
    operationOrigins,
  };
}

/** Follows `{$ref}`-only nodes (component aliases, files) to the schema itself. */
function locateSchema(
  set: SourceSet,
  file: SourceFile,
  node: unknown,
  pointer: string,
): OpenApiPart['capabilities'] {
  let cur = { file, pointer };
  let value = node;
  for (let hops = 0; hops < 16 && isRefOnly(value); hops++) {
    const r = resolveRef(set, cur.file, value.$ref);
    if (!r.ok) return null;
    cur = r.target;
    value = getAt(cur.file.data, cur.pointer);
  }
  return value && typeof value === 'object' ? cur : null;
}
