// The project `wopgen init` scaffolds: the handlebars templates of templates/init/,
// one per file, rendered from one typed context, plus the bundled spec (spec/ and schemas/)
// copied in so `npm run generate` works offline. Writes into a folder that is absent or empty;
// anything else is refused before a file is written.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { renderTemplate } from '../templates/render.ts';
import { packageRoot } from '../templates/root.ts';
import { GENERATOR_VERSION } from '../version.ts';

/** What every template of templates/init/ is rendered from. */
export interface InitContext {
  /** The npm package name (from the folder name). */
  name: string;
  /** PascalCase of the name, for the core's class. */
  className: string;
  wopgenVersion: string;
  // JSON literals (STYLE.md: literals through JSON.stringify, never spliced by hand).
  nameJson: string;
  wopgenJson: string;
  a2aSdkJson: string;
  mcpClientJson: string;
  typesNodeJson: string;
  typescriptJson: string;
}

/** Template (under templates/init/) → the file it becomes in the project. */
export const INIT_FILES: readonly (readonly [template: string, output: string])[] = [
  ['package.json.hbs', 'package.json'],
  ['wopgen.config.json.hbs', 'wopgen.config.json'],
  ['tsconfig.json.hbs', 'tsconfig.json'],
  // npm leaves a file named .gitignore out of a tarball: the template does not carry the dot.
  ['gitignore.hbs', '.gitignore'],
  ['README.md.hbs', 'README.md'],
  ['src/core.ts.hbs', 'src/core.ts'],
  ['src/host.ts.hbs', 'src/host.ts'],
  ['src/server.ts.hbs', 'src/server.ts'],
  ['src/contract.ts.hbs', 'src/contract.ts'],
  ['test/host.test.ts.hbs', 'test/host.test.ts'],
];

/** The folders of the bundled profile copied into the project. */
export const SPEC_FOLDERS = ['spec', 'schemas'] as const;

export class InitRefusal extends Error {}

/** An npm package name from a folder name: lowercase, [a-z0-9._-], starting with a letter or digit. */
export function packageName(dir: string): string {
  const name = basename(resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '');
  return name === '' ? 'openwop-host' : name;
}

function className(name: string): string {
  const pascal = name
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Z]/.test(pascal) ? pascal : `Host${pascal}`;
}

interface OwnPackage {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** The versions the scaffold's dev dependencies get: those wopgen itself is tested with. */
function ownPackage(): OwnPackage {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as OwnPackage;
}

/** A dependency spec that names a local tarball or folder: `file:X`, or a path npm reads as one. */
const LOCAL_SPEC = /^(file:|\.{1,2}[\\/]|[\\/])|\.(tgz|tar\.gz|tar)$/;

/**
 * The wopgen dependency as the new project must write it. A relative path is read from where the
 * command runs (`--wopgen file:./wopgen-0.1.0.tgz` names the caller's tarball) and written
 * relative to the project, as `npm install <path>` writes it; an absolute path, a version range
 * or a tag is kept as given.
 */
export function wopgenDependency(spec: string, dir: string, cwd: string): string {
  if (!LOCAL_SPEC.test(spec)) return spec;
  const path = spec.replace(/^file:/, '');
  if (isAbsolute(path)) return `file:${path}`;
  const target = resolve(cwd, path);
  const rel = relative(resolve(dir), target).split('\\').join('/');
  return `file:${isAbsolute(rel) ? target : rel}`;
}

export function initContext(
  dir: string,
  wopgen: string | undefined,
  cwd: string = process.cwd(),
): InitContext {
  const own = ownPackage();
  const version = (name: string): string =>
    JSON.stringify(own.devDependencies[name] ?? own.dependencies[name] ?? 'latest');
  const name = packageName(dir);
  return {
    name,
    className: className(name),
    wopgenVersion: GENERATOR_VERSION,
    nameJson: JSON.stringify(name),
    wopgenJson: JSON.stringify(
      wopgen === undefined ? `^${GENERATOR_VERSION}` : wopgenDependency(wopgen, dir, cwd),
    ),
    a2aSdkJson: version('@a2a-js/sdk'),
    mcpClientJson: version('@modelcontextprotocol/client'),
    typesNodeJson: version('@types/node'),
    typescriptJson: version('typescript'),
  };
}

/** Refuses a path that is a file or a folder holding anything. */
export function checkTarget(dir: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new InitRefusal(`${dir} exists and is not a folder`);
  const entries = readdirSync(dir);
  if (entries.length > 0)
    throw new InitRefusal(
      `${dir} is not empty (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}); init writes only into an absent or empty folder`,
    );
}

/** Writes the project; returns the files written, relative to `dir`. */
export function scaffold(dir: string, context: InitContext): string[] {
  checkTarget(dir);
  const written: string[] = [];
  for (const [template, output] of INIT_FILES) {
    const target = join(dir, output);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, renderTemplate(`init/${template}`, context));
    written.push(output);
  }
  const root = packageRoot();
  for (const folder of SPEC_FOLDERS) {
    cpSync(join(root, folder), join(dir, folder), { recursive: true });
    written.push(`${folder}/`);
  }
  return written;
}
