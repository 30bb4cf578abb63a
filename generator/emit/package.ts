// The generated package's own files: package.json and README.md (from templates/package/), the
// index that re-exports every artifact, and manifest.json (input digests, generator version, outputs).
import type { SpecModel } from '../model/ir.ts';
import { renderTemplate } from '../templates/render.ts';
import { types, verbatim } from './code/declarations.ts';
import { exportedNames } from './code/exports.ts';
import { specifierOf } from './code/imports.ts';
import { TsModule } from './code/module.ts';
import { exportsMap, packageModules, runtimeDependencies } from './package-modules.ts';
import type { EmittedFile } from './source-file.ts';
import type { OutputText } from './support/output-text.ts';

export const GENERATED_PACKAGE_NAME = '@wopgen/generated';

/** The package's version: the spec's own when it is a semver version, else 0.0.0. */
function packageVersion(model: SpecModel): string {
  const v = model.openapi.version;
  return /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(v) ? v : '0.0.0';
}

/**
 * package.json from templates/package/package.json.hbs: subpath exports into dist/ (types first)
 * and the runtime dependencies the generated code imports, at wopgen's own version ranges.
 */
export function emitPackageJson(
  model: SpecModel,
  files: ReadonlyMap<string, string | OutputText>,
  command: string,
  wopgenDependencies: Readonly<Record<string, string>>,
): EmittedFile {
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const body = renderTemplate('package/package.json.hbs', {
    name: json(GENERATED_PACKAGE_NAME),
    version: json(packageVersion(model)),
    exports: json(exportsMap(packageModules([...files.keys()]))),
    dependencies: json(runtimeDependencies(files, wopgenDependencies)),
    regenerate: json(command),
    inputDigest: json(`sha256:${model.digest}`),
  });
  return { path: 'package.json', from: [], body, parser: 'json', digest: model.digest };
}

/** README.md from templates/package/README.md.hbs: what each export is, how to implement it. */
export function emitReadme(
  model: SpecModel,
  files: ReadonlyMap<string, string | OutputText>,
  command: string,
  wopgenDependencies: Readonly<Record<string, string>>,
): EmittedFile {
  const modules = packageModules([...files.keys()]).map((m) => ({
    specifier:
      m.subpath === '.' ? GENERATED_PACKAGE_NAME : GENERATED_PACKAGE_NAME + m.subpath.slice(1),
    description: m.description,
  }));
  const deps = Object.keys(runtimeDependencies(files, wopgenDependencies));
  const body = renderTemplate('package/README.md.hbs', {
    name: GENERATED_PACKAGE_NAME,
    command,
    digest: model.digest,
    specTitle: model.openapi.title,
    specVersion: model.openapi.version,
    modules,
    wireTypes: model.a2a.wire !== null,
    a2aIo: model.a2a.wire ? 'A2aWireIo' : 'A2aIo',
    // What `npm pack` names the tarball: the scope's `@` dropped, its `/` a `-`.
    tarball: `${GENERATED_PACKAGE_NAME.replace(/^@/, '').replace('/', '-')}-${packageVersion(model)}.tgz`,
    dependencyList: deps.length > 0 ? deps.map((d) => `\`${d}\``).join(', ') : 'none',
  });
  // Laid out by the template itself; the header is the template's HTML comment.
  return { path: 'README.md', from: [], body, parser: 'printed' };
}

/** index.ts: re-exports every module, by the `.js` specifiers Node resolves in dist/. */
/**
 * The package index: every module re-exported. A name two modules export would make the index
 * ambiguous (TS2308): it is re-exported by name from the first of them, by subpath.
 */
export function emitIndex(files: readonly { path: string; body: string }[]): EmittedFile {
  const index = new TsModule('index.ts');
  const bodies = new Map(files.map((f) => [f.path, f.body]));
  const seen = new Map<string, { module: string; kind: 'type' | 'value' }>();
  const shared = new Map<string, { module: string; kind: 'type' | 'value' }>();
  for (const m of packageModules(files.map((f) => f.path))) {
    if (m.subpath === '.') continue;
    index.reexportAll(m.source);
    // A hand-written .js module is typed by the declarations beside it.
    const text = bodies.get(m.source.replace(/\.js$/, '.d.ts')) ?? bodies.get(m.source) ?? '';
    for (const { name, kind } of exportedNames(text)) {
      const first = seen.get(name);
      if (!first) seen.set(name, { module: m.source, kind });
      else if (!shared.has(name)) shared.set(name, first);
    }
  }
  // A type is re-exported in the source and the declarations, a value in all three.
  const named = [...shared.keys()].sort().map((name) => {
    const { module, kind } = shared.get(name)!;
    const from = specifierOf('index.ts', module);
    return kind === 'type'
      ? types(`export type { ${name} } from '${from}';`)
      : verbatim(`export { ${name} } from '${from}';`);
  });
  if (named.length > 0) index.add(...named);
  return index.file(['every artifact']);
}

/** @param sha a file's digest, from its text (or by its path, from the text's parts) */
export function emitManifest(
  model: SpecModel,
  generatorVersion: string,
  outputs: Map<string, string>,
  sha: (text: string, path: string) => string,
): string {
  const manifest = {
    generator: { name: 'wopgen', version: generatorVersion },
    layout: model.layout,
    inputDigest: model.digest,
    inputs: model.inputs,
    outputs: [...outputs].map(([file, text]) => ({ file, sha256: sha(text, file) })),
  };
  return JSON.stringify(manifest, null, 2) + '\n';
}
