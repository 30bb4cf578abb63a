// Cross-reference checks over the built model (DESIGN.md §4 "Checks before emitting").
// Each rule reports at the map row (or schema) it is about; all rules run, all findings are kept.
import { joinPointer } from '../load/pointer.ts';
import type { SpecModel } from '../model/ir.ts';
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';

export function checkModel(
  model: SpecModel,
  sink: DiagnosticSink,
  rawMap: Record<string, unknown>,
  mapFile: string,
): void {
  const operations = new Set(model.openapi.operationIds);
  const statuses = new Set(model.runStatuses);
  const codes = new Set(model.errors.map((e) => e.code));

  // Every v2Operation is an operationId of openapi.yaml.
  for (const row of [...model.a2a.operations, ...model.mcp.methods]) {
    if (row.v2Operation !== null && !operations.has(row.v2Operation)) {
      sink.report(
        'unknown-v2-operation',
        row.origin.file,
        joinPointer(row.origin.pointer, 'v2Operation'),
        `v2Operation "${row.v2Operation}" is not an operationId of the OpenAPI document`,
      );
    }
  }
  // Every client projection is a registered error code.
  for (const e of model.a2a.errors) {
    if (!codes.has(e.clientProjection)) {
      sink.report(
        'unknown-error-code',
        e.origin.file,
        joinPointer(e.origin.pointer, 'clientProjection'),
        `clientProjection "${e.clientProjection}" of ${e.name} is not a code in errors.json`,
      );
    }
  }
  // JSON-RPC codes are unique across A2A error rows.
  const byCode = new Map<number, string>();
  for (const e of model.a2a.errors) {
    const prior = byCode.get(e.jsonrpc);
    if (prior)
      sink.report(
        'duplicate-jsonrpc-code',
        e.origin.file,
        joinPointer(e.origin.pointer, 'jsonrpc'),
        `JSON-RPC code ${e.jsonrpc} of ${e.name} is already used by ${prior}`,
      );
    byCode.set(e.jsonrpc, e.name);
  }

  // Projections: every row names a known status, and the forward ones are total and functional.
  const projections: {
    name: string;
    rows: {
      runStatus: string;
      interruptKind?: string;
      errorCode?: string;
      origin: { file: string; pointer: string };
    }[];
    base: string;
    total: boolean;
  }[] = [
    { name: 'a2a.taskState', rows: model.a2a.taskState, base: '/a2a/taskState', total: true },
    {
      name: 'a2a.taskStateReverse',
      rows: model.a2a.taskStateReverse,
      base: '/a2a/taskStateReverse',
      total: false,
    },
    {
      name: 'mcp.tasks.status',
      rows: model.mcp.taskStatus,
      base: '/mcp/tasks/status',
      total: model.mcp.taskStatus.length > 0,
    },
  ];
  for (const p of projections) {
    const seen = new Set<string>();
    for (const row of p.rows) {
      if (!statuses.has(row.runStatus)) {
        sink.report(
          'unknown-run-status',
          row.origin.file,
          joinPointer(row.origin.pointer, 'runStatus'),
          `runStatus "${row.runStatus}" is not in the RunSnapshot status enum`,
          // With no enum at all, every row fails for the one missing enum.
          statuses.size === 0 ? sink.firstError('status-enum-missing') : undefined,
        );
      }
      if (!p.total) continue;
      const qualifier = row.interruptKind ?? row.errorCode;
      const key = `${row.runStatus}|${qualifier ?? ''}`;
      if (seen.has(key))
        sink.report(
          'projection-duplicate',
          row.origin.file,
          row.origin.pointer,
          `${p.name} maps "${row.runStatus}"${qualifier ? ` (${qualifier})` : ''} twice`,
        );
      if (row.errorCode !== undefined && !codes.has(row.errorCode))
        sink.report(
          'unknown-error-code',
          row.origin.file,
          joinPointer(row.origin.pointer, 'errorCode'),
          `errorCode "${row.errorCode}" of ${p.name} is not a code in errors.json`,
        );
      seen.add(key);
    }
    if (!p.total) continue;
    for (const status of model.runStatuses) {
      if (!seen.has(`${status}|`))
        sink.report(
          'projection-incomplete',
          mapFile,
          p.base,
          `${p.name} has no row for run status "${status}"`,
        );
    }
  }
  const reverseSeen = new Map<string, string>();
  for (const r of model.a2a.taskStateReverse) {
    if (reverseSeen.has(r.wire))
      sink.report(
        'projection-duplicate',
        r.origin.file,
        r.origin.pointer,
        `a2a.taskStateReverse maps ${r.wire} twice`,
      );
    reverseSeen.set(r.wire, r.runStatus);
  }

  // `requires` names a property of the facet schema of its family.
  const facetProps = new Map(model.facets.map((f) => [f.family as string, new Set(f.properties)]));
  for (const row of [...model.a2a.operations, ...model.mcp.methods]) {
    row.requires.forEach((req, i) => {
      const [family = '', prop = ''] = req.split('.');
      if (!facetProps.get(family)?.has(prop)) {
        sink.report(
          'requires-unknown-facet',
          row.origin.file,
          joinPointer(row.origin.pointer, 'requires', i),
          `"${req}" is not a property of the ${family} facet schema`,
        );
      }
    });
  }

  // Profile ids: each matches its facet's pattern, and no -legacy id is admitted anywhere.
  const mcpFacet = model.facets.find((f) => f.family === 'mcp');
  model.mcp.features.forEach((f) => {
    f.requiredFor.forEach((profile, i) => {
      const pointer = joinPointer(f.origin.pointer, 'requiredFor', i);
      if (/-legacy$/.test(profile))
        sink.report(
          'legacy-profile',
          f.origin.file,
          pointer,
          `profile "${profile}" is a legacy profile id`,
        );
      else if (mcpFacet?.profilePattern && !new RegExp(mcpFacet.profilePattern).test(profile)) {
        sink.report(
          'profile-pattern',
          f.origin.file,
          pointer,
          `profile "${profile}" does not match ${mcpFacet.profilePattern}`,
        );
      }
    });
  });
  for (const facet of model.facets) {
    const sample =
      facet.family === 'a2a'
        ? `a2a-${model.a2a.negotiated || '1.0'}-legacy`
        : `mcp-${model.mcp.revision}-legacy`;
    if (facet.profilePattern && new RegExp(facet.profilePattern).test(sample)) {
      sink.report(
        'legacy-profile',
        facet.origin.file,
        '/properties/profiles/items/pattern',
        `the profiles pattern admits the legacy id "${sample}"`,
      );
    }
  }

  // A2A `when` cases of one operation partition the statuses a task can be in.
  const byMethod = new Map<string, typeof model.a2a.operations>();
  for (const op of model.a2a.operations)
    byMethod.set(op.method, [...(byMethod.get(op.method) ?? []), op]);
  for (const [method, ops] of byMethod) {
    const cases = ops.filter((o) => o.caseStatuses !== null);
    if (cases.length === 0) continue;
    const owner = new Map<string, string>();
    for (const op of cases) {
      for (const s of op.caseStatuses!) {
        const prior = owner.get(s);
        if (prior)
          sink.report(
            'when-overlap',
            op.origin.file,
            joinPointer(op.origin.pointer, 'when'),
            `${method} cases "${prior}" and "${op.when}" both cover run status "${s}"`,
          );
        owner.set(s, op.when);
      }
    }
    const gaps = model.runStatuses.filter((s) => !owner.has(s));
    if (gaps.length > 0)
      sink.report(
        'when-gap',
        ops[0]!.origin.file,
        joinPointer(ops[0]!.origin.pointer, 'when'),
        `no ${method} case covers run status ${gaps.map((g) => `"${g}"`).join(', ')}`,
      );
  }

  // A map rule that names an MCP error code must agree with the pinned revision's registry.
  const mcp = rawMap['mcp'] as Record<string, unknown[]>;
  for (const section of ['headers', 'meta'] as const) {
    (mcp[section] as { rule?: string }[] | undefined)?.forEach((row, i) => {
      for (const m of (row.rule ?? '').matchAll(/(\w+Error)\s*\((-\d+)\)/g)) {
        const known = model.mcp.protocolErrors.find((e) => e.name === m[1]);
        if (known && known.code !== Number(m[2])) {
          sink.report(
            'mcp-error-disagrees',
            mapFile,
            `/mcp/${section}/${i}/rule`,
            `${m[1]} is ${known.code} in MCP ${model.mcp.revision}, the rule says ${m[2]}`,
          );
        }
      }
    });
  }

  // The discovery schema must have the families the interop rules require a host to list.
  if (model.discovery) {
    const props = (model.discovery.schema['properties'] ?? {}) as Record<string, unknown>;
    for (const family of ['a2a', 'mcp', 'hostEvents', 'runList', 'agents', 'fixtures']) {
      if (!(family in props)) {
        sink.report(
          'discovery-family-missing',
          model.discovery.origin.file,
          joinPointer(model.discovery.origin.pointer, 'properties'),
          `the discovery schema has no "${family}" property (interop.md requires it of a host that serves A2A or MCP)`,
        );
      }
    }
  }
}
