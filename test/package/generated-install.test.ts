// The generated package as another project installs it, by each way its README prints: from a
// folder outside the project (`npm install --install-links`: a plain link resolves the package's
// own imports from its real path, where its dependencies are not), from a tarball, and as a
// workspace. Each install is imported by plain Node; the README's TypeScript blocks type-check
// against the installed package (strict, nodenext), and every type name the checkout README's
// "What is generated" table documents is exported by the file it names.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockOf } from '../helpers/readme.ts';
import { bin } from '../generator/cli-run.ts';
import { npmInstall, REPO, run, tempProject } from './npm.ts';

const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
const README_PATH = './generated';
// Reads a value and a validator through the root entry and a subpath: both load ajv-formats.
const IMPORT = [
  "import { a2aOperations } from '@wopgen/generated';",
  "import { validateA2AFacet } from '@wopgen/generated/validators/standalone';",
  'console.log(a2aOperations.length > 0, validateA2AFacet({}));',
].join('\n');

let outside: string;
let readme: string;

/** A project folder with a package.json of its own (ES modules). */
function project(prefix: string, extra: Record<string, unknown> = {}): string {
  const dir = tempProject(prefix);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `consumer-${prefix}`, version: '1.0.0', type: 'module', ...extra }),
  );
  return dir;
}

/** Runs each line of a README block in `cwd`, `./generated` read as `path`. */
async function runLines(block: string, cwd: string, path: string): Promise<void> {
  for (const line of block.trim().split('\n')) {
    const [cmd, ...args] = line.replaceAll(README_PATH, path).split(' ');
    const r =
      cmd === 'npm' && args[0] === 'install'
        ? await npmInstall(cwd, args.slice(1))
        : await run(cmd!, args, cwd);
    expect(r.code, `${line}\n${r.stderr}`).toBe(0);
  }
}

async function imports(cwd: string): Promise<void> {
  const r = await run(process.execPath, ['--input-type=module', '-e', IMPORT], cwd);
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe('true false\n');
}

beforeAll(async () => {
  // Generated outside this repository, as a user's project holds it.
  outside = tempProject('generated-outside');
  const g = await run(
    process.execPath,
    [bin, 'generate', '--spec', join(REPO, 'spec'), '--out', join(outside, 'generated')],
    outside,
  );
  expect(g.code, g.stderr).toBe(0);
  readme = readFileSync(join(outside, 'generated/README.md'), 'utf8');
}, 300_000);

describe('the generated package installed as its README says', () => {
  it('from a folder outside the project, and its README code type-checks', async () => {
    const dir = project('from-path');
    await runLines(blockOf(readme, 'install-path'), dir, relative(dir, join(outside, 'generated')));
    await imports(dir);
    const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    const files = blocks.map((b, i) => {
      writeFileSync(join(dir, `readme-${i}.ts`), b);
      return `readme-${i}.ts`;
    });
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files,
      }),
    );
    const t = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], dir);
    expect(t.stdout + t.stderr).toBe('');
    expect(t.code).toBe(0);
  });

  it('from a tarball', async () => {
    const dir = project('from-tarball');
    await runLines(
      blockOf(readme, 'install-tarball'),
      dir,
      relative(dir, join(outside, 'generated')),
    );
    await imports(dir);
  });

  it('as a workspace', async () => {
    const dir = project('workspace', { workspaces: ['generated'] });
    cpSync(join(outside, 'generated'), join(dir, 'generated'), { recursive: true });
    expect(readme).toContain('`"workspaces": ["generated"]`');
    const r = await npmInstall(dir);
    expect(r.code, r.stderr).toBe(0);
    await imports(dir);
  });
});

describe('the names the checkout README documents', () => {
  it('every type a "What is generated" row names is exported by a file of that row', () => {
    const text = readFileSync(join(REPO, 'README.md'), 'utf8');
    const section = text.slice(text.indexOf('## What is generated'));
    const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('| file'))).split('\n');
    const missing: string[] = [];
    for (const row of rows.filter((r) => /^\| `/.test(r))) {
      const [, files, , holds] = row.split('|');
      // A row naming files by pattern (`validators/request-*`) is checked by its other files.
      const sources = [...files!.matchAll(/`([^`*]+)`/g)].map((m) =>
        readFileSync(join(REPO, 'generated', m[1]!), 'utf8'),
      );
      // Type and value names (PascalCase); lower-case words there are map keywords.
      for (const [, name] of holds!.matchAll(/`([A-Z][A-Za-z0-9]*)`/g)) {
        const exported = new RegExp(
          `export (declare )?(const|function|type|interface|class|enum) ${name}\\b|export \\{[^}]*\\b${name}\\b`,
        );
        if (!sources.some((s) => exported.test(s))) missing.push(`${name} (${files!.trim()})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
