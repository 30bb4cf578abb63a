// Request validators (DESIGN.md §4 "request validators"): per A2A method and MCP method, from the
// params definition of the protocol's wire schema, and per REST operation, from the OpenAPI
// parameters and request body — ajv standalone code, so no schema is compiled when a host starts.
// Each check returns the typed params or a refusal naming the field; the runtime turns a refusal
// into its binding's invalid-params answer. A2A requests are ProtoJSON (the JSON mapping of A2A's
// proto): a member may be written with its proto field name (`context_id` for `contextId`), and a
// member that is neither name of a closed message is refused (protoShapes, request-check.ts).
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { cachedStep } from '../cache/context.ts';
import { textMemo } from '../cache/text-memo.ts';
import type { RestOperation, SpecModel, WireModel } from '../model/ir.ts';
import { constant, verbatim } from './code/declarations.ts';
import { doc, lit } from './code/literals.ts';
import { TsModule } from './code/module.ts';
import {
  A2A_METHOD,
  CREATE_REQUIRE,
  MCP_METHOD,
  REST_OPERATION_ID,
  typeSymbol,
  valueSymbol,
} from './code/symbols.ts';
import { requestCheckModule } from './fixed-modules.ts';
import type { EmittedFile } from './source-file.ts';

type Json = Record<string, unknown>;

const CHECK_MODULE = 'validators/request-check.ts';
const SCHEMAS_MODULE = 'validators/request-schemas.js';

/** One schema the standalone module exports a validator for. */
interface Entry {
  /** The export name of the validator (an identifier). */
  name: string;
  schema: Json;
}

/** An identifier for `protocol` and `key` (`mcp_tools_call`). */
function exportName(protocol: string, key: string): string {
  return `${protocol}_${key.replace(/[^A-Za-z0-9_$]/g, '_')}`;
}

/** `node` with every local `$ref` (`#/...`) pointed into the schema `id` (`openapi#/...`). */
function retarget(node: unknown, id: string): unknown {
  if (Array.isArray(node)) return node.map((n) => retarget(n, id));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node))
    out[k] =
      k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${id}${v}` : retarget(v, id);
  return out;
}

/** The methods of a wire schema that have a params definition, sorted. */
function typedMethods(wire: WireModel | null): [method: string, params: string][] {
  if (!wire) return [];
  return Object.entries(wire.types)
    .filter(
      (e): e is [string, { params: string; result: string | null; event: string | null }] =>
        e[1].params !== null,
    )
    .map(([method, t]): [string, string] => [method, t.params])
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * The methods of a wire schema whose answer has a definition, sorted: a streaming method's answer
 * is its event, any other's its result (what an outbound client checks before it reads one).
 */
function answeredMethods(wire: WireModel | null): [method: string, answer: string][] {
  if (!wire) return [];
  return Object.entries(wire.types)
    .map(([method, t]): [string, string | null] => [method, t.event ?? t.result])
    .filter((e): e is [string, string] => e[1] !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/** The export name of the validator of `method`'s answer (`a2a_answer_GetTask`). */
function answerName(protocol: 'a2a' | 'mcp', method: string): string {
  return exportName(`${protocol}_answer`, method);
}

/** The wire schema as one ajv schema with an `$id`, and one entry per method's params and answer. */
function wireEntries(protocol: 'a2a' | 'mcp', wire: WireModel | null) {
  if (!wire) return { base: null, entries: [] as Entry[] };
  const $defs: Json = {};
  for (const d of wire.defs) $defs[d.name] = d.schema;
  const entries = typedMethods(wire).map(([method, params]) => ({
    name: exportName(protocol, method),
    schema: { $ref: `${protocol}#/$defs/${params}` },
  }));
  for (const [method, answer] of answeredMethods(wire))
    entries.push({
      name: answerName(protocol, method),
      schema: { $ref: `${protocol}#/$defs/${answer}` },
    });
  return { base: { $id: protocol, $defs } as Json, entries };
}

/** The schema of a REST request as the router reads it: `{path, query, header, body}`. */
function restSchema(op: RestOperation): Json {
  const part = (where: 'path' | 'query' | 'header'): Json => {
    const params = op.parameters.filter((p) => p.in === where);
    const properties: Json = {};
    for (const p of params) properties[p.name] = retarget(p.schema, 'openapi');
    const required = params.filter((p) => p.required).map((p) => p.name);
    return { type: 'object', properties, ...(required.length > 0 && { required }) };
  };
  const properties: Json = { path: part('path'), query: part('query'), header: part('header') };
  if (op.body) properties['body'] = retarget(op.body.schema, 'openapi');
  return { type: 'object', properties, ...(op.body?.required && { required: ['body'] }) };
}

/** Per A2A wire definition: whether it is open, and per member its proto name and message. */
function protoShapes(wire: WireModel): Json {
  const defs = new Map(wire.defs.map((d) => [d.name, d.schema]));
  const refName = (node: unknown): string | null => {
    const ref = (node as Json | null | undefined)?.['$ref'];
    return typeof ref === 'string' && ref.startsWith('#/$defs/')
      ? ref.slice('#/$defs/'.length)
      : null;
  };
  // The members of a definition and of every branch it composes (allOf, oneOf, anyOf).
  const collect = (schema: Json, seen: Set<Json>): { properties: Json; open: boolean } => {
    if (seen.has(schema)) return { properties: {}, open: false };
    seen.add(schema);
    const viaRef = refName(schema);
    if (viaRef !== null) return collect(defs.get(viaRef) ?? {}, seen);
    const properties: Json = { ...((schema['properties'] as Json | undefined) ?? {}) };
    const extra = schema['additionalProperties'];
    let open = extra === true || (typeof extra === 'object' && extra !== null);
    let composed = false;
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      for (const branch of (schema[key] as Json[] | undefined) ?? []) {
        composed = true;
        const b = collect(branch, seen);
        Object.assign(properties, b.properties);
        open ||= b.open;
      }
    }
    // A schema naming no member at all (a map, a free value) is open.
    if (Object.keys(properties).length === 0 && !composed) open = true;
    return { properties, open };
  };
  const messageOf = (prop: unknown): [string | null, boolean] => {
    const direct = refName(prop);
    if (direct !== null) return [direct, false];
    const item = refName((prop as Json | null | undefined)?.['items']);
    return item !== null ? [item, true] : [null, false];
  };
  // ProtoJSON: the JSON name is the lowerCamelCase of the proto field name.
  const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const out: Json = {};
  for (const [name, schema] of [...defs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { properties, open } = collect(schema, new Set());
    const fields: Json = {};
    for (const field of Object.keys(properties).sort()) {
      const [message, many] = messageOf(properties[field]);
      fields[field] = [snake(field), message, many];
    }
    out[name] = { open, fields };
  }
  return out;
}

/** ajv for request checks: the first failure only (a refusal names one field), formats on. */
function requestAjv(): Ajv2020.default {
  const ajv = new Ajv2020.default({
    strict: false,
    allErrors: false,
    validateSchema: false,
    code: { source: true, esm: true, lines: true },
  });
  addFormats.default(ajv);
  return ajv;
}

export function emitRequestValidators(model: SpecModel): EmittedFile[] {
  const a2a = wireEntries('a2a', model.a2a.wire);
  const mcp = wireEntries('mcp', model.mcp.wire);
  const document = model.openapi.document;
  const rest = model.rest.operations.map((op) => ({
    op,
    entry: { name: exportName('rest', op.operationId), schema: restSchema(op) },
  }));
  const bases = [
    a2a.base,
    mcp.base,
    { $id: 'openapi', components: retarget(document['components'] ?? {}, 'openapi') },
  ].filter((b): b is Json => b !== null);
  const entries = [...a2a.entries, ...mcp.entries, ...rest.map((r) => r.entry)];
  // Compiling is most of this file's cost: cached by what is compiled.
  const code = cachedStep('ajv-requests', [bases, entries], () => {
    const ajv = requestAjv();
    for (const b of bases) ajv.addSchema(b);
    const refs: Record<string, string> = {};
    for (const e of entries) {
      ajv.addSchema(e.schema, e.name);
      refs[e.name] = e.name;
    }
    return standaloneModule.default(ajv, refs);
  });
  const from = [
    ...new Set(
      [
        model.a2a.wire?.origin.file,
        model.mcp.wire?.origin.file,
        model.rest.operations[0]?.origin.file,
      ].filter((f): f is string => f !== undefined),
    ),
  ].sort();
  const js: EmittedFile = { path: SCHEMAS_MODULE, from, body: esmBody(code), parser: 'printed' };
  const dts = new TsModule('validators/request-schemas.d.ts');
  dts.add(
    verbatim(
      doc('An ajv standalone validator: true, or false with `errors` saying why.'),
      `export interface RawValidator {`,
      `  (data: unknown): boolean;`,
      `  errors?: { instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;`,
      `}`,
      ...entries.map((e) => `export declare const ${e.name}: RawValidator;`),
    ),
  );
  return [
    js,
    dts.file(from),
    {
      path: CHECK_MODULE,
      from: [],
      body: requestCheckModule().source,
      parser: 'typescript',
      dist: requestCheckModule().dist,
    },
    requestsModule(model, rest, from),
    answersModule(model, from),
  ];
}

/**
 * validators/answers.ts: per A2A and MCP method, the check of what a peer answers (a result, or a
 * streaming method's event), read and refused as a request is; the generated clients run it
 * before an answer reaches their caller.
 */
function answersModule(model: SpecModel, from: string[]): EmittedFile {
  const m = new TsModule('validators/answers.ts');
  const check = (name: string) => m.use(valueSymbol(CHECK_MODULE, name));
  const raw = (name: string) => m.use(valueSymbol(SCHEMAS_MODULE, name));
  const RequestCheck = m.use(typeSymbol(CHECK_MODULE, 'RequestCheck'));
  const checkOf = check('checkOf');
  if (model.a2a.wire) {
    const A2aMethod = m.use(A2A_METHOD);
    const Io = m.use(typeSymbol('a2a/operations.ts', 'A2aWireIo'));
    const protoJson = check('protoJson');
    const shapes = m.use(valueSymbol('validators/requests.ts', 'a2aProtoShapes'));
    const types = model.a2a.wire.types;
    m.add(
      constant({
        doc: [
          doc(
            "A2A answers per method (a stream's events, else its result): ProtoJSON names read, then checked.",
          ),
        ],
        name: 'a2aAnswers',
        type: `{ readonly [M in ${A2aMethod}]: ${RequestCheck}<${Io}[M] extends { event: infer E } ? E : ${Io}[M]['result']> }`,
        value: [
          `{`,
          ...answeredMethods(model.a2a.wire).map(
            ([method, answer]) =>
              `  ${lit(method)}: ${checkOf}(${raw(answerName('a2a', method))}, '${types[method]!.event ? 'event' : 'result'}', ${protoJson}(${shapes}, ${lit(answer)})),`,
          ),
          `}`,
        ],
      }),
    );
  }
  if (model.mcp.wire) {
    const McpMethod = m.use(MCP_METHOD);
    const Io = m.use(typeSymbol('mcp/methods.ts', 'McpWireIo'));
    m.add(
      constant({
        doc: [doc("MCP results per method, checked against the revision's wire schema.")],
        name: 'mcpAnswers',
        type: `{ readonly [M in ${McpMethod}]: ${RequestCheck}<${Io}[M]['result']> }`,
        value: [
          `{`,
          ...answeredMethods(model.mcp.wire).map(
            ([method]) =>
              `  ${lit(method)}: ${checkOf}(${raw(answerName('mcp', method))}, 'result'),`,
          ),
          `}`,
        ],
      }),
    );
  }
  return m.file(from);
}

function requestsModule(
  model: SpecModel,
  rest: { op: RestOperation; entry: Entry }[],
  from: string[],
): EmittedFile {
  const m = new TsModule('validators/requests.ts');
  const check = (name: string) => m.use(valueSymbol(CHECK_MODULE, name));
  const raw = (name: string) => m.use(valueSymbol(SCHEMAS_MODULE, name));
  const RequestCheck = m.use(typeSymbol(CHECK_MODULE, 'RequestCheck'));
  const checkOf = check('checkOf');
  if (model.a2a.wire) {
    const A2aMethod = m.use(A2A_METHOD);
    const Io = m.use(typeSymbol('a2a/operations.ts', 'A2aWireIo'));
    const ProtoShapes = m.use(typeSymbol(CHECK_MODULE, 'ProtoShapes'));
    const protoJson = check('protoJson');
    m.add(
      constant({
        doc: [doc(`ProtoJSON names of the A2A ${model.a2a.negotiated} wire definitions.`)],
        name: 'a2aProtoShapes',
        type: ProtoShapes,
        value: [lit(protoShapes(model.a2a.wire))],
      }),
    );
    m.add(
      constant({
        doc: [
          doc('A2A params per method: ProtoJSON names read, then checked against the wire schema.'),
        ],
        name: 'a2aRequests',
        type: `{ readonly [M in ${A2aMethod}]: ${RequestCheck}<${Io}[M]['params']> }`,
        value: [
          `{`,
          ...typedMethods(model.a2a.wire).map(
            ([method, params]) =>
              `  ${lit(method)}: ${checkOf}(${raw(exportName('a2a', method))}, '', ${protoJson}(a2aProtoShapes, ${lit(params)})),`,
          ),
          `}`,
        ],
      }),
    );
  }
  if (model.mcp.wire) {
    const McpMethod = m.use(MCP_METHOD);
    const Io = m.use(typeSymbol('mcp/methods.ts', 'McpWireIo'));
    m.add(
      constant({
        doc: [doc("MCP params per method, checked against the revision's wire schema.")],
        name: 'mcpRequests',
        type: `{ readonly [M in ${McpMethod}]: ${RequestCheck}<${Io}[M]['params']> }`,
        value: [
          `{`,
          ...typedMethods(model.mcp.wire).map(
            ([method]) =>
              `  ${lit(method)}: ${checkOf}(${raw(exportName('mcp', method))}, 'params'),`,
          ),
          `}`,
        ],
      }),
    );
  }
  const RestOperationId = m.use(REST_OPERATION_ID);
  const RestOperationTypes = m.use(typeSymbol('rest/operations.ts', 'RestOperationTypes'));
  m.add(
    constant({
      doc: [
        doc('REST requests per operation, `{path, query, header, body}` as the router reads them.'),
      ],
      name: 'restRequests',
      type: `{ readonly [Op in ${RestOperationId}]: ${RequestCheck}<${RestOperationTypes}[Op]['request']> }`,
      value: [
        `{`,
        ...rest.map(
          ({ op, entry }) => `  ${lit(op.operationId)}: ${checkOf}(${raw(entry.name)}, ''),`,
        ),
        `}`,
      ],
    }),
  );
  return m.file(from);
}

/**
 * ajv's standalone output `require`s its runtime helpers even in ESM mode: a module-local
 * `require` from `createRequire` loads them (as validators.ts does for the facet validators).
 */
const esmBody = textMemo((code) => {
  const body = code.replace(/^"use strict";\s*/, '');
  const js = new TsModule(SCHEMAS_MODULE);
  if (!/\brequire\(/.test(body)) return js.add(verbatim(body)).text();
  return js
    .add(verbatim(`const require = ${js.use(CREATE_REQUIRE)}(import.meta.url);`, body))
    .text();
});
