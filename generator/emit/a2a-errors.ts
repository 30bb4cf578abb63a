// The A2A error registry (interop-map `a2a.errors`) plus the generic JSON-RPC errors, with
// builders for the JSON-RPC `error` (data = array holding one ErrorInfo) and for
// `google.rpc.Status` (interop.md §A2A error details), and reverse tables by code and reason.
import { jsonRpcErrors } from '../model/builtins.ts';
import type { SpecModel } from '../model/ir.ts';
import { code, constant, fn, typed, types } from './code/declarations.ts';
import { doc, entries, inline, lit, sourceOf, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { A2A_ERROR_NAME } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

/** gRPC canonical code numbers, for google.rpc.Status.code on the HTTP+JSON binding. */
const GRPC_CODES: Record<string, number> = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  FAILED_PRECONDITION: 9,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
};

export function emitA2aErrors(model: SpecModel): EmittedFile {
  const rows = model.a2a.errors;
  const generic = jsonRpcErrors.filter((g) => !rows.some((r) => r.jsonrpc === g.code));
  const names = [...rows.map((r) => r.name), ...generic.map((g) => g.name)];
  const m = new TsModule(A2A_ERROR_NAME.module);
  const A2aErrorName = m.use(A2A_ERROR_NAME);
  m.add(types(`export type ${A2aErrorName} = ${unionOf(names)};`));
  m.add(
    types(
      `export interface A2aErrorRow {`,
      `  name: ${A2aErrorName};`,
      `  jsonrpc: number;`,
      `  ${doc('HTTP status on the HTTP+JSON binding.')}`,
      `  http: number;`,
      `  ${doc('gRPC status name, also google.rpc.Status.status.')}`,
      `  grpc: string;`,
      `  grpcCode: number;`,
      `  ${doc('ErrorInfo reason.')}`,
      `  reason: string;`,
      `  ${doc('The OpenWOP error code a client projects this error to; null for generic JSON-RPC errors.')}`,
      `  clientProjection: string | null;`,
      `  source: string;`,
      `}`,
    ),
  );
  m.add(
    constant({ name: 'A2A_ERROR_DOMAIN', value: [`'a2a-protocol.org'`] }),
    constant({ name: 'ERROR_INFO_TYPE', value: [`'type.googleapis.com/google.rpc.ErrorInfo'`] }),
  );
  const mapped = rows.map((r) => ({
    origin: r.origin,
    key: r.name,
    value: inline({
      name: lit(r.name),
      jsonrpc: r.jsonrpc,
      http: r.http,
      grpc: lit(r.grpc),
      grpcCode: GRPC_CODES[r.grpc] ?? 2,
      reason: lit(r.reason),
      clientProjection: lit(r.clientProjection),
      source: lit(sourceOf(r.origin)),
    }),
  }));
  const builtin = generic.map((g) => {
    const grpc =
      g.code === -32603 ? 'INTERNAL' : g.code === -32601 ? 'UNIMPLEMENTED' : 'INVALID_ARGUMENT';
    return {
      origin: `Source: ${g.source}`,
      key: g.name,
      value: inline({
        name: lit(g.name),
        jsonrpc: g.code,
        http: g.code === -32603 ? 500 : 400,
        grpc: lit(grpc),
        grpcCode: GRPC_CODES[grpc]!,
        reason: lit(g.reason),
        clientProjection: 'null',
        source: lit(g.source),
      }),
    };
  });
  m.add(
    constant({
      name: 'a2aErrors',
      type: `{ readonly [N in ${A2aErrorName}]: A2aErrorRow }`,
      value: [`{`, ...entries([...mapped, ...builtin]), `}`],
    }),
  );
  m.add(
    constant({
      name: 'a2aErrorByCode',
      type: 'ReadonlyMap<number, A2aErrorRow>',
      value: [`new Map(Object.values(a2aErrors).map((r) => [r.jsonrpc, r]))`],
    }),
    constant({
      name: 'a2aErrorByReason',
      type: 'ReadonlyMap<string, A2aErrorRow>',
      value: [`new Map(Object.values(a2aErrors).map((r) => [r.reason, r]))`],
    }),
  );
  m.add(
    types(
      `export type ErrorInfo = {`,
      `  '@type': typeof ERROR_INFO_TYPE;`,
      `  reason: string;`,
      `  domain: typeof A2A_ERROR_DOMAIN;`,
      `  metadata?: Record<string, string>;`,
      `};`,
    ),
  );
  m.add(
    fn({
      name: 'errorInfo',
      params: [
        ['name', A2aErrorName],
        ['metadata?', 'Record<string, string>'],
      ],
      returns: 'ErrorInfo',
      body: [
        code`  const ${typed('info', 'ErrorInfo')} = { '@type': ERROR_INFO_TYPE, reason: a2aErrors[name].reason, domain: A2A_ERROR_DOMAIN };`,
        `  if (metadata && Object.keys(metadata).length > 0) info.metadata = metadata;`,
        `  return info;`,
      ],
    }),
  );
  m.add(
    types(
      `export interface JsonRpcErrorObject {`,
      `  code: number;`,
      `  message: string;`,
      `  data: ({ '@type': string } & Record<string, unknown>)[];`,
      `}`,
    ),
  );
  m.add(
    fn({
      doc: [doc('JSON-RPC `error` member: `data` is an array holding exactly one ErrorInfo.')],
      name: 'jsonRpcError',
      params: [
        ['name', A2aErrorName],
        ['message', 'string'],
        ['metadata?', 'Record<string, string>'],
      ],
      returns: 'JsonRpcErrorObject',
      body: [
        `  return { code: a2aErrors[name].jsonrpc, message, data: [errorInfo(name, metadata)] };`,
      ],
    }),
  );
  m.add(
    types(
      `export interface GoogleRpcStatusBody {`,
      `  error: { code: number; status: string; message: string; details: ({ '@type': string } & Record<string, unknown>)[] };`,
      `}`,
    ),
  );
  m.add(
    fn({
      doc: [
        doc(
          'HTTP+JSON error: HTTP status and the `google.rpc.Status` body under `error` (A2A §11.6).',
        ),
      ],
      name: 'googleRpcStatus',
      params: [
        ['name', A2aErrorName],
        ['message', 'string'],
        ['metadata?', 'Record<string, string>'],
      ],
      returns: '{ httpStatus: number; body: GoogleRpcStatusBody }',
      body: [
        `  const row = a2aErrors[name];`,
        `  return { httpStatus: row.http, body: { error: { code: row.http, status: row.grpc, message, details: [errorInfo(name, metadata)] } } };`,
      ],
    }),
  );
  return m.file([originFile(rows, 'interop-map')]);
}
