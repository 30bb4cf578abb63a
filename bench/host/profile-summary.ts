// `npx tsx bench/host/profile-summary.ts <file.cpuprofile> [rows]`: the text form of a flame graph
// for a closing note or a terminal, from a profile written by bench/host/profile.ts (or any
// `node --cpu-prof`): the functions with the most self time, and the most inclusive time (a frame
// counted once per sample however deep it recurses), each as a share of all samples.
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

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: npx tsx bench/host/profile-summary.ts <file.cpuprofile> [rows]\n');
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

process.stdout.write(
  `${table('Self time', self)}\n${table('Inclusive time', inclusive)}\n` +
    `${(total / 1e6).toFixed(1)} s of samples in ${file}\n`,
);
