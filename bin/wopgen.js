#!/usr/bin/env node
// Entry point of the `wopgen` command: loads the TypeScript sources through tsx's loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../generator/cli.ts');
process.exit(await main(process.argv.slice(2)));
