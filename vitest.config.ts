import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const generated = fileURLToPath(new URL('./generated/', import.meta.url));
const runtimeEntry = fileURLToPath(new URL('./runtime/index.ts', import.meta.url));

export default defineConfig({
  resolve: {
    // The runtime imports the generated package by its name (DESIGN.md §3), resolved to its
    // sources here as tsconfig.json's `paths` does for tsc and tsx.
    alias: [
      // The examples import the runtime by its published name (tsconfig.json `paths` likewise).
      { find: /^wopgen\/runtime$/, replacement: runtimeEntry },
      { find: /^@wopgen\/generated$/, replacement: `${generated}index.ts` },
      { find: /^@wopgen\/generated\/(.*)$/, replacement: `${generated}$1` },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // After the run: what was skipped for want of PostgreSQL or the upstream spec, and how to run it.
    globalSetup: ['test/helpers/skip-summary.ts'],
  },
});
