// The generator's identity: its version (recorded in manifest.json) and a fingerprint of its own
// sources and emitting libraries (kept in a local cache), so a warm regeneration reruns after either
// changes without making the committed manifest churn on every generator edit.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { templatesRoot } from './templates/root.ts';

// The bundled build (bin/build-generator.mjs) defines where the package root is, seen from it,
// the digest of what it was built from, and the package.json it was built with.
declare const WOPGEN_BUNDLE_ROOT: string | undefined;
declare const WOPGEN_BUILD_KEY: string | undefined;
declare const WOPGEN_PACKAGE_JSON: string | undefined;
const root = fileURLToPath(
  new URL(typeof WOPGEN_BUNDLE_ROOT === 'string' ? WOPGEN_BUNDLE_ROOT : '..', import.meta.url),
);

const packageJson = JSON.parse(
  typeof WOPGEN_PACKAGE_JSON === 'string'
    ? WOPGEN_PACKAGE_JSON
    : readFileSync(join(root, 'package.json'), 'utf8'),
) as {
  version: string;
  dependencies?: Record<string, string>;
};

export const GENERATOR_VERSION: string = packageJson.version;

/** wopgen's own dependency ranges: the generated package declares the ones its code imports. */
export const WOPGEN_DEPENDENCIES: Readonly<Record<string, string>> = packageJson.dependencies ?? {};

export function sha256(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

const EMITTING_LIBRARIES = [
  'openapi-typescript',
  'json-schema-to-typescript',
  'ajv',
  'prettier',
  '@asyncapi/parser',
  // It compiles the generated package's dist/.
  'typescript',
];

let fingerprint: string | undefined;

export function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  // A bundled build is named by the digest of its sources, templates and dependency tree.
  if (typeof WOPGEN_BUILD_KEY === 'string')
    return (fingerprint = sha256(`build ${WOPGEN_BUILD_KEY}`));
  return (fingerprint = sourceFingerprint());
}

/** Digest of the generator's sources, its templates and its emitting libraries' versions. */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|mjs|hbs)$/.test(name))
        hash.update(`${p.slice(root.length)}\n`).update(readFileSync(p));
    }
  };
  walk(join(root, 'generator'));
  // templates/ sits beside the sources in a checkout and at the package root when installed (dist/).
  walk(templatesRoot());
  // Its dependency ranges go into the generated package.json.
  hash.update(readFileSync(join(root, 'package.json')));
  const require = createRequire(join(root, 'package.json'));
  for (const lib of EMITTING_LIBRARIES) {
    const pkg = JSON.parse(readFileSync(require.resolve(`${lib}/package.json`), 'utf8')) as {
      version: string;
    };
    hash.update(`${lib}@${pkg.version}\n`);
  }
  return hash.digest('hex');
}

/** Where warm-regeneration state lives: the package's node_modules cache, never the output. */
export function cacheFile(outDir: string): string {
  return join(root, 'node_modules/.cache/wopgen', `${sha256(outDir).slice(0, 24)}.json`);
}

/** Where the per-artifact cache lives (cache/store.ts): beside the warm-state files. */
export function artifactCacheDir(): string {
  return join(root, 'node_modules/.cache/wopgen/artifacts');
}
