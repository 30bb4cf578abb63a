// What an operator binds to outbound targets in `serve.outbound` of wopgen.config.json (no flag:
// both are structured, and a credential's value never appears in the file or on a command line):
//   credentials  [{origin, header, env}]  a request to `origin` carries `header` with the value of
//                                          the environment variable `env`, read as it leaves
//   stdio        {NAME: {command, args?, env?}}  the stdio MCP servers an mcp-call step may start
// The caller's own key never leaves (interop.md §"Threat model": a peer gains no authority the
// caller's Subject does not hold); a credential is held by reference, never stored on a run.
import type { OutboundConfig, OutboundCredential } from '../config.ts';
import type { StdioServer } from '../ports/outbound.ts';
import { UsageError } from './usage.ts';

export interface OutboundTargets {
  credentials?: OutboundCredential[];
  stdio?: Record<string, StdioServer>;
}

export const OUTBOUND_TARGET_KEYS = ['credentials', 'stdio'] as const;

const HEADER = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const STDIO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
// Headers a credential may not set: the transport's own, which a binding would break.
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
]);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

/** `serve.outbound.credentials`, each entry checked; `origin` must be an origin exactly. */
export function readCredentials(value: unknown, path: string): OutboundCredential[] {
  const at = (i: number) => `${path}: "serve.outbound.credentials[${i}]"`;
  if (!Array.isArray(value))
    throw new UsageError(`${path}: "serve.outbound.credentials" must be an array`);
  return value.map((entry: unknown, i) => {
    if (!isObject(entry)) throw new UsageError(`${at(i)} must be an object`);
    const extra = Object.keys(entry).filter((k) => !['origin', 'header', 'env'].includes(k));
    if (extra.length > 0)
      throw new UsageError(`${at(i)}: unknown key "${extra[0]}" (known: origin, header, env)`);
    const { origin, header, env } = entry;
    let parsed: URL | undefined;
    try {
      parsed = typeof origin === 'string' ? new URL(origin) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin)
      throw new UsageError(
        `${at(i)}.origin must be an http(s) origin such as "https://agent.example" (no path, no trailing slash)`,
      );
    if (typeof header !== 'string' || !HEADER.test(header) || RESERVED.has(header.toLowerCase()))
      throw new UsageError(
        `${at(i)}.header must be a request header name other than ${[...RESERVED].join(', ')}`,
      );
    if (typeof env !== 'string' || !ENV_NAME.test(env))
      throw new UsageError(
        `${at(i)}.env must name an environment variable (the credential's value is read from it, never written in this file)`,
      );
    return { origin, header: header.toLowerCase(), env };
  });
}

/** `serve.outbound.stdio`: the servers by the name a step gives, each a command and its arguments. */
export function readStdioServers(value: unknown, path: string): Record<string, StdioServer> {
  if (!isObject(value)) throw new UsageError(`${path}: "serve.outbound.stdio" must be an object`);
  const out: Record<string, StdioServer> = {};
  for (const [name, server] of Object.entries(value)) {
    const at = `${path}: "serve.outbound.stdio.${name}"`;
    if (!STDIO_NAME.test(name))
      throw new UsageError(`${at}: the name must be letters, digits, ".", "_" or "-"`);
    if (!isObject(server)) throw new UsageError(`${at} must be an object`);
    const extra = Object.keys(server).filter((k) => !['command', 'args', 'env'].includes(k));
    if (extra.length > 0)
      throw new UsageError(`${at}: unknown key "${extra[0]}" (known: command, args, env)`);
    const { command, args, env } = server;
    if (typeof command !== 'string' || command === '')
      throw new UsageError(`${at}.command must be a non-empty string`);
    if (args !== undefined && !isStrings(args))
      throw new UsageError(`${at}.args must be an array of strings`);
    if (
      env !== undefined &&
      !(isObject(env) && Object.values(env).every((v) => typeof v === 'string'))
    )
      throw new UsageError(`${at}.env must be an object of strings`);
    out[name] = {
      command,
      ...(args !== undefined && { args }),
      ...(env !== undefined && { env: env as Record<string, string> }),
    };
  }
  return out;
}

/** Put the operator's bindings into the host's outbound config. */
export function applyOutboundTargets(c: OutboundConfig, t?: OutboundTargets): void {
  if (t?.credentials) c.credentials = t.credentials;
  if (t?.stdio) c.stdio = t.stdio;
}
