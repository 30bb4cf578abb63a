// Header and `_meta` rules of the MCP mount, applied BEFORE anything else (interop.md §The operation
// mappings; the map's `mcp.headers` and `mcp.meta` rows, generated/mcp/methods.ts):
//  1. no `MCP-Protocol-Version` (HTTP) ⇒ the request is ≤ 2025-03-26 (legacy `initialize` included)
//     and is refused as an unsupported revision (-32022, HTTP 400, `data.supported`);
//  2. `_meta` protocolVersion absent ⇒ -32602 (HTTP 400);
//     `MCP-Protocol-Version` ≠ `_meta` protocolVersion, `Mcp-Method` ≠ method, or `Mcp-Name` ≠
//     params.name | uri | taskId ⇒ HeaderMismatchError (-32020, HTTP 400), before version selection;
//  3. version selection through runtime/negotiation/decide.ts (-32022 when refused);
//  4. `_meta` `io.modelcontextprotocol/clientCapabilities` is required; a capability the request
//     needs and did not declare is -32021 (`data.requiredCapabilities`), never assumed.
// stdio carries no headers: only `_meta` applies there.
import type { IncomingHttpHeaders } from 'node:http';
// The `_meta` key names are the revision's own (2026-07-28), not the map's: contract/verify.ts
// serves only a contract pinning the revision this runtime frames.
import {
  MCP_META_CLIENT_CAPABILITIES,
  MCP_META_PROTOCOL_VERSION,
} from '@wopgen/generated/mcp/methods';
import type { NegotiationTable } from '@wopgen/generated/negotiation/tables';
import type { VersionRules } from '../../negotiation/decide.ts';
import type { McpConfig } from '../../config.ts';
import { decide, type NegotiationDecision } from '../../negotiation/decide.ts';
import { adoptTrace, type TraceContext } from '../../util/trace-context.ts';
import { INVALID_PARAMS, isRecord, McpError, type JsonRpcRequest } from './jsonrpc.ts';

/** What upstream assumes of a request without `MCP-Protocol-Version` (the map's third header row). */
export const IMPLIED_LEGACY_REVISION = '2025-03-26';

export type ClientCapabilities = Record<string, unknown>;

export interface McpEnvelope {
  /** The revision this request is served at. */
  version: string;
  capabilities: ClientCapabilities;
  /** `_meta` logLevel: notifications/message only when present (the map's logLevel row). */
  logLevel?: McpLogLevel;
  /** `_meta.progressToken`: notifications/progress only when present. */
  progressToken?: string | number;
  /** The W3C trace context the request adopted (interop.md §"Trace context"), if any. */
  trace?: TraceContext;
}

/**
 * interop.md §"Trace context": `params._meta.traceparent`/`.tracestate` first, then the HTTP
 * headers (none on stdio); a malformed value is ignored, never an error. Correlation only: it
 * never selects a tenant, principal or scope.
 */
export function inboundTrace(
  params: { _meta?: unknown } | undefined,
  headers: IncomingHttpHeaders | undefined,
): Pick<McpEnvelope, 'trace'> {
  const meta = isRecord(params?._meta) ? params._meta : undefined;
  const trace = adoptTrace(
    meta && { traceparent: meta['traceparent'], tracestate: meta['tracestate'] },
    { traceparent: headers?.['traceparent'], tracestate: headers?.['tracestate'] },
  );
  return trace ? { trace } : {};
}

/** MCP logging levels, least severe first (RFC 5424 severities). */
export const MCP_LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number];
export const MCP_META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

/** The request's `_meta` logLevel and progressToken; a malformed one is -32602. */
export function readNotificationMeta(
  msg: JsonRpcRequest,
): Pick<McpEnvelope, 'logLevel' | 'progressToken'> {
  const meta = metaOf(msg) ?? {};
  const out: Pick<McpEnvelope, 'logLevel' | 'progressToken'> = {};
  const level = meta[MCP_META_LOG_LEVEL];
  if (level !== undefined) {
    if (!MCP_LOG_LEVELS.includes(level as McpLogLevel))
      throw new McpError(INVALID_PARAMS, `_meta["${MCP_META_LOG_LEVEL}"] is not a logging level`, {
        allowed: [...MCP_LOG_LEVELS],
      });
    out.logLevel = level as McpLogLevel;
  }
  const token = meta.progressToken;
  if (token !== undefined) {
    if (typeof token !== 'string' && typeof token !== 'number')
      throw new McpError(INVALID_PARAMS, '_meta.progressToken must be a string or a number');
    out.progressToken = token;
  }
  return out;
}

/** Methods whose params carry the value `Mcp-Name` mirrors, and which field it is. */
const NAME_FIELD: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  const one = Array.isArray(v) ? v.join(',') : v;
  return one === undefined ? undefined : one.trim(); // RFC 9110 §5.5: optional whitespace is not part of the value
}

/** The longest Idempotency-Key a caller may send (as on REST: openapi.yaml IdempotencyKey). */
const MAX_IDEMPOTENCY_KEY = 255;

/**
 * A tools/call's `Idempotency-Key` (HTTP only): a repeat by the same principal answers the run the
 * first call started, as REST createRun does; an empty key is none, a longer one -32602.
 */
export function idempotencyKeyOf(headers: IncomingHttpHeaders | undefined): string | undefined {
  const key = headers && header(headers, 'Idempotency-Key');
  if (key === undefined || key === '') return undefined;
  if (key.length > MAX_IDEMPOTENCY_KEY)
    throw new McpError(
      INVALID_PARAMS,
      `Idempotency-Key is longer than ${MAX_IDEMPOTENCY_KEY} characters`,
      { header: 'Idempotency-Key' },
      400,
    );
  return key;
}

/** `=?base64?…?=` values (SEP-2243) decode to UTF-8; anything else is literal. */
export function decodeHeaderValue(value: string): string | undefined {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!m) return value;
  const b64 = m[1]!;
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(b64))
    return undefined;
  return Buffer.from(b64, 'base64').toString('utf8');
}

function metaOf(msg: JsonRpcRequest): Record<string, unknown> | undefined {
  const meta = msg.params?._meta;
  return isRecord(meta) ? meta : undefined;
}

export function headerMismatch(
  field: string,
  headerValue: string | undefined,
  bodyValue: unknown,
): McpError {
  return McpError.protocol(
    'HeaderMismatchError',
    `Bad Request: the ${field} header and the request body disagree`,
    { mismatch: { header: field, headerValue: headerValue ?? null, bodyValue: bodyValue ?? null } },
  );
}

/** The revision the requester named, or the implied legacy one (rule 1). */
export function requestedRevision(
  msg: JsonRpcRequest,
  headers: IncomingHttpHeaders | undefined,
  table: NegotiationTable,
): { requested: string; legacy: boolean } {
  if (headers) {
    const h = header(headers, 'MCP-Protocol-Version');
    if (h === undefined || h === '') {
      // A legacy `initialize` names its revision in params; otherwise upstream assumes 2025-03-26.
      const pv = msg.method === 'initialize' ? msg.params?.protocolVersion : undefined;
      const named = typeof pv === 'string' && table.pattern.test(pv) ? pv : undefined;
      return { requested: named ?? IMPLIED_LEGACY_REVISION, legacy: true };
    }
    return { requested: h, legacy: false };
  }
  const v = metaOf(msg)?.[MCP_META_PROTOCOL_VERSION];
  return typeof v === 'string'
    ? { requested: v, legacy: false }
    : { requested: IMPLIED_LEGACY_REVISION, legacy: true };
}

/** Rule 2: header/body agreement, checked before any version is selected (HTTP only). */
export function checkHeaders(msg: JsonRpcRequest, headers: IncomingHttpHeaders): void {
  const version = header(headers, 'MCP-Protocol-Version');
  const metaVersion = metaOf(msg)?.[MCP_META_PROTOCOL_VERSION];
  // An absent `_meta` protocolVersion is an invalid request, not a disagreement (SEP-2575; the
  // conformance suite's server-stateless scenario): -32602, HTTP 400.
  if (metaVersion === undefined) {
    throw new McpError(
      INVALID_PARAMS,
      `_meta["${MCP_META_PROTOCOL_VERSION}"] is required on every request`,
      { missing: MCP_META_PROTOCOL_VERSION },
      400,
    );
  }
  if (version !== metaVersion) throw headerMismatch('MCP-Protocol-Version', version, metaVersion);
  const method = header(headers, 'Mcp-Method');
  if (method !== msg.method) throw headerMismatch('Mcp-Method', method, msg.method);
  const field = NAME_FIELD[msg.method];
  const rawName = header(headers, 'Mcp-Name');
  const bodyName = field ? msg.params?.[field] : undefined;
  if (field === undefined) {
    if (rawName !== undefined) throw headerMismatch('Mcp-Name', rawName, undefined);
    return;
  }
  const name = rawName === undefined ? undefined : decodeHeaderValue(rawName);
  if (rawName !== undefined && name === undefined)
    throw headerMismatch('Mcp-Name', rawName, bodyName);
  if (bodyName === undefined && name === undefined) return;
  if (typeof bodyName !== 'string' || name !== bodyName)
    throw headerMismatch('Mcp-Name', rawName, bodyName);
}

/** Rule 3: version selection; the caller records the decision and answers -32022 when refused. */
export function selectRevision(
  mcp: McpConfig,
  rules: VersionRules,
  requested: string,
  authenticated: boolean,
): NegotiationDecision {
  return decide(
    rules,
    'mcp',
    { versions: mcp.revisions, preferred: mcp.preferredVersion, floor: mcp.minimumRevision },
    { requested, authenticated },
  );
}

export function unsupportedRevision(mcp: McpConfig, requested: string): McpError {
  return McpError.protocol(
    'UnsupportedProtocolVersionError',
    `Unsupported protocol version: ${requested}`,
    {
      supported: [...mcp.revisions],
      requested,
    },
  );
}

/** Rule 4: the declared client capabilities (required on every request). */
export function readCapabilities(msg: JsonRpcRequest): ClientCapabilities {
  const caps = metaOf(msg)?.[MCP_META_CLIENT_CAPABILITIES];
  if (!isRecord(caps)) {
    throw new McpError(
      INVALID_PARAMS,
      `_meta["${MCP_META_CLIENT_CAPABILITIES}"] is required on every request`,
      { missing: MCP_META_CLIENT_CAPABILITIES },
      400,
    );
  }
  return caps;
}

export function missingCapability(required: ClientCapabilities, what: string): McpError {
  return McpError.protocol(
    'MissingRequiredClientCapabilityError',
    `Missing required client capability: ${what}`,
    { requiredCapabilities: required },
  );
}

/** The request declared `extensions[ext]`. */
export function declaresExtension(caps: ClientCapabilities, ext: string): boolean {
  const exts = caps.extensions;
  return isRecord(exts) && isRecord(exts[ext]);
}

/** The request declared the tasks extension the map pins (`extension`; null: the map pins none). */
export function declaresTasks(caps: ClientCapabilities, extension: string | null): boolean {
  return extension !== null && declaresExtension(caps, extension);
}

/** Elicitation modes the request declared (`elicitation: {}` means form, as upstream reads it). */
export function elicitationModes(caps: ClientCapabilities): { form: boolean; url: boolean } {
  const e = caps.elicitation;
  if (!isRecord(e)) return { form: false, url: false };
  const hasForm = isRecord(e.form);
  const hasUrl = isRecord(e.url);
  return { form: hasForm || (!hasForm && !hasUrl), url: hasUrl };
}
