// Validates a loaded file against the schema its `$schema` names (when that schema is loaded
// from the spec, never fetched), reporting each failure at the offending pointer.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { cachedStep } from '../cache/context.ts';
import type { DiagnosticCode } from '../diagnostics/catalogue.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { resolveRef } from '../load/refs.ts';
import type { SourceSet } from '../load/source-set.ts';
import type { SourceFile } from '../load/source.ts';
import { checkJsonSchema, checkLocalRefs } from './meta-schema.ts';
import { newAjv } from './spec-ajv.ts';

export interface FileValidation {
  /** False when the file's `$schema` could not be found (nothing is reported then). */
  checked: boolean;
  /** Failures that change the document's shape (type, required, unknown property, item count). */
  structural: number;
}

const VALUE_KEYWORDS = new Set([
  'pattern',
  'enum',
  'const',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'uniqueItems',
]);

export function validateAgainstOwnSchema(
  set: SourceSet,
  sink: DiagnosticSink,
  file: SourceFile,
  code: DiagnosticCode,
): FileValidation {
  const data = file.data as Record<string, unknown> | undefined;
  const ref = data?.['$schema'];
  if (typeof ref !== 'string' || /json-schema\.org/.test(ref))
    return { checked: false, structural: 0 };
  const r = resolveRef(set, file, ref);
  if (!r.ok) return { checked: false, structural: 0 };
  const schemaFile = r.target.file;
  // A schema that is not one cannot be compiled: its own failures are the problem to report.
  const invalid = checkJsonSchema(sink, schemaFile) || checkLocalRefs(sink, schemaFile);
  if (invalid > 0) return { checked: true, structural: invalid };
  // Compiling the schema is most of the cost: the failures of an unchanged file against an
  // unchanged schema come from the artifact cache (cache/context.ts).
  const failures = JSON.parse(
    cachedStep('validate-own-schema', [schemaFile.rel, schemaFile.sha256, file.sha256], () =>
      JSON.stringify(validateData(schemaFile, file.data)),
    ),
  ) as Failure[];
  let structural = 0;
  for (const f of failures) {
    if (f.structural) structural++;
    sink.report(code, file.rel, f.pointer, f.message);
  }
  return { checked: true, structural };
}

interface Failure {
  pointer: string;
  message: string;
  /** The failure changes the document's shape (see VALUE_KEYWORDS). */
  structural: boolean;
}

function validateData(schemaFile: SourceFile, data: unknown): Failure[] {
  const validate = validatorOf(schemaFile);
  if (validate(data)) return [];
  return dedupe(validate.errors ?? []).map((e) => ({
    pointer: e.instancePath,
    message: `${describe(e)} (schema ${schemaFile.rel}${e.schemaPath})`,
    structural: !VALUE_KEYWORDS.has(e.keyword),
  }));
}

/**
 * The schema's compiled validator. Its ajv standalone code is cached under the schema's text
 * alone (cache/context.ts), so an edit to a file whose schema is unchanged (a row of
 * interop-map.json) runs the validator without compiling the schema again: the same generated
 * code, so the same failures.
 */
function validatorOf(schemaFile: SourceFile): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const code = cachedStep('own-schema-validator', [schemaFile.rel, schemaFile.sha256], () => {
    const ajv = newAjv();
    const schema = { ...(schemaFile.data as Record<string, unknown>) };
    delete schema['$id'];
    compiled = ajv.compile(schema);
    return standaloneModule.default(ajv, compiled);
  });
  return compiled ?? loadStandalone(code);
}

/** ajv's standalone code (CommonJS) `require`s its runtime helpers and ajv-formats' formats. */
const requireHere = createRequire(import.meta.url);

function loadStandalone(code: string): ValidateFunction {
  const module = { exports: {} as unknown };
  // The code is ajv's output for a schema of the spec, cached by this generator build: it runs
  // only what ajv.compile would have run in this process.
  new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
  return module.exports as ValidateFunction;
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties')
    return `unexpected property "${String(p['additionalProperty'])}"`;
  if (e.keyword === 'const') return `must equal ${JSON.stringify(p['allowedValue'])}`;
  if (e.keyword === 'enum') return `must be one of ${JSON.stringify(p['allowedValues'])}`;
  return e.message ?? e.keyword;
}

/** ajv reports one failure per branch of oneOf/anyOf; keep the first per pointer and keyword. */
function dedupe(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
