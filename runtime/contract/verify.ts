// Start-up checks of a contract against this runtime (DESIGN.md §3): everything the bindings assume
// when they read a host implementer's package as wopgen's own contract type. A contract passes
// only when every member the runtime reads is present, the run statuses are the core's, every row
// is served (a supplied handler or a built-in one written for that very row), and every method or
// operation a built-in handler serves travels in the wire shapes that handler was written for.
// Otherwise the host refuses to start, naming each member (ContractRefused).
import { ContractRefused } from './refused.ts';
import type { HostContract, ServedContract } from './served.ts';

/** The member names of the handlers a host implementer supplied, per protocol. */
export interface SuppliedKeys {
  a2a: ReadonlySet<string>;
  mcp: ReadonlySet<string>;
  rest: ReadonlySet<string>;
}

/** Groups of the contract value whose members are checked one by one (the rest are tables). */
const GROUPS = new Set([
  'spec',
  'runStatuses',
  'a2a',
  'a2a.errors',
  'a2a.taskState',
  'mcp',
  'mcp.taskStatus',
  'rest',
  'errors',
  'negotiation',
  'validators',
]);

/** A short name for messages: the spec's title and version, and the input digest. */
export function contractName(c: HostContract): string {
  return `"${c.spec.title} ${c.spec.version}" (${c.inputDigest})`;
}

/** `candidate` as the bindings read it, or ContractRefused listing every problem. */
export function verifyContract(
  candidate: HostContract,
  builtin: ServedContract,
  supplied: SuppliedKeys,
): ServedContract {
  // The format of contract value this runtime reads is its own package's.
  if (candidate.format !== builtin.format) {
    throw new ContractRefused(contractName(candidate), [
      `it is a contract of format ${JSON.stringify(candidate.format)}; this runtime reads ${builtin.format}: regenerate the package with this wopgen`,
    ]);
  }
  const problems = [
    ...members(builtin, candidate, ''),
    ...runStatuses(builtin, candidate as unknown as ServedContract),
  ];
  // Rows and shapes are read only from a contract whose members are all there.
  if (problems.length === 0) {
    const served = candidate as unknown as ServedContract;
    problems.push(...a2aRows(builtin, served, supplied.a2a));
    problems.push(...mcpMethods(builtin, served, supplied.mcp));
    problems.push(...restOperations(builtin, served, supplied.rest));
  }
  if (problems.length > 0) throw new ContractRefused(contractName(candidate), problems);
  // Verified above: every member the bindings read is present with the type they read it as.
  return candidate as unknown as ServedContract;
}

function kindOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

/** Every member of `expected` is present in `actual` with the same kind, group by group. */
function members(expected: unknown, actual: unknown, path: string): string[] {
  const problems: string[] = [];
  const e = expected as Record<string, unknown>;
  const a = (actual ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(e)) {
    if (key === 'types') continue;
    const at = path === '' ? key : `${path}.${key}`;
    const want = kindOf(e[key]);
    const got = kindOf(a[key]);
    if (want !== got) {
      problems.push(
        got === 'undefined' || got === 'null'
          ? `it has no ${at}, which this runtime reads (regenerate with this wopgen, from a spec that has it)`
          : `its ${at} is a ${got} where this runtime reads a ${want}`,
      );
    } else if (GROUPS.has(at)) {
      problems.push(...members(e[key], a[key], at));
    }
  }
  return problems;
}

function runStatuses(builtin: ServedContract, c: ServedContract): string[] {
  const same = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && x.every((s) => y.includes(s));
  const problems: string[] = [];
  if (!same(builtin.runStatuses.all, c.runStatuses.all))
    problems.push(
      `its run statuses (${c.runStatuses.all.join(', ')}) are not the run core's (${builtin.runStatuses.all.join(', ')})`,
    );
  if (!same(builtin.runStatuses.terminal, c.runStatuses.terminal))
    problems.push(
      `its terminal run statuses (${c.runStatuses.terminal.join(', ')}) are not the run core's (${builtin.runStatuses.terminal.join(', ')})`,
    );
  return problems;
}

/** A wire-shape difference of a method a built-in handler serves. */
function shapeProblem(
  protocol: string,
  name: string,
  member: string,
  theirs: string | undefined,
  ours: string | undefined,
): string {
  return `${protocol} ${name}: its wire types (${theirs ?? 'none'}) differ from those the built-in handler ${member} serves (${ours ?? 'none'}); supply ${member} yourself, or generate from the wire schema this runtime was built with`;
}

function a2aRows(builtin: ServedContract, c: ServedContract, supplied: ReadonlySet<string>) {
  const problems: string[] = [];
  const ours = new Map(builtin.a2a.operations.map((o) => [o.key as string, o]));
  const keys = new Set<string>(c.a2a.operations.map((o) => o.key));
  for (const row of c.a2a.operations) {
    if (supplied.has(row.key)) continue;
    const own = ours.get(row.key);
    if (!own) {
      // A case this runtime implements under another member name: say which, it is a rename.
      const renamed = builtin.a2a.operations
        .filter((o) => o.method === row.method && !keys.has(o.key))
        .map((o) => o.key);
      const hint =
        renamed.length > 0
          ? ` (the built-in ${renamed.join(', ')} serves a case it no longer has)`
          : '';
      problems.push(`A2A ${row.key}: no handler for ${row.method} (${row.source})${hint}`);
      continue;
    }
    const sameRow =
      own.method === row.method &&
      own.streaming === row.streaming &&
      (own.caseStatuses === null) === (row.caseStatuses === null);
    if (!sameRow) {
      problems.push(
        `A2A ${row.key}: the built-in handler serves ${own.method}${own.streaming ? ' (streaming)' : ''}, the contract's row is ${row.method}${row.streaming ? ' (streaming)' : ''} (${row.source}); supply ${row.key} yourself`,
      );
      continue;
    }
    const theirs = c.a2a.wireShapes[row.method];
    const shape = builtin.a2a.wireShapes[row.method];
    if (theirs !== shape) problems.push(shapeProblem('A2A', row.method, row.key, theirs, shape));
  }
  return problems;
}

function mcpMethods(builtin: ServedContract, c: ServedContract, supplied: ReadonlySet<string>) {
  const problems: string[] = [];
  const ours = builtin.mcp.methods as Readonly<Record<string, { key: string; method: string }>>;
  for (const row of Object.values(c.mcp.methods)) {
    if (supplied.has(row.key)) continue;
    const own = Object.hasOwn(ours, row.method) ? ours[row.method] : undefined;
    if (!own || own.key !== row.key) {
      problems.push(`MCP ${row.key}: no handler for ${row.method} (${row.source})`);
      continue;
    }
    const theirs = c.mcp.wireShapes[row.method];
    const shape = builtin.mcp.wireShapes[row.method];
    if (theirs !== shape) problems.push(shapeProblem('MCP', row.method, row.key, theirs, shape));
  }
  return problems;
}

function restOperations(builtin: ServedContract, c: ServedContract, supplied: ReadonlySet<string>) {
  const problems: string[] = [];
  const ours = new Map(builtin.rest.operations.map((o) => [o.operationId as string, o]));
  for (const op of c.rest.operations) {
    if (supplied.has(op.operationId)) continue;
    const own = ours.get(op.operationId);
    if (!own) {
      problems.push(
        `REST ${op.operationId}: no handler for ${op.method} ${op.path} (${op.source})`,
      );
      continue;
    }
    if (own.method !== op.method || own.path !== op.path) {
      problems.push(
        `REST ${op.operationId}: the built-in handler serves ${own.method} ${own.path}, the contract's operation is ${op.method} ${op.path} (${op.source}); supply ${op.operationId} yourself`,
      );
      continue;
    }
    if (own.shape !== op.shape)
      problems.push(
        shapeProblem('REST', `${op.method} ${op.path}`, op.operationId, op.shape, own.shape),
      );
  }
  return problems;
}
