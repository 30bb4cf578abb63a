// The host's self-reported version (discovery `implementation.version`): the package version.
import { readFileSync } from 'node:fs';

export const HOST_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
