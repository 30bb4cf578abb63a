// The host's self-reported name and version (discovery `implementation`, MCP `serverInfo`, the
// effect-seam manifest's `host.name`): one name everywhere, and the package version.
import { readFileSync } from 'node:fs';

export const HOST_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The name the host gives itself wherever a peer or an operator reads one. */
export const HOST_NAME = 'wopgen';
