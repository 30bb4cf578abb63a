// A2A operation table and the `A2aHandlers` contract: one entry and one member per map row
// (interop-map `a2a.operations`). A new row is a new member, so `tsc` names what is missing.
import type { SpecModel } from '../model/ir.ts';
import { lit, sourceComment, unionOf, type EmittedFile } from './source-file.ts';

export function emitA2aOperations(model: SpecModel): EmittedFile {
  const ops = model.a2a.operations;
  const methods = [...new Set(ops.map((o) => o.method))].sort();
  const members = ops.map((o) => o.member);
  const lines: string[] = [];
  lines.push(`import type { RunStatus } from '../run-status.js';`);
  const wire = model.a2a.wire;
  if (wire) {
    const names = new Set(Object.values(wire.types).flatMap((t) => [t.params, t.result, t.event]));
    names.delete(null);
    lines.push(`import type { ${[...names].sort().join(', ')} } from '../types/a2a-wire.js';`);
  }
  lines.push('');
  lines.push(`/** A2A ${model.a2a.release} JSON-RPC method names served by the map. */`);
  lines.push(`export type A2aMethod = ${unionOf(methods)};`);
  lines.push(
    `export const a2aMethods: readonly A2aMethod[] = ${lit(methods)};`,
    '',
    `/** Whether \`method\` is served; anything else is method-not-found (-32601). */`,
    `export function isA2aMethod(method: string): method is A2aMethod {`,
    `  return (a2aMethods as readonly string[]).includes(method);`,
    `}`,
    '',
  );
  lines.push(
    `/** Handler member names, one per case of a map row (and per name of a combined row). */`,
  );
  lines.push(`export type A2aOperationKey = ${unionOf(members)};`, '');
  lines.push(
    `export interface A2aOperationEntry {`,
    `  key: A2aOperationKey;`,
    `  /** Stable case id (\`sendMessage.start\`); the member name for a single-case method. */`,
    `  case: string;`,
    `  method: A2aMethod;`,
    `  /** HTTP+JSON binding: verb and path under the interface URL. */`,
    `  http: { verb: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string } | null;`,
    `  when: string;`,
    `  /** Run statuses this \`when\` case covers; null when it is not selected by the task's status. */`,
    `  caseStatuses: readonly RunStatus[] | null;`,
    `  v2Operation: string | null;`,
    `  /** Facet properties (\`<family>.<property>\`) that must be advertised, else the row is refused. */`,
    `  requires: readonly string[];`,
    `  streaming: boolean;`,
    `  source: string;`,
    `}`,
    '',
  );
  lines.push(`export const a2aOperations: readonly A2aOperationEntry[] = [`);
  for (const o of ops) {
    lines.push(
      `  ${sourceComment(o.origin)}`,
      `  { key: ${lit(o.member)}, case: ${lit(o.caseId)}, method: ${lit(o.method)}, http: ${lit(o.http)}, when: ${lit(o.when)}, caseStatuses: ${lit(o.caseStatuses)}, v2Operation: ${lit(o.v2Operation)}, requires: ${lit(o.requires)}, streaming: ${o.streaming}, source: ${lit(`${o.origin.file}#${o.origin.pointer}`)} },`,
    );
  }
  lines.push(`];`, '');
  lines.push(
    `/** The rows of one JSON-RPC method, in map order (several for a method with \`when\` cases). */`,
    `export function a2aOperationsFor(method: string): readonly A2aOperationEntry[] {`,
    `  return a2aOperations.filter((o) => o.method === method);`,
    `}`,
    '',
    `/** Request, result and stream-event types per method; the runtime supplies the A2A wire types. */`,
    `export type A2aIo = { [M in A2aMethod]: { params: unknown; result: unknown; event?: unknown } };`,
    '',
    ...wireIo(model, methods),
    `/**`,
    ` * The A2A contract a host implements: one member per map row. Streaming rows return an`,
    ` * AsyncIterable of stream events; the others a promise of the result.`,
    ` */`,
    `export interface A2aHandlers<Ctx, Io extends A2aIo> {`,
  );
  for (const o of ops) {
    const io = `Io[${lit(o.method)}]`;
    const ret = o.streaming ? `AsyncIterable<${io}['event']>` : `Promise<${io}['result']>`;
    lines.push(
      `  ${sourceComment(o.origin)}`,
      `  ${o.member}(params: ${io}['params'], ctx: Ctx): ${ret};`,
    );
  }
  lines.push(`}`);
  return {
    path: 'a2a/operations.ts',
    from: [ops[0]?.origin.file ?? 'interop-map'],
    body: lines.join('\n'),
    parser: 'typescript',
  };
}

/** Params, results and stream events per method from the A2A wire schema (`unknown` where none). */
function wireIo(model: SpecModel, methods: string[]): string[] {
  const wire = model.a2a.wire;
  if (!wire) return [];
  const L = [
    `/** A2A ${model.a2a.negotiated} params, results and stream events per method, from ${wire.origin.file}. */`,
    `export interface A2aWireIo extends A2aIo {`,
  ];
  for (const method of methods) {
    const t = wire.types[method];
    const event = t?.event ? `; event: ${t.event}` : '';
    L.push(
      `  ${method}: { params: ${t?.params ?? 'unknown'}; result: ${t?.event ? 'never' : (t?.result ?? 'unknown')}${event} };`,
    );
  }
  L.push(`}`, '');
  return L;
}
