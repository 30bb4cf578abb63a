// Task-state projections: total functions from run status to A2A wire/stored state (with the
// interrupt-kind overrides), A2A wire state back to run status, and run status to MCP task status
// (with the error-code overrides).
// The `satisfies Record<RunStatus, …>` makes a missing status a compile error (interop.md
// §The durable-task projection; interop-map `a2a.taskState`, `mcp.tasks.status`).
import type { SpecModel } from '../model/ir.ts';
import { lit, sourceComment, unionOf, type EmittedFile } from './source-file.ts';

export function emitA2aTaskState(model: SpecModel): EmittedFile {
  const rows = model.a2a.taskState;
  const defaults = rows.filter((r) => !r.interruptKind);
  const overrides = rows.filter((r) => r.interruptKind);
  const wires = [
    ...new Set([...rows.map((r) => r.wire), ...model.a2a.taskStateReverse.map((r) => r.wire)]),
  ].sort();
  const stored = [...new Set(rows.map((r) => r.stored))].sort();
  const L: string[] = [`import type { RunStatus } from '../run-status.js';`, ''];
  L.push(`export type A2aWireTaskState = ${unionOf(wires)};`);
  L.push(`export const a2aWireTaskStates: readonly A2aWireTaskState[] = ${lit(wires)};`);
  L.push(`export type A2aStoredTaskState = ${unionOf(stored)};`, '');
  L.push(
    `export interface A2aTaskStateProjection { wire: A2aWireTaskState; stored: A2aStoredTaskState }`,
    '',
  );
  L.push(`const forward = {`);
  for (const r of defaults)
    L.push(
      `  ${sourceComment(r.origin)}`,
      `  ${lit(r.runStatus)}: { wire: ${lit(r.wire)}, stored: ${lit(r.stored)} },`,
    );
  L.push(`} as const satisfies Record<RunStatus, A2aTaskStateProjection>;`, '');
  L.push(`/** Rows that override the default when the open interrupt has a given kind. */`);
  L.push(
    `const overrides: readonly { runStatus: RunStatus; interruptKind: string; wire: A2aWireTaskState; stored: A2aStoredTaskState }[] = [`,
  );
  for (const r of overrides)
    L.push(
      `  ${sourceComment(r.origin)}`,
      `  { runStatus: ${lit(r.runStatus)}, interruptKind: ${lit(r.interruptKind)}, wire: ${lit(r.wire)}, stored: ${lit(r.stored)} },`,
    );
  L.push(`];`, '');
  L.push(
    `/** Forward projection; \`interruptKind\` is the kind of the run's open interrupt, if any. */`,
    `export function projectA2aTaskState(status: RunStatus, interruptKind?: string): A2aTaskStateProjection {`,
    `  const o = interruptKind ? overrides.find((r) => r.runStatus === status && r.interruptKind === interruptKind) : undefined;`,
    `  return o ? { wire: o.wire, stored: o.stored } : forward[status];`,
    `}`,
    '',
    `const reverse: Readonly<Record<string, RunStatus>> = {`,
  );
  for (const r of model.a2a.taskStateReverse)
    L.push(`  ${sourceComment(r.origin)}`, `  ${lit(r.wire)}: ${lit(r.runStatus)},`);
  L.push(
    `};`,
    '',
    `/** Reverse projection (consuming an external A2A agent); undefined for an unknown wire state. */`,
    `export function runStatusFromA2a(wire: string): RunStatus | undefined {`,
    `  return Object.hasOwn(reverse, wire) ? reverse[wire] : undefined;`,
    `}`,
    '',
    `/** Run statuses whose forward wire state equals \`wire\` (ListTasks status filter). */`,
    `export function runStatusesForA2aWire(wire: string): RunStatus[] {`,
    `  return (Object.keys(forward) as RunStatus[]).filter((s) => forward[s].wire === wire);`,
    `}`,
  );
  return {
    path: 'a2a/task-state.ts',
    from: [rows[0]?.origin.file ?? 'interop-map'],
    body: L.join('\n'),
    parser: 'typescript',
  };
}

export function emitMcpTaskStatus(model: SpecModel): EmittedFile {
  const rows = model.mcp.taskStatus;
  const defaults = rows.filter((r) => r.errorCode === undefined);
  const overrides = rows.filter((r) => r.errorCode !== undefined);
  const statuses = [...new Set(rows.map((r) => r.taskStatus))].sort();
  const L: string[] = [`import type { RunStatus } from '../run-status.js';`, ''];
  L.push(`export type McpTaskStatus = ${unionOf(statuses)};`);
  L.push(`export const mcpTaskStatuses: readonly McpTaskStatus[] = ${lit(statuses)};`, '');
  L.push(`const projection = {`);
  for (const r of defaults)
    L.push(`  ${sourceComment(r.origin)}`, `  ${lit(r.runStatus)}: ${lit(r.taskStatus)},`);
  L.push(`} as const satisfies Record<RunStatus, McpTaskStatus>;`, '');
  L.push(
    `/** Rows that override the default when the run's error has a given errors.json code. */`,
  );
  L.push(
    `const overrides: readonly { runStatus: RunStatus; errorCode: string; taskStatus: McpTaskStatus }[] = [`,
  );
  for (const r of overrides)
    L.push(
      `  ${sourceComment(r.origin)}`,
      `  { runStatus: ${lit(r.runStatus)}, errorCode: ${lit(r.errorCode)}, taskStatus: ${lit(r.taskStatus)} },`,
    );
  L.push(
    `];`,
    '',
    `/** MCP task status of a run; \`errorCode\` is the run's RunSnapshot error code, if any. */`,
    `export function projectMcpTaskStatus(status: RunStatus, errorCode?: string): McpTaskStatus {`,
    `  const o = errorCode === undefined ? undefined : overrides.find((r) => r.runStatus === status && r.errorCode === errorCode);`,
    `  return o ? o.taskStatus : projection[status];`,
    `}`,
  );
  return {
    path: 'mcp/task-status.ts',
    from: [rows[0]?.origin.file ?? 'interop-map'],
    body: L.join('\n'),
    parser: 'typescript',
  };
}
