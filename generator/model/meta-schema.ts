// A JSON Schema the spec supplies (a facet, a wire schema, the schema a file's `$schema` names)
// is checked against the JSON Schema 2020-12 meta-schema before wopgen compiles or prints types
// from it: `"type": "strng"` is then a located `schema-invalid` error at its pointer, not a
// compiler's exception reported as a wopgen bug.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { cachedStep } from '../cache/context.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { getAt, joinPointer } from '../load/pointer.ts';
import type { SourceFile } from '../load/source.ts';
import { newAjv } from './spec-ajv.ts';

interface Failure {
  pointer: string;
  message: string;
}

let ajv: ReturnType<typeof newAjv> | undefined;

function metaFailures(schema: unknown): Failure[] {
  if (typeof schema === 'boolean') return [];
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return [{ pointer: '', message: 'a JSON Schema must be an object or a boolean' }];
  const declared = (schema as Record<string, unknown>)['$schema'];
  if (declared !== undefined && typeof declared !== 'string')
    return [{ pointer: '/$schema', message: '$schema must be a string (a meta-schema URI)' }];
  ajv ??= newAjv();
  // A `$schema` ajv does not hold (draft-07, a vendor URI) is checked against 2020-12, the
  // dialect wopgen compiles every schema in.
  const known = typeof declared === 'string' && ajv.getSchema(declared) !== undefined;
  const subject = known ? schema : { ...schema, $schema: undefined };
  if (ajv.validateSchema(subject) === true) return [];
  return leaves(ajv.errors ?? []).map((e) => ({
    pointer: e.instancePath,
    message: `not a valid JSON Schema: ${e.instancePath.split('/').pop() || 'the schema'} ${e.message ?? e.keyword}${allowed(e)}`,
  }));
}

function allowed(e: ErrorObject): string {
  const values = (e.params as Record<string, unknown>)['allowedValues'];
  return Array.isArray(values) ? ` (${values.map((v) => JSON.stringify(v)).join(', ')})` : '';
}

/** One failure per pointer: the meta-schema's anyOf branches each report the same mistake. */
function leaves(errors: ErrorObject[]): ErrorObject[] {
  const byPointer = new Map<string, ErrorObject>();
  for (const e of errors) {
    const had = byPointer.get(e.instancePath);
    // The enum failure ("must be one of …") says more than the anyOf that wraps it.
    if (!had || (had.keyword === 'anyOf' && e.keyword !== 'anyOf'))
      byPointer.set(e.instancePath, e);
  }
  return [...byPointer.values()];
}

/** Reports each meta-schema failure of `file`; returns how many (0: safe to compile). */
export function checkJsonSchema(sink: DiagnosticSink, file: SourceFile): number {
  if (file.syntax) return 0;
  const failures = JSON.parse(
    cachedStep('meta-schema', [file.sha256], () => JSON.stringify(metaFailures(file.data))),
  ) as Failure[];
  for (const f of failures) sink.report('schema-invalid', file.rel, f.pointer, f.message);
  return failures.length;
}

/**
 * Reports each `$ref` of `file` to a pointer inside it (`#/$defs/x`) that names nothing, at the
 * `$ref`: ajv compiles a schema whole and would otherwise stop at the first with an exception.
 * Returns how many.
 */
export function checkLocalRefs(sink: DiagnosticSink, file: SourceFile): number {
  if (file.syntax) return 0;
  let missing = 0;
  const walk = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [k, child] of Object.entries(node)) {
      const here = joinPointer(at, k);
      if (k === '$ref' && typeof child === 'string' && child.startsWith('#/')) {
        const pointer = safeDecode(child.slice(1));
        if (pointer === null || getAt(file.data, pointer) === undefined) {
          missing++;
          sink.report(
            'ref-unresolved',
            file.rel,
            here,
            `$ref "${child}" names nothing in ${file.rel}`,
          );
        }
      } else walk(child, here);
    }
  };
  walk(file.data, '');
  return missing;
}

function safeDecode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
