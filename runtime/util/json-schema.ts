// One shared ajv (draft 2020-12 + formats) for workflow input schemas, interrupt resume values and
// definitions, with a small compile cache keyed by the schema's JSON text.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { JsonObject } from '../ports/json.ts';

const addFormats = addFormatsImport as unknown as (ajv: Ajv2020) => Ajv2020;

export const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));

const cache = new Map<string, ValidateFunction>();
/**
 * The same schema object validates many values (a tool's inputSchema, once per call): its
 * validator is found by identity first, so the schema is not serialised again for every call
 * (seen in a CPU profile). Schemas are not changed once a workflow is loaded.
 */
const byObject = new WeakMap<JsonObject, ValidateFunction>();

export interface SchemaIssue {
  path: string;
  message: string;
}

/**
 * The validator of `schema`, compiled once (throws on an invalid schema). A workflow's load checks
 * its input schema with it, so its first call finds the validator ready.
 */
export function validatorOf(schema: JsonObject): ValidateFunction {
  let validate = byObject.get(schema);
  if (!validate) {
    const key = JSON.stringify(schema);
    validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      cache.set(key, validate);
    }
    byObject.set(schema, validate);
  }
  return validate;
}

/** Validate `value` against `schema`; returns the issues (empty when valid). */
export function checkAgainst(schema: JsonObject, value: unknown): SchemaIssue[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    path: e.instancePath || '/',
    message: e.message ?? e.keyword,
  }));
}

/** Copy of `value` with every property the schema marks writeOnly (or format password) replaced. */
export function redactSecrets(schema: JsonObject | undefined, value: unknown): unknown {
  if (!schema || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const props = (schema.properties ?? {}) as Record<string, JsonObject>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const p = props[k];
    out[k] =
      p && (p.writeOnly === true || p.format === 'password') ? '[redacted]' : redactSecrets(p, v);
  }
  return out;
}
