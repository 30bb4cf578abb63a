#!/usr/bin/env node
// wopgen command line entry (`generate`, `check`; bin/wopgen.js routes `serve` elsewhere), and the
// programmatic API of generate, check and report (api.ts). The command line itself lives in cli/:
// args, usage, config, run, report, watch. This file stays thin because bin/build-generator.mjs bundles it as the entry of the generator's build.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { main } from './cli/main.ts';

export { main };
// The same commands as functions returning their typed results (generator/api.ts).
export * from './api.ts';

const invokedDirectly =
  process.argv[1] &&
  existsSync(process.argv[1]) &&
  resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
