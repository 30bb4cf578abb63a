// The package's public surface as declared in this checkout: package.json's exports point into
// dist/ at files compiled from sources that exist, the tarball's `files` hold what those need, and
// wopgen/runtime (runtime/index.ts) and wopgen/cli (generator/cli.ts) export exactly the public
// names below: a name added or removed is a decision, made here (pack.test.ts checks the same
// from an installed tarball).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as cli from '../../generator/cli.ts';
import * as runtime from '../../runtime/index.ts';
import type { HostParts, RunCore } from '../../runtime/index.ts';
import { readJson, REPO } from './npm.ts';

interface Pkg {
  private?: boolean;
  bin: Record<string, string>;
  exports: Record<string, string | { types: string; default: string }>;
  files: string[];
  scripts: Record<string, string>;
}
const pkg = readJson<Pkg>(join(REPO, 'package.json'));

/** dist/<path>.js or .d.ts → the TypeScript source it is compiled from. */
function sourceOf(target: string): string {
  return target.replace(/^\.\/dist\//, '').replace(/(\.d)?\.js$|\.d\.ts$/, '.ts');
}

describe('package.json', () => {
  it('is publishable, with the wopgen bin and a prepack build of dist/', () => {
    expect(pkg.private).toBeUndefined();
    expect(pkg.bin).toEqual({ wopgen: './bin/wopgen.js' });
    expect(pkg.scripts['prepack']).toBe('node bin/build-dist.mjs');
  });

  it('exports ./runtime and ./cli as types + JavaScript compiled from existing sources', () => {
    expect(Object.keys(pkg.exports)).toEqual(['./runtime', './cli', './package.json']);
    expect(pkg.exports['./runtime']).toEqual({
      types: './dist/runtime/index.d.ts',
      default: './dist/runtime/index.js',
    });
    for (const key of ['./runtime', './cli']) {
      const entry = pkg.exports[key] as { types: string; default: string };
      expect(sourceOf(entry.types)).toBe(sourceOf(entry.default));
      expect(existsSync(join(REPO, sourceOf(entry.default)))).toBe(true);
    }
  });

  it('ships dist/, the bin, the templates and the bundled spec with its schemas', () => {
    expect(pkg.files).toEqual([
      'bin/wopgen.js',
      'dist/',
      'templates/',
      'spec/',
      'schemas/',
      'wopgen.config.schema.json',
      'README.md',
    ]);
  });
});

describe('wopgen/runtime', () => {
  it('exports exactly the public values', () => {
    expect(Object.keys(runtime).sort()).toEqual([
      'A2aError',
      'ANONYMOUS',
      'ApiKeyAuthenticator',
      'ContractRefused',
      'CoreError',
      'HOST_VERSION',
      'InProcessChangeFeed',
      'McpError',
      // An embedder's own store adapter throws it to have every binding answer a retryable 503.
      'StoreUnavailableError',
      'TERMINAL_EVENT_TYPES',
      'createHost',
      'createRegistry',
      'createRunCore',
      'createSqliteHost',
      'defaultConfig',
      'emptyCatalogue',
      'hostApiKeys',
      'isCoreError',
      'isStoreUnavailable',
      'isTerminalEvent',
      'loadWorkflowDir',
      'mountUnder',
      'openPostgres',
      'openSqliteStores',
      'openStoreUrl',
      'parseDefinition',
      'principalOf',
      'referencePack',
      'runIdFromWire',
      'seedApiKeys',
      'wopgenContract',
    ]);
  });

  it('the reference engine over the SQLite adapter is a RunCore a host is built from', async () => {
    const stores = runtime.openStoreUrl('sqlite::memory:');
    const feed = new runtime.InProcessChangeFeed();
    const core: RunCore = await runtime.createRunCore({
      runs: stores.runs,
      feed,
      workflows: runtime.referencePack(),
    });
    const parts: HostParts = {
      config: runtime.defaultConfig('http://127.0.0.1:1/x/'),
      core,
      stores,
      feed,
      auth: { authenticate: async () => undefined },
      onClose: () => stores.close(),
    };
    const host = await runtime.createHost(parts);
    expect(host.context.config.baseUrl).toBe('http://127.0.0.1:1/x');
    host.setBaseUrl('http://127.0.0.1:2/y/');
    // Discovery is rebuilt from the new base URL: nothing advertises the old one.
    const body = host.context.discovery().body;
    expect(body).toContain('http://127.0.0.1:2/y/mcp');
    expect(body).not.toContain('127.0.0.1:1');
    await host.close();
  });
});

describe('wopgen/cli', () => {
  it('exports the command line and the programmatic API (generator/api.ts), values only these', () => {
    expect(Object.keys(cli).sort()).toEqual(['check', 'generate', 'main', 'report']);
  });
});
