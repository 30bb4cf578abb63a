// The A2A dispatcher: per method, the `requires` gate, the params check, the case
// selection driven by the rows' `when` statuses and an exhaustive call of the handler member. A
// binding supplies only framing and the hooks (params validators, the named task's run status,
// what the host advertises); no binding switches on member names.
import type { A2aOperation, SpecModel } from '../model/ir.ts';
import {
  Code,
  code,
  constant,
  fn,
  nonNull,
  tsLine,
  tsOnly,
  typed,
  types,
} from './code/declarations.ts';
import { doc, lit, sourceComment, unionOf } from './code/literals.ts';
import { originFile, TsModule } from './code/module.ts';
import { A2A_ERROR_NAME, A2A_HANDLERS, A2A_IO, A2A_METHOD, RUN_STATUS } from './code/symbols.ts';
import type { EmittedFile } from './source-file.ts';

export function emitA2aDispatch(model: SpecModel): EmittedFile {
  const ops = model.a2a.operations;
  const byMethod = groupByMethod(ops);
  const caseMethods = [...byMethod].filter(([, rows]) => isMultiCase(rows)).map(([m]) => m);
  const m = new TsModule('a2a/dispatch.ts');
  m.add(
    types(
      doc(
        'Every case the dispatcher selects: `<method>.<case>` for a multi-case method, else the member.',
      ),
      `export type A2aCase = ${unionOf(ops.map((o) => o.caseId))};`,
    ),
  );
  m.add(
    types(
      doc('Methods whose rows are cases, selected by whether a task is named and its run status.'),
      `export type A2aCaseMethod = ${unionOf(caseMethods)};`,
    ),
    constant({
      name: 'a2aCaseMethods',
      type: 'readonly A2aCaseMethod[]',
      value: [lit(caseMethods)],
    }),
  );
  selectionTable(m, model, byMethod, caseMethods);
  refusals(m, model);
  hooksAndAnswer(m);
  dispatcher(m, byMethod, model.runStatuses);
  return m.file([originFile(ops, 'interop-map')]);
}

function groupByMethod(ops: A2aOperation[]): Map<string, A2aOperation[]> {
  const by = new Map<string, A2aOperation[]>();
  for (const o of ops) by.set(o.method, [...(by.get(o.method) ?? []), o]);
  return by;
}

function isMultiCase(rows: A2aOperation[]): boolean {
  return rows.some((r) => r.selector.kind !== 'always');
}

function selectionTable(
  m: TsModule,
  model: SpecModel,
  byMethod: Map<string, A2aOperation[]>,
  caseMethods: string[],
): void {
  const RunStatus = m.use(RUN_STATUS);
  m.add(
    types(
      doc(
        'What case selection answers per method, without a task and by its status (null where the map has a gap).',
      ),
      `export interface A2aSelection {`,
      ...caseMethods.flatMap((method) => {
        const rows = byMethod.get(method)!;
        const noTask = rows.filter((r) => r.selector.kind === 'noTask').map((r) => r.caseId);
        const byStatus = rows.filter((r) => r.caseStatuses !== null).map((r) => r.caseId);
        const statusGap = model.runStatuses.some(
          (st) => !rows.some((r) => r.caseStatuses?.includes(st)),
        );
        return [
          `  ${method}: {`,
          `    noTask: ${noTask.length > 0 ? unionOf(noTask) : 'null'};`,
          `    byStatus: ${unionOf(byStatus)}${statusGap ? ' | null' : ''};`,
          `  };`,
        ];
      }),
      `}`,
    ),
  );
  m.add(
    constant({
      doc: [
        doc(
          'The case serving a request that names no task, and one naming a task in each run status.',
        ),
      ],
      name: 'a2aCaseSelection',
      type: [
        `{`,
        `  readonly [M in A2aCaseMethod]: {`,
        `    noTask: A2aSelection[M]['noTask'];`,
        `    byStatus: { readonly [S in ${RunStatus}]: A2aSelection[M]['byStatus'] };`,
        `  };`,
        `}`,
      ].join('\n'),
      value: [
        `{`,
        ...caseMethods.flatMap((method) => {
          const rows = byMethod.get(method)!;
          const noTask = rows.find((r) => r.selector.kind === 'noTask');
          return [
            `  ${sourceComment(rows[0]!.origin)}`,
            `  ${method}: {`,
            `    noTask: ${noTask ? lit(noTask.caseId) : 'null'},`,
            `    byStatus: {`,
            ...model.runStatuses.map((status) => {
              const row = rows.find((r) => r.caseStatuses?.includes(status));
              return `      ${lit(status)}: ${row ? lit(row.caseId) : 'null'},`;
            }),
            `    },`,
            `  },`,
          ];
        }),
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc('The case of `method` serving a request naming no task (null) or a task in `status`.'),
      ],
      name: 'selectA2aCase',
      typeParams: 'M extends A2aCaseMethod',
      params: [
        ['method', 'M'],
        ['status', `${RunStatus} | null`],
      ],
      returns: `A2aSelection[M]['noTask'] | A2aSelection[M]['byStatus']`,
      body: [
        `  const table = a2aCaseSelection[method];`,
        `  return status === null ? table.noTask : table.byStatus[status];`,
      ],
    }),
  );
}

function refusals(m: TsModule, model: SpecModel): void {
  const A2aErrorName = m.use(A2A_ERROR_NAME);
  m.add(types(`export interface A2aRefusal { error: ${A2aErrorName}; message: string }`));
  m.add(
    constant({
      doc: [
        doc(
          'Requirements whose absence has its own error; every other one is UnsupportedOperationError.',
        ),
      ],
      name: 'a2aRequirementRefusals',
      type: '{ readonly [requirement: string]: A2aRefusal }',
      value: [
        `{`,
        ...model.a2a.requirementRefusals.map(
          (r) => `  ${lit(r.requirement)}: { error: ${lit(r.error)}, message: ${lit(r.message)} },`,
        ),
        `}`,
      ],
    }),
  );
  m.add(
    fn({
      doc: [
        doc(
          "The refusal of `method` when `requirement` (a row's `requires` entry) is not advertised.",
        ),
      ],
      name: 'a2aRefusalFor',
      params: [
        ['method', 'string'],
        ['requirement', 'string'],
      ],
      returns: 'A2aRefusal',
      body: [
        `  return Object.hasOwn(a2aRequirementRefusals, requirement)`,
        code`    ? ${nonNull('a2aRequirementRefusals[requirement]')}`,
        `    : {`,
        `        error: 'UnsupportedOperationError',`,
        `        message: \`\${method} needs \${requirement}, which this host does not advertise\`,`,
        `      };`,
      ],
    }),
  );
}

function hooksAndAnswer(m: TsModule): void {
  const [RunStatus, A2aIo, A2aMethod] = m.useAll([RUN_STATUS, A2A_IO, A2A_METHOD]);
  m.add(
    types(
      doc(
        'What the dispatcher asks of the host: everything protocol-neutral it cannot decide itself.',
      ),
      `export interface A2aDispatchHooks<Ctx, Io extends ${A2aIo}, Target = unknown> {`,
      `  ${doc("Checked params of each method; throws the host's invalid-params refusal.")}`,
      `  params: { readonly [M in ${A2aMethod}]: (raw: unknown, ctx: Ctx) => Io[M]['params'] };`,
      `  ${doc('The task a request names (its run status, and what the selected case is handed), null when it names none; throws when unreadable.')}`,
      `  task: {`,
      `    readonly [M in A2aCaseMethod]: (params: Io[M]['params'], ctx: Ctx) => Promise<A2aNamedTask<Target> | null>;`,
      `  };`,
      `  ${doc('Whether the host advertises a `requires` entry (`a2a.<facet property>`).')}`,
      `  advertises(requirement: string): boolean;`,
      `  ${doc('The error the host throws for a refusal decided here.')}`,
      `  refuse(refusal: A2aRefusal): Error;`,
      `}`,
    ),
  );
  m.add(
    types(
      doc(
        'A task a request names: the status its case is selected by, and the target handed to that case.',
      ),
      `export interface A2aNamedTask<Target> { status: ${RunStatus}; target: Target }`,
    ),
  );
  m.add(
    types(
      doc('A unary answer, or the stream of a streaming method.'),
      `export type A2aAnswer<Io extends ${A2aIo}, M extends ${A2aMethod}> =`,
      `  | { streaming: false; result: Io[M]['result'] }`,
      `  | { streaming: true; events: AsyncIterable<Io[M]['event']> };`,
    ),
  );
  m.add(
    types(
      `export type A2aDispatch<Ctx, Io extends ${A2aIo}> = <M extends ${A2aMethod}>(`,
      `  method: M,`,
      `  raw: unknown,`,
      `  ctx: Ctx,`,
      `) => Promise<A2aAnswer<Io, M>>;`,
    ),
  );
}

function dispatcher(m: TsModule, byMethod: Map<string, A2aOperation[]>, statuses: string[]): void {
  const [A2aHandlers, A2aIo, A2aMethod] = m.useAll([A2A_HANDLERS, A2A_IO, A2A_METHOD]);
  m.add(
    fn({
      doc: [
        `/**`,
        ` * Per method: the \`requires\` every row shares (before params), the params, the case, the case's`,
        ` * own \`requires\`, then its member. Exhaustive by construction: a new case is a new member.`,
        ` */`,
      ],
      name: 'createA2aDispatch',
      typeParams: `Ctx, Io extends ${A2aIo}, Target = unknown`,
      params: [
        ['handlers', `${A2aHandlers}<Ctx, Io, Target>`],
        ['hooks', 'A2aDispatchHooks<Ctx, Io, Target>'],
      ],
      returns: 'A2aDispatch<Ctx, Io>',
      body: [
        code`  const gate = (${typed('method', A2aMethod)}, ${typed('requires', 'readonly string[]')})${tsOnly(': void')} => {`,
        `    const missing = requires.find((r) => !hooks.advertises(r));`,
        `    if (missing !== undefined) throw hooks.refuse(a2aRefusalFor(method, missing));`,
        `  };`,
        tsLine(`  const routes: {`),
        tsLine(
          `    readonly [M in ${A2aMethod}]: (raw: unknown, ctx: Ctx) => Promise<A2aAnswer<Io, M>>;`,
        ),
        new Code(`  } = {`, `  const routes = {`),
        ...[...byMethod].flatMap(([method, rows]) => route(method, rows, statuses)),
        `  };`,
        `  return (method, raw, ctx) => routes[method](raw, ctx);`,
      ],
    }),
  );
}

function route(method: string, rows: A2aOperation[], statuses: string[]): string[] {
  const common = rows[0]!.requires.filter((r) => rows.every((x) => x.requires.includes(r)));
  const L = [
    `    async ${method}(raw, ctx) {`,
    ...(common.length > 0 ? [`      gate(${lit(method)}, ${lit(common)});`] : []),
    `      const params = hooks.params.${method}(raw, ctx);`,
  ];
  const answer = (o: A2aOperation) => {
    const args = o.caseStatuses === null ? 'params, ctx' : 'params, ctx, named.target';
    return o.streaming
      ? `return { streaming: true, events: handlers.${o.member}(${args}) };`
      : `return { streaming: false, result: await handlers.${o.member}(${args}) };`;
  };
  if (!isMultiCase(rows)) {
    L.push(`      ${sourceComment(rows[0]!.origin)}`, `      ${answer(rows[0]!)}`, `    },`);
    return L;
  }
  const gap = (): string[] => [
    `throw hooks.refuse({`,
    `  error: 'UnsupportedOperationError',`,
    `  message: ${lit(`no ${method} case serves this request`)},`,
    `});`,
  ];
  const own = (o: A2aOperation): string[] => {
    const extra = o.requires.filter((r) => !common.includes(r));
    return extra.length > 0 ? [`gate(${lit(method)}, ${lit(extra)});`] : [];
  };
  // A request no case serves (a map with a `when-gap`) is refused, never routed to a neighbour.
  const noTask = rows.find((o) => o.selector.kind === 'noTask');
  L.push(
    `      const named = await hooks.task.${method}(params, ctx);`,
    `      if (named === null) {`,
  );
  if (noTask)
    L.push(
      `        ${sourceComment(noTask.origin)}`,
      ...own(noTask).map((l) => `        ${l}`),
      `        ${answer(noTask)}`,
    );
  else L.push(...gap().map((l) => `        ${l}`));
  L.push(`      }`, `      switch (a2aCaseSelection.${method}.byStatus[named.status]) {`);
  for (const o of rows.filter((r) => r.caseStatuses !== null)) {
    L.push(
      `        ${sourceComment(o.origin)}`,
      `        case ${lit(o.caseId)}:`,
      ...own(o).map((l) => `          ${l}`),
      `          ${answer(o)}`,
    );
  }
  if (statuses.some((st) => !rows.some((r) => r.caseStatuses?.includes(st))))
    L.push(`        case null:`, ...gap().map((l) => `          ${l}`));
  L.push(`      }`, `    },`);
  return L;
}
