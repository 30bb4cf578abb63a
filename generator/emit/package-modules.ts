// What the generated package exports: one subpath per module (the `exports` map of its
// package.json and the table of its README), and the runtime dependencies its code imports.
import { distPathsOf } from './support/dist.ts';
import { textMemo } from '../cache/text-memo.ts';
import { joined, type OutputText } from './support/output-text.ts';

export interface PackageModule {
  /** `.` or `./a2a/dispatch`: the subpath in `exports`. */
  subpath: string;
  /** The source file it is compiled from, relative to the package. */
  source: string;
  description: string;
}

/** Per module, keyed by its path without extension: what a reader finds there. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  index: 'everything below, re-exported',
  contract:
    'the contract value: every table, dispatcher, registry, projection and validator of this package in one value a host runtime serves',
  'a2a/dispatch':
    'the A2A dispatcher: case selection from the task state, the `requires` gate, one call per handler member',
  'a2a/errors':
    'the A2A error registry: JSON-RPC codes, HTTP statuses, `google.rpc` reasons, error builders',
  'a2a/operations': 'the A2A operation table and the `A2aHandlers` interface a host implements',
  'a2a/task-state': 'run status to A2A task state and back',
  'errors/catalogue':
    'the OpenWOP error catalogue: code to HTTP status, retriable, the envelope builder',
  'mcp/dispatch':
    'the MCP dispatcher: method lookup, refusals of rule rows, one call per handler member',
  'mcp/methods':
    'the MCP method table, the `McpHandlers` interface, features, header and `_meta` rules',
  'mcp/task-status': 'run status to MCP task status',
  'negotiation/tables': 'version negotiation tables per protocol and the facet config type',
  'rest/operations':
    'the REST route table (one row per `operationId`) and the `RestHandlers` interface a host implements',
  'run-status': 'the run status enum of the RunSnapshot, as a type and a runtime list',
  'types/a2a-wire': 'A2A 1.0 wire types',
  'types/event-streams': 'event stream channels and messages from the AsyncAPI document',
  'types/events': 'run-event and host-event payload types',
  'types/facets': 'interop facet types',
  'types/mcp-wire': 'MCP wire types of the pinned revision',
  'types/openapi': 'REST wire types from the OpenAPI document',
  'validators/requests':
    'request validators per A2A method, MCP method and REST operation: typed params, or a refusal naming the field',
  'validators/request-check': 'the checks the request validators run (ProtoJSON names for A2A)',
  'validators/request-schemas': 'the request and answer validators as ajv standalone code',
  'validators/answers':
    'answer validators per A2A and MCP method (a result, or a stream event), for outbound clients',
  'a2a/client':
    'a typed A2A client for both bindings: one member per method, errors decoded into the registry, answers validated',
  'mcp/client':
    'a typed MCP client for the pinned revision: discover, tools (multi-round input), the tasks extension, cancellation',
  'mcp/stdio': 'the stdio transport of the MCP client (a child process; Node only)',
  'client/support': 'what both clients share: bounded reads, SSE framing, timeouts, trace context',
  'client/a2a-core': 'the A2A client core the generated client binds to its tables',
  'client/mcp-core': 'the MCP client core the generated client binds to its tables',
  'validators/standalone': 'standalone validators (ajv) for facets, discovery and host events',
};

/** Every importable module of the package, index first, then by path. */
export function packageModules(paths: readonly string[]): PackageModule[] {
  const modules: PackageModule[] = [];
  for (const path of paths) {
    if (path.startsWith('dist/') || path.endsWith('.d.ts')) continue;
    // Hand-written JavaScript is a module when it has declarations beside it.
    if (path.endsWith('.js') && !paths.includes(path.replace(/\.js$/, '.d.ts'))) continue;
    if (!/\.(ts|js)$/.test(path)) continue;
    const base = path.replace(/\.(ts|js)$/, '');
    modules.push({
      subpath: base === 'index' ? '.' : `./${base}`,
      source: path,
      description: DESCRIPTIONS[base] ?? 'a generated module',
    });
  }
  return modules.sort((a, b) =>
    a.subpath === '.' ? -1 : b.subpath === '.' ? 1 : a.subpath < b.subpath ? -1 : 1,
  );
}

/** The `exports` map: types first (TypeScript reads conditions in order), then the JavaScript. */
export function exportsMap(modules: readonly PackageModule[]): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  for (const m of modules) {
    const { js, dts } = distPathsOf(m.source);
    map[m.subpath] = { types: `./${dts}`, default: `./${js}` };
  }
  map['./package.json'] = './package.json';
  return map;
}

/**
 * The packages the generated code imports at run time (bare `import … from` and `require(…)`
 * specifiers other than `node:` built-ins), with the version ranges wopgen itself depends on, so
 * the package installed anywhere gets the same libraries the generator emitted code for.
 */
export function runtimeDependencies(
  files: ReadonlyMap<string, string | OutputText>,
  wopgenDependencies: Readonly<Record<string, string>>,
): Record<string, string> {
  const names = new Set<string>();
  for (const [path, text] of files) {
    if (!/\.(ts|js)$/.test(path) || path.endsWith('.d.ts')) continue;
    for (const spec of specifiersIn(text)) {
      if (spec.startsWith('.') || spec.startsWith('node:')) continue;
      const parts = spec.split('/');
      names.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  const deps: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const range = wopgenDependencies[name];
    if (range === undefined)
      throw new Error(`generated code imports ${name}, which wopgen does not depend on`);
    deps[name] = range;
  }
  return deps;
}

// Import and export statements at the start of a line, and `require("…")` calls (ajv's
// standalone code): text inside comments or string literals elsewhere never matches.
const STATEMENT = /^(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm;
const CALL = /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g;

function scan(text: string): string[] {
  return [...text.matchAll(STATEMENT), ...text.matchAll(CALL)].map((m) => m[1]!);
}

/** A body's specifiers, remembered: the largest bodies (ajv's code) rarely change. */
const scanBody = textMemo(scan);

/**
 * The specifiers a file's text imports. A text in parts is scanned part by part: the same
 * matches, since the header is whole `//` lines (no statement starts in it, none spans into the
 * body) and holds no `require(` (checked; otherwise the joined text is scanned).
 */
function specifiersIn(text: string | OutputText): string[] {
  if (typeof text === 'string') return scan(text);
  const h = text.header;
  const whole =
    h === '' || (h.endsWith('\n') && h.split('\n').every((l) => l === '' || l.startsWith('//')));
  if (!whole || h.includes('require(')) return scan(joined(text));
  return [...scan(h), ...scanBody(text.body)];
}
