// Layering (STYLE.md §11): generated code imports only itself and its declared dependencies,
// never the runtime or the generator; the generator never imports the runtime.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/write.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const importsOf = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm,
    ),
  ].map((m) => m[1]!);

describe('import layering', () => {
  it('generated/ imports only generated/, node: built-ins and its declared dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(projectRoot, 'generated/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const allowed = Object.keys(pkg.dependencies);
    for (const f of listFiles(join(projectRoot, 'generated')).filter((f) => /\.(ts|js)$/.test(f))) {
      for (const spec of importsOf(join(projectRoot, 'generated', f))) {
        const ok =
          spec.startsWith('./') || spec.startsWith('../')
            ? !spec.includes('runtime') && !spec.includes('generator')
            : spec.startsWith('node:') ||
              allowed.some((d) => spec === d || spec.startsWith(`${d}/`));
        expect(ok, `${f} imports ${spec}`).toBe(true);
      }
    }
  });

  it('the generator never imports the runtime', () => {
    for (const f of listFiles(join(projectRoot, 'generator'))) {
      for (const spec of importsOf(join(projectRoot, 'generator', f)))
        expect(spec, f).not.toMatch(/runtime\//);
    }
  });
});

describe('runtime layering', () => {
  it('the runtime never imports the generator', () => {
    for (const f of listFiles(join(projectRoot, 'runtime')).filter((f) => f.endsWith('.ts'))) {
      for (const spec of importsOf(join(projectRoot, 'runtime', f)))
        expect(spec, f).not.toMatch(/generator\//);
    }
  });
});
