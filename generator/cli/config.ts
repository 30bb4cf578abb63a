// The optional wopgen.config.json of the working directory: defaults for flags the
// command line leaves out (flags win). `generate`/`check` read `spec` and `out`; `serve` reads
// the `serve` object (runtime/serve/config-file.ts validates its keys: one owner per section, so
// the two commands never disagree about it). Unknown keys and wrong types are usage errors
// (exit 2), so a typo never silently falls back to a default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean } from '../diagnostics/suggest.ts';

export const CONFIG_FILE = 'wopgen.config.json';

/** The keys of the file (`$schema` too, for editors: wopgen.config.schema.json). */
export const CONFIG_KEYS = ['$schema', 'spec', 'out', 'serve'] as const;

export interface WopgenConfig {
  spec?: string;
  out?: string;
  /** Read and validated by `wopgen serve` (runtime/serve/config-file.ts). */
  serve?: Record<string, unknown>;
}

export class ConfigError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const isString = (v: unknown): boolean => typeof v === 'string' && v.length > 0;

/** Reads `wopgen.config.json` from `cwd`; undefined when there is none. Throws ConfigError. */
export function readConfig(cwd = process.cwd()): WopgenConfig | undefined {
  const path = join(cwd, CONFIG_FILE);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(CONFIG_FILE, `cannot be read (${(err as NodeJS.ErrnoException).code})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(CONFIG_FILE, `is not valid JSON: ${(err as Error).message}`);
  }
  return validate(data);
}

function validate(data: unknown): WopgenConfig {
  if (!isObject(data)) throw new ConfigError(CONFIG_FILE, 'must hold a JSON object');
  for (const [key, value] of Object.entries(data)) {
    if (key === 'spec' || key === 'out') {
      if (!isString(value)) throw new ConfigError(CONFIG_FILE, `"${key}" must be a path string`);
    } else if (key === 'serve') {
      validateServe(value);
    } else if (key === '$schema') {
      if (typeof value !== 'string')
        throw new ConfigError(CONFIG_FILE, '"$schema" must be a string');
    } else {
      const near = didYouMean(key, CONFIG_KEYS);
      throw new ConfigError(CONFIG_FILE, `unknown key "${key}"${near} (known: spec, out, serve)`);
    }
  }
  return data as WopgenConfig;
}

function validateServe(value: unknown): void {
  if (!isObject(value)) throw new ConfigError(CONFIG_FILE, '"serve" must be an object');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
