// The REST contract (interop.md §"REST is the wire"): one route-table row and one `RestHandlers`
// member per `operationId` of the OpenAPI document. A generic router serves the table; a new
// operation is a new member, so `tsc` names the handler a host must write.
import type { SpecModel } from '../model/ir.ts';
import { constant, types } from './code/declarations.ts';
import { doc, entries, inline, lit, sourceComment, sourceOf, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { REST_OPERATION_ID, typeSymbol } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

const OPERATIONS = typeSymbol('types/openapi.ts', 'operations');

/** A member name: the operationId itself when it is an identifier, else quoted. */
function member(id: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(id) ? id : lit(id);
}

export function emitRestOperations(model: SpecModel): EmittedFile {
  const ops = model.rest.operations;
  const m = new TsModule(REST_OPERATION_ID.module);
  const operations = m.use(OPERATIONS);
  const RestOperationId = m.use(REST_OPERATION_ID);
  m.add(
    types(
      doc(`Operation ids of ${model.openapi.title} ${model.openapi.version}.`),
      `export type ${RestOperationId} = ${unionOf(ops.map((o) => o.operationId))};`,
    ),
  );
  m.add(
    types(
      doc(
        'A parameter as a router reads it: where, whether required, and the JSON type of its text.',
      ),
      `export interface RestParameterEntry {`,
      `  name: string;`,
      `  in: 'path' | 'query' | 'header';`,
      `  required: boolean;`,
      `  type: 'string' | 'integer' | 'number' | 'boolean';`,
      `}`,
    ),
  );
  m.add(
    types(
      `export interface RestOperationEntry {`,
      `  operationId: ${RestOperationId};`,
      `  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';`,
      `  ${doc('The path template (`/runs/{runId}`); each `{name}` is one path segment.')}`,
      `  path: string;`,
      `  parameters: readonly RestParameterEntry[];`,
      `  body: { required: boolean; contentType: string } | null;`,
      `  ${doc('Declared answer statuses (`200`, `4XX`, `default`).')}`,
      `  statuses: readonly string[];`,
      `  ${doc('A successful answer is a `text/event-stream`.')}`,
      `  streaming: boolean;`,
      `  ${doc('`security: []`: served without a credential.')}`,
      `  anonymous: boolean;`,
      `  ${doc('The sha256 of its parameters, body and successful answers (a runtime compares it).')}`,
      `  shape: string;`,
      `  source: string;`,
      `}`,
    ),
  );
  m.add(
    constant({
      name: 'restOperations',
      type: 'readonly RestOperationEntry[]',
      value: [
        `[`,
        ...entries(
          ops.map((o) => ({
            origin: o.origin,
            value: inline({
              operationId: lit(o.operationId),
              method: lit(o.method),
              path: lit(o.path),
              parameters: lit(
                o.parameters.map((p) => ({
                  name: p.name,
                  in: p.in,
                  required: p.required,
                  type: p.type,
                })),
              ),
              body: lit(o.body && { required: o.body.required, contentType: o.body.contentType }),
              statuses: lit(o.responses.map((r) => r.status)),
              streaming: o.responses.some(
                (r) => /^2/.test(r.status) && r.contentType === 'text/event-stream',
              ),
              anonymous: o.anonymous,
              shape: lit(model.rest.shapes[o.operationId]),
              source: lit(sourceOf(o.origin)),
            }),
          })),
        ),
        `]`,
      ],
    }),
  );
  requestAndAnswer(m);
  m.add(
    types(
      `/**`,
      ` * The REST contract a host implements: one member per operation. A handler gets the request's`,
      ` * parameters and body, checked against the document, and answers one of the operation's`,
      ` * successful statuses; a refusal is thrown as the host's error (the router answers the OpenWOP`,
      ` * envelope with its registered status).`,
      ` */`,
      `export interface RestHandlers<Ctx> {`,
      ...ops.flatMap((o) => {
        const op = `${operations}[${lit(o.operationId)}]`;
        return [
          `  ${sourceComment(o.origin)}`,
          `  ${member(o.operationId)}(request: RestRequest<${op}>, ctx: Ctx): Promise<RestAnswer<${op}>>;`,
        ];
      }),
      `}`,
    ),
  );
  m.add(
    types(
      doc(
        'Per operation, what a runtime types its handler by: the request, the answer, and whether it is served without a credential.',
      ),
      `export interface RestOperationTypes {`,
      ...ops.flatMap((o) => {
        const op = `${operations}[${lit(o.operationId)}]`;
        return [
          `  ${sourceComment(o.origin)}`,
          `  ${member(o.operationId)}: { request: RestRequest<${op}>; answer: RestAnswer<${op}>; anonymous: ${o.anonymous} };`,
        ];
      }),
      `}`,
    ),
  );
  return m.file([originFile(ops, 'openapi')]);
}

/** The type helpers every handler signature is written with, over openapi-typescript's `operations`. */
function requestAndAnswer(m: TsModule): void {
  m.add(
    types(
      doc('`T` without `undefined`, or `{}` where the document declares nothing (`never`).'),
      `type Declared<T> = [Exclude<T, undefined>] extends [never] ? {} : Exclude<T, undefined>;`,
    ),
  );
  m.add(
    types(
      doc('The JSON body of a request body or response object, undefined when it has none.'),
      `type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;`,
    ),
  );
  m.add(
    types(
      doc('What a handler is given: path, query and header parameters, and the parsed body.'),
      `export interface RestRequest<Op extends { parameters: unknown }> {`,
      `  path: Op['parameters'] extends { path?: infer P } ? Declared<P> : {};`,
      `  query: Op['parameters'] extends { query?: infer Q } ? Declared<Q> : {};`,
      `  header: Op['parameters'] extends { header?: infer H } ? Declared<H> : {};`,
      `  body: Op extends { requestBody?: infer B } ? JsonOf<Exclude<B, undefined>> : undefined;`,
      `}`,
    ),
  );
  m.add(
    types(
      doc('One event of a Server-Sent Events answer.'),
      `export interface RestEvent { id?: string; event?: string; data: unknown }`,
    ),
  );
  m.add(
    types(
      doc('The statuses a handler answers; the router answers every refusal.'),
      `export type RestSuccessStatus = 200 | 201 | 202 | 204 | 304;`,
    ),
  );
  m.add(
    types(
      doc(
        'One answer per successful status the operation declares: a JSON body, or a stream of events.',
      ),
      `export type RestAnswer<Op extends { responses: unknown }> = {`,
      `  [S in keyof Op['responses'] & RestSuccessStatus]: Op['responses'][S] extends {`,
      `    content: { 'text/event-stream': unknown };`,
      `  }`,
      `    ? { status: S; events: AsyncIterable<RestEvent>; headers?: Record<string, string> }`,
      `    : { status: S; body: JsonOf<Op['responses'][S]>; headers?: Record<string, string> };`,
      `}[keyof Op['responses'] & RestSuccessStatus];`,
    ),
  );
}
