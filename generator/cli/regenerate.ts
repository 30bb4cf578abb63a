// The regenerate command printed in every generated header (DESIGN.md §4). It must not depend on
// how the paths were typed or where the command ran: both paths are resolved
// (symbolic links too) and named relative to the project folder, the nearest folder above the
// output holding wopgen.config.json or package.json; without one, relative to the nearest folder
// holding both spec and output. Run from that folder, the printed command regenerates.
import { existsSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { realPath } from '../write/guard.ts';

const PROJECT_MARKERS = ['wopgen.config.json', 'package.json'];

export function regenerateCommand(spec: string, out: string): string {
  const specReal = realPath(spec).real;
  const outReal = realPath(out).real;
  const root = projectFolder(dirname(outReal)) ?? commonFolder(specReal, dirname(outReal));
  const name = (p: string) => (root === null ? posix(p) : posix(relative(root, p)) || '.');
  return `npx wopgen generate --spec ${name(specReal)} --out ${name(outReal)}`;
}

function projectFolder(start: string): string | undefined {
  for (let at = start; ; at = dirname(at)) {
    if (PROJECT_MARKERS.some((m) => existsSync(join(at, m)))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** The deepest folder holding both, or null when that is only the filesystem root. */
function commonFolder(a: string, b: string): string | null {
  for (let at = a; dirname(at) !== at; at = dirname(at)) {
    if (b === at || b.startsWith(at + sep)) return at;
  }
  return null;
}

function posix(p: string): string {
  return p.split(sep).join('/');
}
