// What each embedding example returns, and what both read when run as a script.
import { randomBytes } from 'node:crypto';
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

/** The port a script listens on: its argument, else PORT, else 3000 (0 picks a free one). */
export function portArgument(): number {
  return Number(process.argv[2] ?? process.env['PORT'] ?? 3000);
}

/**
 * The API key of tenant `demo`: API_KEY from the environment, else a fresh one (printed by the
 * script that made it). The host refuses a key shorter than 16 characters.
 */
export function apiKeyArgument(): { key: string; minted: boolean } {
  const given = process.env['API_KEY'];
  return given !== undefined
    ? { key: given, minted: false }
    : { key: `wop_${randomBytes(24).toString('base64url')}`, minted: true };
}
