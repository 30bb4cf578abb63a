// Bundling: turns a document (or one node of it) plus everything its `$ref`s reach into one
// self-contained value. Each referenced node outside the root is copied once under a definitions
// map with a name derived from its file and pointer, and references are rewritten to it. Cycles
// stay references, so recursive schemas never recurse here.
import type { Diagnostic, DiagnosticSink } from '../diagnostics/diagnostic.ts';
import { causeOfMissing } from './missing.ts';
import { getAt, joinPointer, parsePointer } from './pointer.ts';
import { isRefOnly, resolveRef, targetKey, type RefResult, type RefTarget } from './refs.ts';
import { keptOrMade, type Resolve } from './bundle-memo.ts';
import type { SourceSet } from './source-set.ts';
import type { SourceFile } from './source.ts';

export interface BundleOptions {
  /** Where hoisted definitions go: ['$defs'] for JSON Schema, ['components','schemas'] for OpenAPI. */
  defsPath: string[];
  /** Preferred names for some targets (key from `targetKey`), e.g. OpenAPI component aliases. */
  names?: Map<string, string>;
}

export interface Bundle {
  value: Record<string, unknown>;
  /** Every file the bundle read. */
  files: Set<SourceFile>;
}

const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

export function bundle(
  set: SourceSet,
  sink: DiagnosticSink,
  root: RefTarget,
  opts: BundleOptions,
): Bundle {
  if (!set.memo) return bundleWith(resolveRef, set, sink, root, opts);
  return keptOrMade(set.memo, set, sink, root, opts, (resolve) =>
    bundleWith(resolve, set, sink, root, opts),
  );
}

function bundleWith(
  resolve: Resolve,
  set: SourceSet,
  sink: DiagnosticSink,
  root: RefTarget,
  opts: BundleOptions,
): Bundle {
  const keepInternal = root.pointer === '';
  const nameOf = new Map<string, string>(opts.names ?? []);
  const owner = new Map<string, string>(); // name -> key, for collision reports
  for (const [k, n] of nameOf) owner.set(n, k);
  const defs = new Map<string, unknown>();
  const queue: RefTarget[] = [];
  const files = new Set<SourceFile>([root.file]);
  const cycleChecked = new Set<string>();
  const defsRef = '#' + joinPointer('', ...opts.defsPath) + '/';

  const refFor = (from: SourceFile, pointer: string, ref: string): string | undefined => {
    const r = resolve(set, from, ref);
    if (!r.ok) {
      reportUnresolved(set, sink, from, pointer, r);
      return undefined;
    }
    files.add(r.target.file);
    checkAliasCycle(resolve, set, sink, r.target, cycleChecked);
    if (keepInternal && r.target.file === root.file) return '#' + r.target.pointer;
    const key = targetKey(r.target);
    let name = nameOf.get(key);
    if (!name) {
      name = defName(r.target);
      const prior = owner.get(name);
      if (prior && prior !== key) {
        sink.report(
          'name-collision',
          from.rel,
          pointer,
          `definitions ${prior} and ${key} both derive the name "${name}"`,
        );
      }
      owner.set(name, key);
      nameOf.set(key, name);
    }
    if (!defs.has(name)) {
      defs.set(name, null);
      queue.push(r.target);
    }
    return defsRef + name;
  };

  const copy = (value: unknown, from: SourceFile, pointer: string): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => copy(v, from, joinPointer(pointer, i)));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (k === '$ref' && typeof v === 'string') {
        const rewritten = refFor(from, pointer, v);
        if (rewritten) out[k] = rewritten;
        else out['description'] = `unresolved reference ${v} (see wopgen diagnostics)`;
      } else if (DATA_KEYS.has(k) || k.startsWith('x-')) {
        out[k] = v;
      } else {
        out[k] = copy(v, from, joinPointer(pointer, k));
      }
    }
    return out;
  };

  const value = copy(getAt(root.file.data, root.pointer), root.file, root.pointer) as Record<
    string,
    unknown
  >;
  while (queue.length > 0) {
    const t = queue.shift()!;
    const def = copy(getAt(t.file.data, t.pointer), t.file, t.pointer);
    // A hoisted node no longer lives at its `$id`: keeping it would re-base the refs inside it.
    if (def && typeof def === 'object' && !Array.isArray(def)) {
      delete (def as Record<string, unknown>)['$id'];
      delete (def as Record<string, unknown>)['$schema'];
      // Its own definitions were hoisted one by one wherever they are referenced.
      delete (def as Record<string, unknown>)['$defs'];
      delete (def as Record<string, unknown>)['definitions'];
    }
    defs.set(nameOf.get(targetKey(t))!, def);
  }
  if (defs.size > 0) {
    let holder: Record<string, unknown> = value;
    for (const seg of opts.defsPath) {
      const next = holder[seg];
      holder =
        next && typeof next === 'object' ? (next as Record<string, unknown>) : (holder[seg] = {});
    }
    for (const [name, def] of [...defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      holder[name] = def;
  }
  return { value, files };
}

/** Reports a `$ref` that did not resolve; returns the diagnostic, which later ones may follow from. */
export function reportUnresolved(
  set: SourceSet,
  sink: DiagnosticSink,
  from: SourceFile,
  pointer: string,
  r: Extract<RefResult, { ok: false }>,
): Diagnostic {
  if (r.code === 'syntax-error') return sink.report(r.code, r.file.rel, '', r.message);
  // At the `$ref` value itself, where the typo is, not at the object holding it; folded under
  // the missing folder or the first reference to the same missing file.
  return sink.report(
    r.code,
    from.rel,
    joinPointer(pointer, '$ref'),
    r.message,
    r.missingFile ? causeOfMissing(set, sink, r.missingFile, from.rel, pointer) : undefined,
  );
}

/** A definition name from a file and pointer: `ids.schema.json#/$defs/runId` → `Ids_runId`. */
export function defName(t: RefTarget): string {
  const base = t.file.rel
    .slice(t.file.rel.lastIndexOf('/') + 1)
    .replace(/\.(schema\.)?(json|ya?ml)$/i, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  const segs = (parsePointer(t.pointer) ?? [])
    .filter((s) => !['$defs', 'definitions', 'components', 'schemas'].includes(s))
    .map((s) => s.replace(/[^A-Za-z0-9]+/g, '_'));
  return [base, ...segs].join('_');
}

/** Reports a chain of `{ $ref }`-only nodes that leads back to itself; walked iteratively. */
function checkAliasCycle(
  resolve: Resolve,
  set: SourceSet,
  sink: DiagnosticSink,
  start: RefTarget,
  done: Set<string>,
): void {
  const seen: RefTarget[] = [];
  let cur: RefTarget = start;
  for (;;) {
    const key = targetKey(cur);
    if (done.has(key)) break;
    const at = seen.findIndex((t) => targetKey(t) === key);
    if (at >= 0) {
      const cycle = seen.slice(at);
      const first = cycle.reduce((a, b) => (targetKey(a) <= targetKey(b) ? a : b));
      sink.report(
        'ref-cycle',
        first.file.rel,
        first.pointer,
        `$ref cycle: ${[...cycle, cycle[0]!].map(targetKey).join(' -> ')}`,
      );
      break;
    }
    seen.push(cur);
    const node = getAt(cur.file.data, cur.pointer);
    if (!isRefOnly(node)) break;
    const r = resolve(set, cur.file, node.$ref);
    if (!r.ok) break;
    cur = r.target;
  }
  for (const t of seen) done.add(targetKey(t));
}
