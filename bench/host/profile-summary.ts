// `npx tsx bench/host/profile-summary.ts <file.cpuprofile> [rows]`: the text form of a flame graph
// for a closing note or a terminal, from a profile written by bench/host/profile.ts (or any
// `node --cpu-prof`): the functions with the most self time, and the most inclusive time (a frame
// counted once per sample however deep it recurses), each as a share of all samples.
// `... --tree [min%] [frame]`: the flame graph itself, as an indented call tree (callers above
// callees, siblings of one name merged, widest first), cut below min% (default 1) and, with a
// frame name, rooted at every call of that frame. A chain of single callees prints on one line.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const treeAt = args.indexOf('--tree');
const treeArgs = treeAt < 0 ? [] : args.splice(treeAt).slice(1);
const [file, rowsArg] = args;
if (!file) {
  process.stderr.write(
    'usage: npx tsx bench/host/profile-summary.ts <file.cpuprofile> [rows] [--tree [min%] [frame]]\n',
  );
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// A frame's name: function, then its file's last segment and line (paths differ per checkout).
const nameOf = (n: ProfileNode) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop() ?? ''}:${n.callFrame.lineNumber}`;

const timeOf = new Map<number, number>();
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  timeOf.set(id, (timeOf.get(id) ?? 0) + dt);
  total += dt;
});

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, t] of timeOf) {
  const leaf = byId.get(id)!;
  self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const name = nameOf(byId.get(cur)!);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + t);
  }
}

function table(title: string, m: Map<string, number>): string {
  const top = [...m].sort((a, b) => b[1] - a[1]).slice(0, rows);
  const lines = top.map(([name, t]) => `| ${((100 * t) / total).toFixed(1)}% | \`${name}\` |`);
  return [`${title}`, '', '| share | frame |', '| ---: | --- |', ...lines, ''].join('\n');
}

/** Each node's time with everything it called. */
const under = new Map<number, number>();
function sumUnder(id: number): number {
  let t = timeOf.get(id) ?? 0;
  for (const c of byId.get(id)!.children ?? []) t += sumUnder(c);
  under.set(id, t);
  return t;
}

const share = (t: number) => `${((100 * t) / total).toFixed(1)}%`.padStart(6);

/** The call tree below `ids` (nodes of one frame merged), as lines of text. */
function tree(ids: number[], min: number, depth: number, out: string[]): void {
  const groups = new Map<string, number[]>();
  for (const id of ids) {
    const name = nameOf(byId.get(id)!);
    groups.set(name, [...(groups.get(name) ?? []), id]);
  }
  const merged = [...groups].map(([name, group]) => ({
    name,
    group,
    t: group.reduce((a, id) => a + under.get(id)!, 0),
    self: group.reduce((a, id) => a + (timeOf.get(id) ?? 0), 0),
  }));
  for (const g of merged.sort((a, b) => b.t - a.t)) {
    if ((100 * g.t) / total < min) continue;
    // Follow a chain of single callees of the same width (Node's stream and socket layers).
    let names = [g.name];
    let group = g.group;
    let self = g.self;
    for (;;) {
      const next = group.flatMap((id) => byId.get(id)!.children ?? []);
      const nextNames = new Set(next.map((id) => nameOf(byId.get(id)!)));
      const nextT = next.reduce((a, id) => a + under.get(id)!, 0);
      if (self > 0 || nextNames.size !== 1 || nextT !== g.t) break;
      names = [...names, ...nextNames];
      group = next;
      self = next.reduce((a, id) => a + (timeOf.get(id) ?? 0), 0);
    }
    const chain = names.length > 2 ? `${names[0]} → … → ${names.at(-1)}` : names.join(' → ');
    const selfNote = (1000 * self) / total >= 1 ? ` (self ${share(self).trim()})` : '';
    out.push(`${share(g.t)} ${'  '.repeat(depth)}${chain}${selfNote}`);
    tree(
      group.flatMap((id) => byId.get(id)!.children ?? []),
      min,
      depth + 1,
      out,
    );
  }
}

if (treeAt >= 0) {
  const min = Number(treeArgs[0] ?? 1);
  const root = profile.nodes[0]!.id;
  sumUnder(root);
  const from = treeArgs[1];
  const starts = from
    ? profile.nodes.filter((n) => nameOf(n).startsWith(from)).map((n) => n.id)
    : [root];
  const out: string[] = [];
  tree(starts, min, 0, out);
  process.stdout.write(`${out.join('\n')}\n${(total / 1e6).toFixed(1)} s of samples in ${file}\n`);
} else {
  process.stdout.write(
    `${table('Self time', self)}\n${table('Inclusive time', inclusive)}\n` +
      `${(total / 1e6).toFixed(1)} s of samples in ${file}\n`,
  );
}
