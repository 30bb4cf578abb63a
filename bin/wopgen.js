#!/usr/bin/env node
// Entry point of the `wopgen` command: loads the TypeScript sources through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const argv = process.argv.slice(2);
// `serve` is the reference host; generate/check are the generator. Neither loads the other.
const { main } =
  argv[0] === 'serve'
    ? await import('../runtime/serve.ts').then((m) => ({ main: (a) => m.serve(a.slice(1)) }))
    : await import('../generator/cli.ts');
process.exit(await main(argv));
