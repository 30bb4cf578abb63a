// The optional wopgen.config.json of the working directory (issue 8 §4): defaults for flags the
// command line leaves out (flags win). `generate`/`check` read `spec` and `out`; `serve` reads
// the `serve` object (runtime/serve.ts). Unknown keys and wrong types are usage errors (exit 2),
// so a typo never silently falls back to a default.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONFIG_FILE = 'wopgen.config.json';

export interface ServeConfig {
  port?: number;
  host?: string;
  baseUrl?: string;
  /** `sqlite:PATH` */
  store?: string;
  mcpCatalogue?: string;
  a2aSkills?: string[];
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';
}

export interface WopgenConfig {
  spec?: string;
  out?: string;
  serve?: ServeConfig;
}

export class ConfigError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string' && v.length > 0;
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

const SERVE_KEYS: Record<keyof ServeConfig, [Check, string]> = {
  port: [(v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 65535, 'a port'],
  host: [isString, 'a string'],
  baseUrl: [isString, 'a URL string'],
  store: [(v) => isString(v) && (v as string).startsWith('sqlite:'), 'a "sqlite:PATH" string'],
  mcpCatalogue: [isString, 'a directory path'],
  a2aSkills: [(v) => Array.isArray(v) && v.every(isString), 'an array of workflow ids'],
  logLevel: [(v) => LOG_LEVELS.includes(v as string), `one of ${LOG_LEVELS.join(', ')}`],
};

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
    } else if (key !== '$schema') {
      throw new ConfigError(CONFIG_FILE, `unknown key "${key}" (known: spec, out, serve)`);
    }
  }
  return data as WopgenConfig;
}

function validateServe(value: unknown): void {
  if (!isObject(value)) throw new ConfigError(CONFIG_FILE, '"serve" must be an object');
  for (const [key, v] of Object.entries(value)) {
    const rule = SERVE_KEYS[key as keyof ServeConfig];
    if (!rule)
      throw new ConfigError(
        CONFIG_FILE,
        `unknown key "serve.${key}" (known: ${Object.keys(SERVE_KEYS).join(', ')})`,
      );
    if (!rule[0](v)) throw new ConfigError(CONFIG_FILE, `"serve.${key}" must be ${rule[1]}`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
