// Test helper: seeded mutations of one spec file (a wrong type, a bad enum value, a renamed or
// missing member, an extra one), each applied to a fresh parse and described by its pointer.
import { parse, stringify } from 'yaml';

export type MutationKind = 'type' | 'enum' | 'rename' | 'missing' | 'extra';
export const MUTATION_KINDS: readonly MutationKind[] = [
  'type',
  'enum',
  'rename',
  'missing',
  'extra',
];

type Key = string | number;
type Node = Record<Key, unknown>;

export interface Mutation {
  /** `kind /json/pointer`: what was changed where, for the failure message. */
  label: string;
  /** The file's new text. */
  text: string;
}

/** One character dropped from the middle (`string` → `strng`): the typo a person makes. */
export function typo(s: string): string {
  const mid = Math.floor(s.length / 2);
  return s.length > 2 ? s.slice(0, mid) + s.slice(mid + 1) : s + 'x';
}

function paths(v: unknown, at: Key[] = [], out: Key[][] = []): Key[][] {
  if (at.length > 0) out.push(at);
  if (v && typeof v === 'object')
    for (const [k, c] of Object.entries(v))
      paths(c, [...at, Array.isArray(v) ? Number(k) : k], out);
  return out;
}

const pointerOf = (at: Key[]) =>
  at.map((k) => '/' + String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('');

function otherType(v: unknown): unknown {
  if (typeof v === 'string') return 42;
  if (typeof v === 'number') return 'x';
  if (typeof v === 'boolean') return 'yes';
  if (Array.isArray(v)) return {};
  if (v && typeof v === 'object') return [];
  return 1;
}

/** Applies `kind` at `at` in `data`; false when that kind does not apply to the node there. */
function apply(data: unknown, at: Key[], kind: MutationKind): boolean {
  const parent = at.slice(0, -1).reduce<Node>((o, k) => o[k] as Node, data as Node);
  const key = at.at(-1)!;
  const value = parent[key];
  switch (kind) {
    case 'type':
      parent[key] = otherType(value);
      return true;
    case 'enum':
      if (typeof value !== 'string') return false;
      parent[key] = typo(value);
      return true;
    case 'rename': {
      if (Array.isArray(parent) || typeof key !== 'string') return false;
      // Renamed in place: the member keeps its position among its siblings.
      const entries = Object.entries(parent);
      for (const k of Object.keys(parent)) delete parent[k];
      for (const [k, c] of entries) parent[k === key ? typo(k) : k] = c;
      return true;
    }
    case 'missing':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
      return true;
    case 'extra':
      if (!value || typeof value !== 'object') return false;
      if (Array.isArray(value)) value.push(value[0] ?? 'extra');
      else (value as Node)['extraMember'] = { type: 'strng' };
      return true;
  }
}

/**
 * `count` mutations of a JSON or YAML file's text, spread over its nodes by a seeded generator
 * (the same seed, the same mutations) and cycling through the kinds.
 */
export function mutations(rel: string, text: string, count: number, seed: number): Mutation[] {
  const json = rel.endsWith('.json');
  const read = () => (json ? JSON.parse(text) : parse(text)) as unknown;
  const write = (d: unknown) => (json ? JSON.stringify(d, null, 2) + '\n' : stringify(d));
  const all = paths(read());
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2147483648), state / 2147483648);
  const out: Mutation[] = [];
  for (let tries = 0; out.length < count && tries < count * 20; tries++) {
    const at = all[Math.floor(next() * all.length)]!;
    const kind = MUTATION_KINDS[(out.length + tries) % MUTATION_KINDS.length]!;
    const data = read();
    if (apply(data, at, kind)) out.push({ label: `${kind} ${pointerOf(at)}`, text: write(data) });
  }
  return out;
}
