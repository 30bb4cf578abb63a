// Task-state projections: total functions from run status to A2A wire/stored state (with the
// interrupt-kind overrides), A2A wire state back to run status, and run status to MCP task status
// (with the error-code overrides).
// The `satisfies Record<RunStatus, …>` makes a missing status a compile error (interop.md
// §The durable-task projection; interop-map `a2a.taskState`, `mcp.tasks.status`).
import type { SpecModel } from '../model/ir.ts';
import { cast, code, constant, fn, types } from './code/declarations.ts';
import { doc, entries, inline, lit, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { RUN_STATUS } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitA2aTaskState(model: SpecModel): EmittedFile {
  const rows = model.a2a.taskState;
  const defaults = rows.filter((r) => !r.interruptKind);
  const overrides = rows.filter((r) => r.interruptKind);
  const wires = [
    ...new Set([...rows.map((r) => r.wire), ...model.a2a.taskStateReverse.map((r) => r.wire)]),
  ].sort();
  const stored = [...new Set(rows.map((r) => r.stored))].sort();
  const m = new TsModule('a2a/task-state.ts');
  const RunStatus = m.use(RUN_STATUS);
  m.add(
    types(`export type A2aWireTaskState = ${unionOf(wires)};`),
    constant({
      name: 'a2aWireTaskStates',
      type: 'readonly A2aWireTaskState[]',
      value: [lit(wires)],
    }),
    types(`export type A2aStoredTaskState = ${unionOf(stored)};`),
  );
  m.add(
    types(
      `export interface A2aTaskStateProjection { wire: A2aWireTaskState; stored: A2aStoredTaskState }`,
    ),
  );
  m.add(
    constant({
      exported: false,
      name: 'forward',
      value: [
        `{`,
        ...entries(
          defaults.map((r) => ({
            origin: r.origin,
            key: lit(r.runStatus),
            value: inline({ wire: lit(r.wire), stored: lit(r.stored) }),
          })),
        ),
        `}`,
      ],
      tsSuffix: ` as const satisfies Record<${RunStatus}, A2aTaskStateProjection>`,
    }),
  );
  m.add(
    constant({
      doc: [doc('Rows that override the default when the open interrupt has a given kind.')],
      exported: false,
      name: 'overrides',
      type: `readonly { runStatus: ${RunStatus}; interruptKind: string; wire: A2aWireTaskState; stored: A2aStoredTaskState }[]`,
      value: [
        `[`,
        ...entries(
          overrides.map((r) => ({
            origin: r.origin,
            value: inline({
              runStatus: lit(r.runStatus),
              interruptKind: lit(r.interruptKind),
              wire: lit(r.wire),
              stored: lit(r.stored),
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
        doc("Forward projection; `interruptKind` is the kind of the run's open interrupt, if any."),
      ],
      name: 'projectA2aTaskState',
      params: [
        ['status', RunStatus],
        ['interruptKind?', 'string'],
      ],
      returns: 'A2aTaskStateProjection',
      body: [
        `  const o = interruptKind ? overrides.find((r) => r.runStatus === status && r.interruptKind === interruptKind) : undefined;`,
        `  return o ? { wire: o.wire, stored: o.stored } : forward[status];`,
      ],
    }),
  );
  m.add(
    constant({
      exported: false,
      name: 'reverse',
      type: `Readonly<Record<string, ${RunStatus}>>`,
      value: [
        `{`,
        ...entries(
          model.a2a.taskStateReverse.map((r) => ({
            origin: r.origin,
            key: lit(r.wire),
            value: lit(r.runStatus),
          })),
        ),
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc(
          'Reverse projection (consuming an external A2A agent); undefined for an unknown wire state.',
        ),
      ],
      name: 'runStatusFromA2a',
      params: [['wire', 'string']],
      returns: `${RunStatus} | undefined`,
      body: [`  return Object.hasOwn(reverse, wire) ? reverse[wire] : undefined;`],
    }),
  );
  m.add(
    fn({
      doc: [doc('Run statuses whose forward wire state equals `wire` (ListTasks status filter).')],
      name: 'runStatusesForA2aWire',
      params: [['wire', 'string']],
      returns: `${RunStatus}[]`,
      body: [
        code`  return ${cast('Object.keys(forward)', `${RunStatus}[]`)}.filter((s) => forward[s].wire === wire);`,
      ],
    }),
  );
  return m.file([originFile(rows, 'interop-map')]);
}

export function emitMcpTaskStatus(model: SpecModel): EmittedFile {
  const rows = model.mcp.taskStatus;
  const defaults = rows.filter((r) => r.errorCode === undefined);
  const overrides = rows.filter((r) => r.errorCode !== undefined);
  const statuses = [...new Set(rows.map((r) => r.taskStatus))].sort();
  const m = new TsModule('mcp/task-status.ts');
  const RunStatus = m.use(RUN_STATUS);
  m.add(
    types(`export type McpTaskStatus = ${unionOf(statuses)};`),
    constant({ name: 'mcpTaskStatuses', type: 'readonly McpTaskStatus[]', value: [lit(statuses)] }),
  );
  m.add(
    constant({
      exported: false,
      name: 'projection',
      value: [
        `{`,
        ...entries(
          defaults.map((r) => ({
            origin: r.origin,
            key: lit(r.runStatus),
            value: lit(r.taskStatus),
          })),
        ),
        `}`,
      ],
      tsSuffix: ` as const satisfies Record<${RunStatus}, McpTaskStatus>`,
    }),
  );
  m.add(
    constant({
      doc: [
        doc("Rows that override the default when the run's error has a given errors.json code."),
      ],
      exported: false,
      name: 'overrides',
      type: `readonly { runStatus: ${RunStatus}; errorCode: string; taskStatus: McpTaskStatus }[]`,
      value: [
        `[`,
        ...entries(
          overrides.map((r) => ({
            origin: r.origin,
            value: inline({
              runStatus: lit(r.runStatus),
              errorCode: lit(r.errorCode),
              taskStatus: lit(r.taskStatus),
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
        doc("MCP task status of a run; `errorCode` is the run's RunSnapshot error code, if any."),
      ],
      name: 'projectMcpTaskStatus',
      params: [
        ['status', RunStatus],
        ['errorCode?', 'string'],
      ],
      returns: 'McpTaskStatus',
      body: [
        `  const o = errorCode === undefined ? undefined : overrides.find((r) => r.runStatus === status && r.errorCode === errorCode);`,
        `  return o ? o.taskStatus : projection[status];`,
      ],
    }),
  );
  return m.file([originFile(rows, 'interop-map')]);
}
