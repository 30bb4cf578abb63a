// What a running host makes of each map row: read from its discovery document, its
// agent card and MCP server/discover, then confirmed by probing the row with a harmless request
// (probe-requests.ts). A row is
// - `serves` when the probe reached the row's handler (a result, or an error such as -32001);
// - `refuses` when the probe got a refusal (interop.md §"The operation mappings": a row whose
//   `requires` the host does not advertise is refused with the row's error);
// - `not advertised` when the host's card or server/discover does not list what the row belongs
//   to (no JSONRPC interface, no mcp facet, a server capability or extension left out).
// `agrees` says whether the answer is the one the advertisement promises.
//
// The host is not trusted with more than the probes (key-policy.ts): the key goes to its origin
// only, every answer is bounded (probe.ts), and what it says is clipped before it is shown.
import { keyPolicy, type KeyPolicy, type KeyUse } from './key-policy.ts';
import type { ReportRow, SpecReport } from './model.ts';
import { REFRESH_SLA_DAYS } from './model.ts';
import { a2aProbe, mcpCapability, mcpProbe, type ProbeRequest } from './probe-requests.ts';
import {
  DEFAULT_READ_LIMITS,
  getJson,
  httpUrl,
  postJsonRpc,
  type ProbeAnswer,
  type ReadLimits,
} from './probe.ts';

export type Verdict = 'serves' | 'refuses' | 'not advertised' | 'unknown';

export interface HostRow {
  /** What the advertisement says: `serve`, `refuse` (an unmet `requires`) or `absent`. */
  expected: 'serve' | 'refuse' | 'absent';
  /** Why, in a few words (`a2a.pushNotifications is false`). */
  because: string;
  /** The probe sent, or why none was. */
  probe: string;
  /** What came back (`result`, `-32001 TaskNotFoundError`, `HTTP 401`). */
  answer: string;
  verdict: Verdict;
  agrees: boolean;
  /** Whether the probe carried the key, or why it was not sent (key-policy.ts). */
  key: KeyUse;
}

export interface HostFacet {
  protocol: 'a2a' | 'mcp';
  advertised: boolean;
  offered: string[];
  preferred: string;
  floor: string;
  refreshedAt: string;
  /** Whole days since refreshedAt at probe time; null when it is not a date. */
  ageDays: number | null;
  withinSla: boolean;
  /** Whether the offered versions include the version the spec is pinned to. */
  offersPin: boolean;
}

export interface HostReport {
  url: string;
  /** When the host was probed (ISO 8601): only the host report carries a time. */
  probedAt: string;
  implementation: string;
  cardUrl: string | null;
  a2aUrl: string | null;
  mcpUrl: string | null;
  /** Origins the key was allowed to go to (--host's, then --trust-origin's). */
  keyOrigins: string[];
  /** Advertised URLs on other origins: no probe was sent there, and never the key. */
  withheld: string[];
  facets: HostFacet[];
  /** By `protocol:id` of the spec report's rows. */
  rows: Record<string, HostRow>;
}

export interface ProbeOptions {
  url: string;
  /** Bearer key for the probes (discovery and the public card need none). */
  apiKey?: string;
  /** Further origins the key may be sent to (`--trust-origin`). */
  trustOrigins?: readonly string[];
  /** Time and size budget of each answer. */
  limits?: ReadLimits;
  now: Date;
}

/** Longest text of the host's own (a name, a version, a URL) the report repeats. */
const SHOWN_CHARS = 200;

/** `s`, clipped to SHOWN_CHARS characters. */
function shown(s: string): string {
  return s.length <= SHOWN_CHARS ? s : `${s.slice(0, SHOWN_CHARS - 1)}…`;
}

type Json = Record<string, unknown>;

/** JSON-RPC codes that mean "not served here" rather than an answer of the row's handler. */
const A2A_REFUSALS = new Set([-32601, -32003, -32004, -32007, -32009]);
const MCP_REFUSALS = new Set([-32601, -32021, -32022]);

export async function probeHost(spec: SpecReport, o: ProbeOptions): Promise<HostReport> {
  const base = o.url.replace(/\/+$/, '');
  const limits = o.limits ?? DEFAULT_READ_LIMITS;
  const policy = keyPolicy(base, o.apiKey, o.trustOrigins);
  const discovery = await getJson(`${base}/.well-known/openwop`, {}, limits);
  const a2aFacet = record(discovery['a2a']);
  const mcpFacet = record(discovery['mcp']);
  const a2aPin = spec.negotiation.find((n) => n.protocol === 'a2a')?.pin ?? '';
  const cardUrl = urlField(a2aFacet?.['agentCardUrl']);
  // The public card needs no key: it is read without one, from wherever discovery says.
  const card = cardUrl ? await getJson(cardUrl, { 'A2A-Version': a2aPin }, limits) : null;
  const a2aUrl = jsonRpcInterface(card, a2aPin);
  const serverUrls = mcpFacet?.['serverUrls'];
  const mcpUrl = Array.isArray(serverUrls)
    ? ((serverUrls as unknown[]).map(urlField).find((u) => u !== null) ?? null)
    : null;
  const a2aSends = a2aUrl !== null && policy.allows(a2aUrl);
  const mcpSends = mcpUrl !== null && policy.allows(mcpUrl);
  const mcp = new McpProber(spec, mcpSends ? mcpUrl : null, policy, limits);
  const discover = mcpSends ? await mcp.discover() : null;

  const rows: Record<string, HostRow> = {};
  const a2aAnswers = new Map<string, Promise<ProbeAnswer>>();
  for (const row of spec.a2a) {
    const why = a2aExpectation(row, a2aFacet, card, a2aUrl);
    const request = a2aProbe(row.method);
    // Rows of one method (the `when` cases) share one probe: the case is the task's, not ours.
    let answer: ProbeAnswer | null = null;
    if (a2aUrl && a2aSends && request) {
      if (!a2aAnswers.has(row.method))
        a2aAnswers.set(
          row.method,
          postJsonRpc(
            a2aUrl,
            row.method,
            request.params,
            { 'A2A-Version': a2aPin, ...policy.auth },
            limits,
          ),
        );
      answer = await a2aAnswers.get(row.method)!;
    }
    const sent = { url: a2aUrl, allowed: a2aSends };
    rows[`a2a:${row.id}`] = judge(row, why, request, answer, sent, policy, A2A_REFUSALS, spec);
  }
  for (const row of spec.mcp) {
    const why = mcpExpectation(row, mcpFacet, discover, spec.tasksExtension);
    // A method the map names only as a rule is answered -32601 (McpRefusedMethod): ask it as is.
    const request =
      mcpProbe(row.method) ??
      (row.member === null
        ? { params: {}, says: 'the method itself (never dispatched)' }
        : undefined);
    const answer = mcpSends && request ? await mcp.call(row.method, request.params) : null;
    const sent = { url: mcpUrl, allowed: mcpSends };
    rows[`mcp:${row.id}`] = judge(row, why, request, answer, sent, policy, MCP_REFUSALS, spec);
  }
  const impl = record(discovery['implementation']);
  return {
    url: base,
    probedAt: o.now.toISOString(),
    implementation: impl ? shown(`${String(impl['name'])} ${String(impl['version'])}`) : 'unknown',
    cardUrl,
    a2aUrl,
    mcpUrl,
    keyOrigins: [...policy.trusted],
    withheld: policy.withheld.map(shown),
    facets: spec.negotiation.map((n) =>
      facetOf(n.protocol, record(discovery[n.protocol]), n.fields, n.pin, o.now),
    ),
    rows,
  };
}

/** An advertised URL as the report uses and shows it: http(s) only, normalised; else null. */
function urlField(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const u = httpUrl(v);
  return u && u.href.length <= SHOWN_CHARS ? u.href : null;
}

interface Expectation {
  expected: HostRow['expected'];
  because: string;
}

function a2aExpectation(
  row: ReportRow,
  facet: Json | undefined,
  card: Json | null,
  url: string | null,
): Expectation {
  if (!facet) return { expected: 'absent', because: 'no a2a facet in discovery' };
  if (!url) return { expected: 'absent', because: 'the card lists no JSONRPC interface' };
  const caps = record(card?.['capabilities']) ?? {};
  if (row.method === 'GetExtendedAgentCard' && caps['extendedAgentCard'] !== true)
    return { expected: 'absent', because: 'card capabilities.extendedAgentCard is not true' };
  const unmet = row.requires.filter((r) => facet[r.split('.')[1] ?? ''] !== true);
  if (unmet.length > 0)
    return { expected: 'refuse', because: `${unmet.join(', ')} not advertised` };
  return {
    expected: 'serve',
    because: row.requires.length ? `${row.requires.join(', ')} advertised` : 'always served',
  };
}

function mcpExpectation(
  row: ReportRow,
  facet: Json | undefined,
  discover: Json | null,
  tasksExtension: string | null,
): Expectation {
  if (!facet) return { expected: 'absent', because: 'no mcp facet in discovery' };
  if (!record(facet['serverMount'])) return { expected: 'absent', because: 'no mcp.serverMount' };
  if (row.member === null) return { expected: 'refuse', because: 'a rule, never dispatched' };
  if (!discover) return { expected: 'serve', because: 'server/discover could not be read' };
  const caps = record(discover?.['capabilities']) ?? {};
  const capability = mcpCapability(row.method);
  if (capability && !record(caps[capability]))
    return { expected: 'absent', because: `server/discover lists no ${capability} capability` };
  const extensions = record(caps['extensions']) ?? {};
  if (row.condition.startsWith('declares ') && tasksExtension) {
    return tasksExtension in extensions
      ? { expected: 'serve', because: `${tasksExtension} listed` }
      : { expected: 'absent', because: `server/discover does not list ${tasksExtension}` };
  }
  return { expected: 'serve', because: capability ? `${capability} listed` : 'core method' };
}

function judge(
  row: ReportRow,
  why: Expectation,
  request: ProbeRequest | undefined,
  answer: ProbeAnswer | null,
  sent: { url: string | null; allowed: boolean },
  policy: KeyPolicy,
  refusals: Set<number>,
  spec: SpecReport,
): HostRow {
  const withheld = request !== undefined && sent.url !== null && !sent.allowed;
  const probe = request
    ? answer
      ? request.says
      : withheld
        ? `not sent: ${new URL(sent.url!).origin} is not the origin of --host`
        : 'not sent (no interface to send it to)'
    : 'none (no harmless request)';
  const key: KeyUse = answer ? policy.sentAs : withheld ? 'not sent (another origin)' : '—';
  if (!answer) {
    const verdict: Verdict = why.expected === 'absent' ? 'not advertised' : 'unknown';
    // A probe kept from another origin is never an agreement: the host was not asked.
    const agrees = why.expected === 'absent' && !withheld;
    return { ...why, probe, answer: '—', verdict, agrees, key };
  }
  const refused = answer.code !== null && refusals.has(answer.code);
  const failed = !answer.result && answer.code === null;
  const text = answerText(answer, spec);
  if (failed) {
    const verdict: Verdict = why.expected === 'absent' ? 'not advertised' : 'unknown';
    return { ...why, probe, answer: text, verdict, agrees: false, key };
  }
  if (!refused)
    return {
      ...why,
      probe,
      answer: text,
      verdict: 'serves',
      agrees: why.expected === 'serve',
      key,
    };
  const verdict: Verdict = why.expected === 'absent' ? 'not advertised' : 'refuses';
  const agrees =
    why.expected === 'absent' ||
    (why.expected === 'refuse' && (row.refusalCode === null || row.refusalCode === answer.code));
  return { ...why, probe, answer: text, verdict, agrees, key };
}

const JSON_RPC_NAMES: Record<number, string> = {
  [-32700]: 'ParseError',
  [-32600]: 'InvalidRequestError',
  [-32601]: 'MethodNotFoundError',
  [-32602]: 'InvalidParamsError',
  [-32603]: 'InternalError',
};

function answerText(a: ProbeAnswer, spec: SpecReport): string {
  if (a.result) return 'result';
  if (a.code === null) return shown(a.status ? `HTTP ${a.status}: ${a.message}` : a.message);
  const name =
    spec.errors.find((e) => e.jsonrpc === a.code)?.name ??
    spec.mcpErrors.find((e) => e.code === a.code)?.name ??
    JSON_RPC_NAMES[a.code] ??
    'error';
  return `${a.code} ${name}`;
}

/** The card's JSONRPC interface at the pinned version (else any JSONRPC interface). */
function jsonRpcInterface(card: Json | null, pin: string): string | null {
  const interfaces: unknown = card?.['supportedInterfaces'];
  const list = Array.isArray(interfaces)
    ? interfaces.map(record).filter((x): x is Json => x !== undefined)
    : [];
  const rpc = list.filter(
    (i) => i['protocolBinding'] === 'JSONRPC' && typeof i['url'] === 'string',
  );
  const chosen = rpc.find((i) => i['protocolVersion'] === pin) ?? rpc[0];
  return chosen ? urlField(chosen['url']) : null;
}

function facetOf(
  protocol: 'a2a' | 'mcp',
  facet: Json | undefined,
  fields: { offered: string; preferred: string; floor: string },
  pin: string,
  now: Date,
): HostFacet {
  const list: unknown = facet?.[fields.offered];
  const offered = Array.isArray(list) ? list.map((v) => shown(String(v))) : [];
  const refreshed: unknown = facet?.['refreshedAt'];
  const refreshedAt = typeof refreshed === 'string' ? shown(refreshed) : '';
  const at = Date.parse(`${refreshedAt}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const ageDays = Number.isNaN(at) ? null : Math.round((today - at) / 86_400_000);
  return {
    protocol,
    advertised: facet !== undefined,
    offered,
    preferred: shown(String(facet?.[fields.preferred] ?? '')),
    floor: shown(String(facet?.[fields.floor] ?? '')),
    refreshedAt,
    ageDays,
    withinSla: ageDays !== null && ageDays >= 0 && ageDays <= REFRESH_SLA_DAYS,
    offersPin: offered.includes(pin),
  };
}

/** MCP requests as a 2026-07-28 client sends them: version header, Mcp-Method/Mcp-Name, `_meta`. */
class McpProber {
  constructor(
    private readonly spec: SpecReport,
    private readonly url: string | null,
    private readonly policy: KeyPolicy,
    private readonly limits: ReadLimits,
  ) {}

  async discover(): Promise<Json | null> {
    const answer = await this.send('server/discover', {});
    return answer.body;
  }

  async call(method: string, params: Json): Promise<ProbeAnswer> {
    return (await this.send(method, params)).answer;
  }

  private async send(
    method: string,
    params: Json,
  ): Promise<{ answer: ProbeAnswer; body: Json | null }> {
    const revision = this.spec.mcpRevision;
    const extensions = this.spec.tasksExtension ? { [this.spec.tasksExtension]: {} } : {};
    const meta = {
      'io.modelcontextprotocol/protocolVersion': revision,
      'io.modelcontextprotocol/clientInfo': { name: 'wopgen-report', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': { extensions },
    };
    const name = params['name'] ?? params['uri'] ?? params['taskId'];
    const headers: Record<string, string> = {
      'MCP-Protocol-Version': revision,
      'Mcp-Method': method,
      ...(typeof name === 'string' ? { 'Mcp-Name': name } : {}),
      ...this.policy.auth,
    };
    const answer = await postJsonRpc(
      this.url!,
      method,
      { ...params, _meta: meta },
      headers,
      this.limits,
    );
    return { answer, body: record(answer.value) ?? null };
  }
}

function record(v: unknown): Json | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}
