// What each embedding example returns: where the service and the host under it answer.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Embedded {
  /** The service's own origin. */
  origin: string;
  /** The host's base URL: the origin and the prefix it is mounted under. */
  url: string;
  close(): Promise<void>;
}

/** True when the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}
