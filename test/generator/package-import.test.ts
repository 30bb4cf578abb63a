// The generated package from another project: generated outside this repository,
// copied into a fresh project's node_modules with only the dependencies its package.json
// declares, then imported by plain Node (ES modules, no TypeScript loader) through every subpath
// of its `exports`, and type-checked by `tsc` under the configuration `tsc --init` writes
// (strict, `module: nodenext`), with library checking on so the package's own .d.ts are checked.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { bin } from './cli-run.ts';

const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc');
const wopgenPackage = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

interface GeneratedPackageJson {
  name: string;
  type: string;
  exports: Record<string, { types: string; default: string } | string>;
  dependencies: Record<string, string>;
}

const upstream = process.env['WOPGEN_UPSTREAM_SPEC'];
const specs: [string, string][] = [['the bundled spec', join(projectRoot, 'spec')]];
if (upstream) specs.push(['the upstream corpus', resolve(upstream)]);

/** A consumer that uses the package as a host implementer would; spec-agnostic. */
const CONSUMER = `import { a2aMethods, type A2aHandlers, type A2aIo } from '@wopgen/generated';
import { isMcpMethod, type McpHandlers, type McpIo } from '@wopgen/generated/mcp/methods';
import { validateHostEvent } from '@wopgen/generated/validators/standalone';

interface Ctx {
  tenant: string;
}

// A handler set without its members is refused: the interfaces are real, not \`any\`.
// @ts-expect-error every member of A2aHandlers is required
export const incompleteA2a: A2aHandlers<Ctx, A2aIo> = {};
// @ts-expect-error every member of McpHandlers is required
export const incompleteMcp: McpHandlers<Ctx, McpIo> = {};

export const first: string | undefined = a2aMethods[0];
export const known: boolean = isMcpMethod('tools/call');
export function isHostEvent(data: unknown): boolean {
  return validateHostEvent(data);
}
`;

describe('the generated package, imported from another project', () => {
  const work = mkdtempSync(join(tmpdir(), 'wopgen-package-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  for (const [label, spec] of specs) {
    it(`from ${label}: plain Node imports every export and tsc (nodenext, strict) accepts a consumer`, () => {
      const slug = label.replace(/\W+/g, '-');
      const out = join(work, `${slug}-out`);
      // Generated with the working directory outside the repository.
      const gen = spawnSync(process.execPath, [bin, 'generate', '--spec', spec, '--out', out], {
        cwd: work,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
        timeout: 180_000,
      });
      expect(gen.stdout).toMatch(/wrote \d+ files/);
      expect(gen.status).toBe(0);
      const pkg = JSON.parse(
        readFileSync(join(out, 'package.json'), 'utf8'),
      ) as GeneratedPackageJson;
      expect(pkg.name).toBe('@wopgen/generated');
      expect(pkg.type).toBe('module');
      // Its own runtime dependencies, at wopgen's ranges.
      expect(pkg.dependencies).toEqual({
        ajv: wopgenPackage.dependencies['ajv'],
        'ajv-formats': wopgenPackage.dependencies['ajv-formats'],
      });

      // A fresh project: the package copied into node_modules with its declared dependencies.
      const app = join(work, `${slug}-app`);
      const modules = join(app, 'node_modules');
      mkdirSync(join(modules, '@wopgen'), { recursive: true });
      cpSync(out, join(modules, '@wopgen/generated'), { recursive: true });
      for (const dep of Object.keys(pkg.dependencies))
        symlinkSync(join(projectRoot, 'node_modules', dep), join(modules, dep), 'junction');
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', type: 'module' }));

      // Plain Node: every subpath of `exports`, no loader, no flags.
      const subpaths = Object.keys(pkg.exports).filter((s) => s !== './package.json');
      expect(subpaths).toEqual(expect.arrayContaining(['.', './a2a/dispatch', './mcp/dispatch']));
      const specifiers = subpaths.map((s) =>
        s === '.' ? '@wopgen/generated' : `@wopgen/generated${s.slice(1)}`,
      );
      writeFileSync(
        join(app, 'main.js'),
        [
          `const specifiers = ${JSON.stringify(specifiers)};`,
          `const counts = {};`,
          `for (const s of specifiers) counts[s] = Object.keys(await import(s)).length;`,
          `const { validateHostEvent, a2aMethods } = await import('@wopgen/generated');`,
          `console.log(JSON.stringify({ counts, methods: a2aMethods.length, empty: validateHostEvent({}) }));`,
        ].join('\n'),
      );
      const ran = spawnSync(process.execPath, ['main.js'], { cwd: app, encoding: 'utf8' });
      expect(ran.stderr).toBe('');
      expect(ran.status).toBe(0);
      const seen = JSON.parse(ran.stdout) as {
        counts: Record<string, number>;
        methods: number;
        empty: boolean;
      };
      expect(Object.keys(seen.counts)).toEqual(specifiers);
      for (const s of specifiers.filter((s) => !s.includes('/types/')))
        expect(seen.counts[s], s).toBeGreaterThan(0);
      expect(seen.methods).toBeGreaterThan(0);
      expect(seen.empty).toBe(false);

      // tsc with the configuration `tsc --init` writes, checking the package's .d.ts too.
      const init = spawnSync(process.execPath, [tsc, '--init'], { cwd: app, encoding: 'utf8' });
      expect(init.status).toBe(0);
      writeFileSync(join(app, 'consumer.ts'), CONSUMER);
      // The README's example, as a reader would paste it.
      const readme = readFileSync(join(out, 'README.md'), 'utf8');
      const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(example).toBeDefined();
      writeFileSync(join(app, 'readme-example.ts'), `${example}export {};\n`);
      const checked = spawnSync(
        process.execPath,
        [tsc, '-p', 'tsconfig.json', '--noEmit', '--skipLibCheck', 'false'],
        { cwd: app, encoding: 'utf8' },
      );
      expect(`${checked.stdout}${checked.stderr}`).toBe('');
      expect(checked.status).toBe(0);
    }, 600_000);
  }
});
