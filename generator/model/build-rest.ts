// The REST operations of the IR (interop.md §"REST is the wire"): one row per `operationId` of the
// bundled OpenAPI document, with what a generic router needs to serve it (verb, path template,
// parameters with their scalar types, body, declared answers, whether it streams, whether it is
// served without a credential) and the schemas its wire-shape digest is taken over.
import { joinPointer } from '../load/pointer.ts';
import type { RestOperation, RestParameter } from './ir.ts';
import { derefLocal } from './local-refs.ts';
import { shapeDigest } from './shape-digest.ts';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const LOCATIONS = new Set(['path', 'query', 'header']);

/** Every operation of `document` (bundled: every `$ref` is local), sorted by operationId. */
export function buildRestOperations(document: Json, file: string): RestOperation[] {
  const out: RestOperation[] = [];
  const paths = (document['paths'] ?? {}) as Record<string, Json>;
  const rootSecurity = document['security'];
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    const shared = Array.isArray(item['parameters']) ? item['parameters'] : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isJson(op) || typeof op['operationId'] !== 'string') continue;
      const own = Array.isArray(op['parameters']) ? op['parameters'] : [];
      const security = op['security'] ?? rootSecurity;
      out.push({
        operationId: op['operationId'],
        method: method.toUpperCase() as RestOperation['method'],
        path,
        parameters: parameters(document, [...shared, ...own]),
        body: body(document, op['requestBody']),
        responses: responses(document, op['responses']),
        anonymous: Array.isArray(security) && security.length === 0,
        origin: { file, pointer: joinPointer('/paths', path, method) },
      });
    }
  }
  return out.sort((a, b) => (a.operationId < b.operationId ? -1 : 1));
}

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Path-level then operation-level parameters; an operation's own one wins (OpenAPI 3.1 §4.8.10). */
function parameters(document: Json, nodes: unknown[]): RestParameter[] {
  const byKey = new Map<string, RestParameter>();
  for (const node of nodes) {
    const p = derefLocal(document, node);
    if (!isJson(p) || typeof p['name'] !== 'string' || typeof p['in'] !== 'string') continue;
    if (!LOCATIONS.has(p['in'])) continue;
    const schema = isJson(p['schema']) ? p['schema'] : {};
    byKey.set(`${p['in']}:${p['name']}`, {
      name: p['name'],
      in: p['in'] as RestParameter['in'],
      required: p['required'] === true || p['in'] === 'path',
      type: scalarType(document, schema),
      schema,
    });
  }
  return [...byKey.values()];
}

/** The JSON type a parameter's text is read as (`string` for anything else). */
function scalarType(document: Json, schema: unknown): RestParameter['type'] {
  const s = derefLocal(document, schema);
  const t = isJson(s) ? s['type'] : undefined;
  return t === 'integer' || t === 'number' || t === 'boolean' ? t : 'string';
}

function body(document: Json, node: unknown): RestOperation['body'] {
  const b = derefLocal(document, node);
  if (!isJson(b) || !isJson(b['content'])) return null;
  const content = b['content'] as Record<string, unknown>;
  const contentType = Object.keys(content).sort()[0];
  if (contentType === undefined) return null;
  const media = content[contentType];
  return {
    required: b['required'] === true,
    contentType,
    schema: isJson(media) && isJson(media['schema']) ? media['schema'] : {},
  };
}

function responses(document: Json, node: unknown): RestOperation['responses'] {
  if (!isJson(node)) return [];
  return Object.keys(node)
    .sort()
    .map((status) => {
      const r = derefLocal(document, node[status]);
      const content = isJson(r) && isJson(r['content']) ? r['content'] : {};
      const contentType = Object.keys(content).sort()[0] ?? null;
      const media = contentType === null ? undefined : content[contentType];
      return {
        status,
        contentType,
        schema: isJson(media) && isJson(media['schema']) ? media['schema'] : null,
      };
    });
}

/** Per operation, the digest of its parameters, body and successful answers (model/shape-digest.ts). */
export function restShapes(
  document: Json,
  operations: readonly RestOperation[],
): Record<string, string> {
  const shapes: Record<string, string> = {};
  for (const op of operations) {
    shapes[op.operationId] = shapeDigest(document, {
      parameters: op.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required,
        schema: p.schema,
      })),
      body: op.body && {
        required: op.body.required,
        type: op.body.contentType,
        schema: op.body.schema,
      },
      answers: op.responses
        .filter((r) => /^[23]/.test(r.status))
        .map((r) => ({ status: r.status, type: r.contentType, schema: r.schema })),
    });
  }
  return shapes;
}
