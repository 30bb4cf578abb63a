// dist/ is printed by the code builder beside each source (generator/emit/code/), not compiled:
// it must say what the TypeScript compiler would. tsc compiles a package's sources as one program
// (declarations on, strict; no error allowed), and each .js and .d.ts of its dist/ must hold the
// same statements, compared as syntax trees: layout, quotes and comments aside. A .d.ts may
// import more names than tsc's (it never drops one tsc imports).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
// tsc's options for dist/, as the fixed modules are compiled with.
import { COMPILER_OPTIONS } from '../../bin/build-templates.mjs';
import { generate } from '../../generator/pipeline.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { itIf, UPSTREAM_SPEC } from '../helpers/requires.ts';
import { writeAtomically } from '../../generator/write.ts';

/** Every .ts source of a package (its dist/ aside), relative to it. */
function sources(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel))
    .sort()
    .flatMap((name) => {
      const path = join(rel, name);
      if (path === 'dist' || path === 'node_modules') return [];
      if (statSync(join(dir, path)).isDirectory()) return sources(dir, path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
    });
}

/** tsc's JavaScript and declarations of every source of `dir`, by path relative to it. */
function compile(dir: string): { outputs: Map<string, string>; errors: string[] } {
  const roots = sources(dir).map((p) => join(dir, p));
  const outDir = join(dir, '.tsc-out');
  const program = ts.createProgram(roots, { ...COMPILER_OPTIONS, rootDir: dir, outDir });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const outputs = new Map<string, string>();
  program.emit(undefined, (file, text) => outputs.set(relative(outDir, file), text));
  return { outputs, errors };
}

/**
 * A statement as a string of its syntax: node kinds, names and literal values (the text of a
 * string, not its quotes); comments and layout are not part of it.
 */
function shape(node: ts.Node): string {
  // A member named `'key'` or `key` is the same member.
  if (isMemberName(node)) return `MemberName(${node.text})`;
  const text =
    ts.isIdentifier(node) || ts.isPrivateIdentifier(node)
      ? node.text
      : ts.isLiteralExpression(node) || ts.isTemplateLiteralToken(node)
        ? JSON.stringify(node.text)
        : '';
  const children: string[] = [];
  ts.forEachChild(node, (c) => void children.push(shape(c)));
  return `${ts.SyntaxKind[node.kind]}${text && `(${text})`}${children.length > 0 ? `[${children.join(',')}]` : ''}`;
}

function isMemberName(node: ts.Node): node is ts.Identifier | ts.StringLiteral | ts.NumericLiteral {
  const parent = node.parent as ts.Node | undefined;
  return (
    parent !== undefined &&
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent)) &&
    parent.name === node &&
    (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNumericLiteral(node))
  );
}

function statements(text: string, kind: ts.ScriptKind): ts.Statement[] {
  const file = ts.createSourceFile('x', text, ts.ScriptTarget.ES2022, true, kind);
  return [...file.statements];
}

/** The names each specifier gives a .d.ts, as `specifier name`. */
function imported(list: ts.Statement[]): Set<string> {
  const names = new Set<string>();
  for (const s of list) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const bindings = s.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const e of bindings.elements) names.add(`${s.moduleSpecifier.text} ${e.name.text}`);
  }
  return names;
}

function expectSameDist(dir: string): void {
  const { outputs, errors } = compile(dir);
  expect(errors).toEqual([]);
  const paths = sources(dir);
  expect(paths.length).toBeGreaterThan(10);
  for (const path of paths) {
    const base = path.replace(/\.ts$/, '');
    const read = (ext: string) => readFileSync(join(dir, 'dist', `${base}${ext}`), 'utf8');
    const tscJs = statements(outputs.get(`${base}.js`)!, ts.ScriptKind.JS).map(shape);
    const ourJs = statements(read('.js'), ts.ScriptKind.JS).map(shape);
    expect(ourJs, `dist/${base}.js`).toEqual(tscJs);

    const tscDts = statements(outputs.get(`${base}.d.ts`)!, ts.ScriptKind.TS);
    const ourDts = statements(read('.d.ts'), ts.ScriptKind.TS);
    const declared = (list: ts.Statement[]) =>
      list.filter((s) => !ts.isImportDeclaration(s)).map(shape);
    expect(declared(ourDts), `dist/${base}.d.ts`).toEqual(declared(tscDts));
    const ours = imported(ourDts);
    for (const name of imported(tscDts)) expect(ours, `dist/${base}.d.ts`).toContain(name);
  }
}

describe("dist/ says what tsc would compile the package's sources to", () => {
  it('in the committed generated/ package', () => {
    expectSameDist(join(projectRoot, 'generated'));
  }, 120_000);

  const upstream = process.env['WOPGEN_UPSTREAM_SPEC'];
  const work = mkdtempSync(join(tmpdir(), 'wopgen-dist-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  itIf(UPSTREAM_SPEC)(
    'in a package generated from the upstream corpus',
    async () => {
      const result = await generate(resolve(upstream!), { command: 'wopgen generate' });
      expect(result.files).not.toBeNull();
      const out = join(work, 'upstream');
      writeAtomically(out, result.files!);
      expectSameDist(out);
    },
    300_000,
  );
});
