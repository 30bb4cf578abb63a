// A2A operation table and the `A2aHandlers` contract: one entry and one member per map row
// (interop-map `a2a.operations`). A new row is a new member, so `tsc` names what is missing.
import type { SpecModel } from '../model/ir.ts';
import { cast, code, constant, fn, types } from './code/declarations.ts';
import { doc, entries, inline, lit, sourceComment, sourceOf, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { A2A_HANDLERS, A2A_IO, A2A_METHOD, RUN_STATUS, wireType } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitA2aOperations(model: SpecModel): EmittedFile {
  const ops = model.a2a.operations;
  const methods = [...new Set(ops.map((o) => o.method))].sort();
  const m = new TsModule(A2A_METHOD.module);
  const RunStatus = m.use(RUN_STATUS);
  const [A2aMethod, A2aIo, A2aHandlers] = m.useAll([A2A_METHOD, A2A_IO, A2A_HANDLERS]);
  m.add(
    types(
      doc(`A2A ${model.a2a.release} JSON-RPC method names served by the map.`),
      `export type ${A2aMethod} = ${unionOf(methods)};`,
    ),
    constant({ name: 'a2aMethods', type: `readonly ${A2aMethod}[]`, value: [lit(methods)] }),
  );
  m.add(
    fn({
      doc: [doc('Whether `method` is served; anything else is method-not-found (-32601).')],
      name: 'isA2aMethod',
      params: [['method', 'string']],
      returns: `method is ${A2aMethod}`,
      body: [code`  return ${cast('a2aMethods', 'readonly string[]')}.includes(method);`],
    }),
  );
  m.add(
    types(
      doc('Handler member names, one per case of a map row (and per name of a combined row).'),
      `export type A2aOperationKey = ${unionOf(ops.map((o) => o.member))};`,
    ),
  );
  m.add(
    types(
      `export interface A2aOperationEntry {`,
      `  key: A2aOperationKey;`,
      `  ${doc('Stable case id (`sendMessage.start`); the member name for a single-case method.')}`,
      `  case: string;`,
      `  method: ${A2aMethod};`,
      `  ${doc('HTTP+JSON binding: verb and path under the interface URL.')}`,
      `  http: { verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string } | null;`,
      `  when: string;`,
      `  ${doc("Run statuses this `when` case covers; null when it is not selected by the task's status.")}`,
      `  caseStatuses: readonly ${RunStatus}[] | null;`,
      `  v2Operation: string | null;`,
      `  ${doc('Facet properties (`<family>.<property>`) that must be advertised, else the row is refused.')}`,
      `  requires: readonly string[];`,
      `  streaming: boolean;`,
      `  source: string;`,
      `}`,
    ),
  );
  m.add(
    constant({
      name: 'a2aOperations',
      type: 'readonly A2aOperationEntry[]',
      value: [
        `[`,
        ...entries(
          ops.map((o) => ({
            origin: o.origin,
            value: inline({
              key: lit(o.member),
              case: lit(o.caseId),
              method: lit(o.method),
              http: lit(o.http),
              when: lit(o.when),
              caseStatuses: lit(o.caseStatuses),
              v2Operation: lit(o.v2Operation),
              requires: lit(o.requires),
              streaming: o.streaming,
              source: lit(sourceOf(o.origin)),
            }),
          })),
        ),
        `]`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc(
          'The rows of one JSON-RPC method, in map order (several for a method with `when` cases).',
        ),
      ],
      name: 'a2aOperationsFor',
      params: [['method', 'string']],
      returns: 'readonly A2aOperationEntry[]',
      body: [`  return a2aOperations.filter((o) => o.method === method);`],
    }),
  );
  m.add(
    types(
      doc(
        'Request, result and stream-event types per method; the runtime supplies the A2A wire types.',
      ),
      `export type ${A2aIo} = { [M in ${A2aMethod}]: { params: unknown; result: unknown; event?: unknown } };`,
    ),
  );
  wireIo(m, model, methods);
  m.add(
    types(
      `/**`,
      ` * The A2A contract a host implements: one member per map row. Streaming rows return an`,
      ` * AsyncIterable of stream events; the others a promise of the result.`,
      ` */`,
      `export interface ${A2aHandlers}<Ctx, Io extends ${A2aIo}, Target = unknown> {`,
      ...ops.flatMap((o) => {
        const io = `Io[${lit(o.method)}]`;
        const ret = o.streaming ? `AsyncIterable<${io}['event']>` : `Promise<${io}['result']>`;
        // A case selected by the named task's status is handed that task (the dispatcher read it).
        const target = o.caseStatuses === null ? '' : ', target: Target';
        return [
          `  ${sourceComment(o.origin)}`,
          `  ${o.member}(params: ${io}['params'], ctx: Ctx${target}): ${ret};`,
        ];
      }),
      `}`,
    ),
  );
  m.add(
    types(
      `/**`,
      ` * Per handler member, what a runtime types it by: its method, whether it streams, whether the`,
      ` * dispatcher hands it the named task, its params and its answer (the result, or a stream's events).`,
      ` */`,
      `export interface A2aOperationTypes<Io extends ${A2aIo} = ${model.a2a.wire ? 'A2aWireIo' : A2aIo}> {`,
      ...ops.flatMap((o) => {
        const io = `Io[${lit(o.method)}]`;
        return [
          `  ${sourceComment(o.origin)}`,
          `  ${o.member}: { method: ${lit(o.method)}; streaming: ${o.streaming}; target: ${o.caseStatuses !== null}; params: ${io}['params']; answer: ${io}['${o.streaming ? 'event' : 'result'}'] };`,
        ];
      }),
      `}`,
    ),
  );
  return m.file([originFile(ops, 'interop-map')]);
}

/** Params, results and stream events per method from the A2A wire schema (`unknown` where none). */
function wireIo(m: TsModule, model: SpecModel, methods: string[]): void {
  const wire = model.a2a.wire;
  if (!wire) return;
  const name = (n: string | null | undefined): string | null =>
    n ? m.use(wireType('a2a', n)) : null;
  m.add(
    types(
      doc(
        `A2A ${model.a2a.negotiated} params, results and stream events per method, from ${wire.origin.file}.`,
      ),
      `export interface A2aWireIo extends ${m.use(A2A_IO)} {`,
      ...methods.map((method) => {
        const t = wire.types[method];
        const event = name(t?.event);
        const params = name(t?.params) ?? 'unknown';
        // A streaming method answers events only; its unary result type is never used.
        const result = event ? 'never' : (name(t?.result) ?? 'unknown');
        return `  ${method}: { params: ${params}; result: ${result}${event ? `; event: ${event}` : ''} };`;
      }),
      `}`,
    ),
  );
}
