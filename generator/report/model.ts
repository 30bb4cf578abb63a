// The interop report as data, built from the SpecModel the generator emits from:
// every A2A and MCP map row with its v2 operation, `requires` and the error it is refused with;
// the negotiation table; the A2A error matrix. Nothing here depends on the clock or on where the
// spec lies, so the spec-only report is the same bytes wherever it is made.
import type { SpecModel } from '../model/ir.ts';

/** interop.md §"Negotiation is a protocol": an advertisement's refresh window is at most 90 days. */
export const REFRESH_SLA_DAYS = 90;

/** The A2A JSON-RPC code of UnsupportedOperationError, the default refusal of an unmet `requires`. */
const UNSUPPORTED_OPERATION = 'UnsupportedOperationError';

export interface ReportRow {
  protocol: 'a2a' | 'mcp';
  /** Stable id: the A2A case id (`sendMessage.start`) or the MCP method. */
  id: string;
  /** JSON-RPC method name. */
  method: string;
  /** The A2A `when` case, or what an MCP method needs beyond the mount; '' when none. */
  condition: string;
  /** Handler member of the generated contract; null for a row that is refused, never dispatched. */
  member: string | null;
  /** HTTP+JSON binding (`POST /message:send`); null when the row has none. */
  http: string | null;
  v2Operation: string | null;
  requires: string[];
  /** How the row is refused when what it needs is missing (`-32003 PushNotificationNotSupportedError`). */
  refusal: string | null;
  /** The JSON-RPC code of that refusal, for comparing with what a host answers. */
  refusalCode: number | null;
  /** `file#pointer` of the map row. */
  source: string;
}

export interface NegotiationRow {
  protocol: 'a2a' | 'mcp';
  header: string;
  /** The facet's field names: offered, preferred, floor. */
  fields: { offered: string; preferred: string; floor: string };
  /** What a host built from this spec offers: only the pinned version (runtime/negotiation/refresh.ts). */
  offered: string[];
  preferred: string;
  floor: string;
  /** The negotiated version the map is pinned to, and the upstream release behind it. */
  pin: string;
  release: string;
  profile: string;
}

export interface ErrorRow {
  name: string;
  jsonrpc: number;
  http: number;
  grpc: string;
  reason: string;
  clientProjection: string;
  source: string;
}

export interface McpErrorRow {
  name: string;
  code: number;
  http: number;
  source: string;
}

export interface SpecReport {
  title: string;
  openapiVersion: string;
  layout: 'wopgen' | 'upstream';
  digest: string;
  a2aRelease: string;
  mcpRevision: string;
  tasksExtension: string | null;
  /** The map's `updated` date and the day its 90-day window closes; null when the map has none. */
  mapUpdated: { date: string; due: string } | null;
  a2a: ReportRow[];
  mcp: ReportRow[];
  negotiation: NegotiationRow[];
  errors: ErrorRow[];
  mcpErrors: McpErrorRow[];
}

const src = (o: { file: string; pointer: string }) => `${o.file}#${o.pointer}`;

export function buildSpecReport(model: SpecModel, mapUpdated: string | null): SpecReport {
  const errorCode = new Map(model.a2a.errors.map((e) => [e.name, e.jsonrpc]));
  const a2a: ReportRow[] = model.a2a.operations.map((op) => {
    // A2A 1.0 §3.3 (generator/model/builtins.ts): a missing push capability has its own error.
    const refusalName =
      op.requires.length === 0
        ? null
        : (op.requires
            .map((r) => model.a2a.requirementRefusals.find((x) => x.requirement === r)?.error)
            .find((e) => e !== undefined) ?? UNSUPPORTED_OPERATION);
    const code = refusalName === null ? null : (errorCode.get(refusalName) ?? null);
    return {
      protocol: 'a2a',
      id: op.caseId,
      method: op.method,
      condition: op.when,
      member: op.member,
      http: op.http ? `${op.http.verb} ${op.http.path}` : null,
      v2Operation: op.v2Operation,
      requires: [...op.requires],
      refusal: refusalName === null ? null : `${code ?? '?'} ${refusalName}`,
      refusalCode: code,
      source: src(op.origin),
    };
  });
  const missingCapability = model.mcp.protocolErrors.find(
    (e) => e.name === 'MissingRequiredClientCapabilityError',
  );
  const mcp: ReportRow[] = [
    ...model.mcp.methods.map((m): ReportRow => {
      const gate =
        m.extension ??
        (m.extensionParams.length > 0 && model.mcp.tasksExtension
          ? model.mcp.tasksExtension
          : null);
      const condition =
        m.extension !== null
          ? `declares ${m.extension}`
          : m.extensionParams.length > 0
            ? `${m.extensionParams.join(', ')} needs ${gate ?? 'the extension'}`
            : '';
      return {
        protocol: 'mcp',
        id: m.method,
        method: m.method,
        condition,
        member: m.member,
        http: null,
        v2Operation: m.v2Operation,
        requires: [...m.requires],
        refusal:
          gate && missingCapability
            ? `${missingCapability.code} ${missingCapability.name} (without ${gate})`
            : null,
        refusalCode: gate && missingCapability ? missingCapability.code : null,
        source: src(m.origin),
      };
    }),
    ...model.mcp.refusedMethods.map((m): ReportRow => ({
      protocol: 'mcp',
      id: m.method,
      method: m.method,
      condition: 'named as a rule, never dispatched',
      member: null,
      http: null,
      v2Operation: null,
      requires: [],
      refusal: `-32601 ${m.message}`,
      refusalCode: -32601,
      source: src(m.origin),
    })),
  ];
  return {
    title: model.openapi.title,
    openapiVersion: model.openapi.version,
    layout: model.layout,
    digest: model.digest,
    a2aRelease: model.a2a.release,
    mcpRevision: model.mcp.revision,
    tasksExtension: model.mcp.tasksExtension,
    mapUpdated: mapUpdated
      ? { date: mapUpdated, due: addDays(mapUpdated, REFRESH_SLA_DAYS) }
      : null,
    a2a,
    mcp,
    negotiation: negotiationRows(model),
    errors: model.a2a.errors.map((e) => ({
      name: e.name,
      jsonrpc: e.jsonrpc,
      http: e.http,
      grpc: e.grpc,
      reason: e.reason,
      clientProjection: e.clientProjection,
      source: src(e.origin),
    })),
    mcpErrors: model.mcp.protocolErrors.map((e) => ({
      name: e.name,
      code: e.code,
      http: e.httpStatus,
      source: e.source,
    })),
  };
}

/** The version header of each protocol (A2A 1.0 §3.2.6, MCP 2026-07-28 transports). */
const HEADERS = { a2a: 'A2A-Version', mcp: 'MCP-Protocol-Version' } as const;

function negotiationRows(model: SpecModel): NegotiationRow[] {
  const pins = {
    a2a: { pin: model.a2a.negotiated, release: model.a2a.release },
    mcp: { pin: model.mcp.revision, release: model.mcp.revision },
  };
  return model.facets.map((f) => {
    const { pin, release } = pins[f.family];
    return {
      protocol: f.family,
      header: HEADERS[f.family],
      fields: { offered: f.versionsField, preferred: f.preferredField, floor: f.floorField },
      offered: [pin],
      preferred: pin,
      floor: pin,
      pin,
      release,
      profile: `${f.family}-${pin}`,
    };
  });
}

/** `YYYY-MM-DD` plus `days`, in UTC; the input itself when it is not a date. */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(t) ? date : new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}
