// The `serve` section of an optional wopgen.config.json in the working directory (the
// generator reads `spec` and `out` of the same file). Unknown keys and wrong types are usage
// errors, so a typo never silently falls back to a default.
import { join } from 'node:path';
import { isLogFormat, isLogLevel, type LogFormat, type LogLevel } from '../log/logger.ts';
import { didYouMean } from '../util/did-you-mean.ts';
import type { AgentManifest } from '../config.ts';
import { readAgents } from './agents-file.ts';
import { readOutboundFile, type OutboundFileSettings } from './outbound-limits.ts';
import { readJsonFile } from './read-json.ts';
import { UsageError } from './usage.ts';

export const CONFIG_FILE = 'wopgen.config.json';

export interface ServeFileSettings {
  /** The generated package to serve (a folder, relative to the config file). */
  contract?: string;
  port?: number;
  host?: string;
  baseUrl?: string;
  store?: string;
  mcpCatalogue?: string;
  a2aSkills?: string[];
  logLevel?: LogLevel;
  logFormat?: LogFormat;
  workflows?: string;
  agents?: AgentManifest[];
  /** The bounds of what outbound steps read, and the operator's bindings to targets. */
  outbound?: OutboundFileSettings;
}

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string' && v !== '';

const SERVE_KEYS: Record<keyof ServeFileSettings, [Check, string]> = {
  contract: [isString, 'a folder path (a generated package)'],
  port: [(v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 65535, 'a port'],
  host: [isString, 'a string'],
  baseUrl: [isString, 'a URL string'],
  store: [isString, 'a "sqlite:PATH" or "postgres://…" string'],
  mcpCatalogue: [isString, 'a directory path'],
  a2aSkills: [(v) => Array.isArray(v) && v.every(isString), 'an array of workflow ids'],
  logLevel: [(v) => typeof v === 'string' && isLogLevel(v), 'a log level'],
  logFormat: [(v) => typeof v === 'string' && isLogFormat(v), '"pretty" or "json"'],
  workflows: [isString, 'a directory path'],
  // Checked field by field by readAgents below.
  agents: [(v) => Array.isArray(v), 'an array of agents'],
  // Checked key by key by readOutboundFile below.
  outbound: [isObject, 'an object'],
};

/** The keys of the `serve` object (wopgen.config.schema.json lists the same). */
export const SERVE_FILE_KEYS = Object.keys(SERVE_KEYS) as (keyof ServeFileSettings)[];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The generator's `out` of `cwd`/wopgen.config.json (where `wopgen generate` writes), if any. */
export function readConfigOut(cwd: string): string | undefined {
  const data = readJsonFile(join(cwd, CONFIG_FILE), true);
  if (!isObject(data)) return undefined;
  const out = data['out'];
  return typeof out === 'string' && out !== '' ? out : undefined;
}

/** The `serve` object of `cwd`/wopgen.config.json; empty when the file or the key is absent. */
export function readServeFile(cwd: string): ServeFileSettings {
  const path = join(cwd, CONFIG_FILE);
  let data: unknown;
  try {
    data = readJsonFile(path, true);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (data === undefined) return {};
  if (!isObject(data)) throw new UsageError(`${path}: must hold a JSON object`);
  const serve = data['serve'];
  if (serve === undefined) return {};
  if (!isObject(serve)) throw new UsageError(`${path}: "serve" must be an object`);
  for (const [key, value] of Object.entries(serve)) {
    const rule = SERVE_KEYS[key as keyof ServeFileSettings] as [Check, string] | undefined;
    if (!rule) {
      const known = Object.keys(SERVE_KEYS).join(', ');
      const near = didYouMean(key, Object.keys(SERVE_KEYS)).replace('"', '"serve.');
      throw new UsageError(`${path}: unknown key "serve.${key}"${near} (known: ${known})`);
    }
    if (!rule[0](value)) throw new UsageError(`${path}: "serve.${key}" must be ${rule[1]}`);
  }
  const settings = serve as ServeFileSettings;
  if (settings.agents !== undefined) settings.agents = readAgents(settings.agents, path);
  if (settings.outbound !== undefined)
    settings.outbound = readOutboundFile(settings.outbound, path);
  return settings;
}
