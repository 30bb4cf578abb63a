// What a running host makes of each map row (issue 14 §4): read from its discovery document, its
// agent card and MCP server/discover, then confirmed by probing the row with a harmless request
// (probe-requests.ts). A row is
// - `serves` when the probe reached the row's handler (a result, or an error such as -32001);
// - `refuses` when the probe got a refusal (interop.md §"The operation mappings": a row whose
//   `requires` the host does not advertise is refused with the row's error);
// - `not advertised` when the host's card or server/discover does not list what the row belongs
//   to (no JSONRPC interface, no mcp facet, a server capability or extension left out).
// `agrees` says whether the answer is the one the advertisement promises.
import type { ReportRow, SpecReport } from './model.ts';
import { REFRESH_SLA_DAYS } from './model.ts';
import { a2aProbe, mcpCapability, mcpProbe, type ProbeRequest } from './probe-requests.ts';
import { getJson, postJsonRpc, type ProbeAnswer } from './probe.ts';

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
  facets: HostFacet[];
  /** By `protocol:id` of the spec report's rows. */
  rows: Record<string, HostRow>;
}

export interface ProbeOptions {
  url: string;
  /** Bearer key for the probes (discovery and the public card need none). */
  apiKey?: string;
  now: Date;
}

type Json = Record<string, unknown>;

/** JSON-RPC codes that mean "not served here" rather than an answer of the row's handler. */
const A2A_REFUSALS = new Set([-32601, -32003, -32004, -32007, -32009]);
const MCP_REFUSALS = new Set([-32601, -32021, -32022]);

export async function probeHost(spec: SpecReport, o: ProbeOptions): Promise<HostReport> {
  const base = o.url.replace(/\/+$/, '');
  const discovery = await getJson(`${base}/.well-known/openwop`);
  const auth: Record<string, string> = o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {};
  const a2aFacet = record(discovery['a2a']);
  const mcpFacet = record(discovery['mcp']);
  const a2aPin = spec.negotiation.find((n) => n.protocol === 'a2a')?.pin ?? '';
  const cardField = a2aFacet?.['agentCardUrl'];
  const cardUrl = typeof cardField === 'string' ? cardField : null;
  const card = cardUrl ? await getJson(cardUrl, { 'A2A-Version': a2aPin }) : null;
  const a2aUrl = jsonRpcInterface(card, a2aPin);
  const serverUrls = mcpFacet?.['serverUrls'];
  const mcpUrl = Array.isArray(serverUrls)
    ? ((serverUrls as unknown[]).find((u): u is string => typeof u === 'string') ?? null)
    : null;
  const mcp = new McpProber(spec, mcpUrl, auth);
  const discover = mcpUrl ? await mcp.discover() : null;

  const rows: Record<string, HostRow> = {};
  const a2aAnswers = new Map<string, Promise<ProbeAnswer>>();
  for (const row of spec.a2a) {
    const why = a2aExpectation(row, a2aFacet, card, a2aUrl);
    const request = a2aProbe(row.method);
    // Rows of one method (the `when` cases) share one probe: the case is the task's, not ours.
    let answer: ProbeAnswer | null = null;
    if (a2aUrl && request) {
      if (!a2aAnswers.has(row.method))
        a2aAnswers.set(
          row.method,
          postJsonRpc(a2aUrl, row.method, request.params, { 'A2A-Version': a2aPin, ...auth }),
        );
      answer = await a2aAnswers.get(row.method)!;
    }
    rows[`a2a:${row.id}`] = judge(row, why, request, answer, A2A_REFUSALS, spec);
  }
  for (const row of spec.mcp) {
    const why = mcpExpectation(row, mcpFacet, discover, spec.tasksExtension);
    // A method the map names only as a rule is answered -32601 (McpRefusedMethod): ask it as is.
    const request =
      mcpProbe(row.method) ??
      (row.member === null
        ? { params: {}, says: 'the method itself (never dispatched)' }
        : undefined);
    const answer = mcpUrl && request ? await mcp.call(row.method, request.params) : null;
    rows[`mcp:${row.id}`] = judge(row, why, request, answer, MCP_REFUSALS, spec);
  }
  const impl = record(discovery['implementation']);
  return {
    url: base,
    probedAt: o.now.toISOString(),
    implementation: impl ? `${String(impl['name'])} ${String(impl['version'])}` : 'unknown',
    cardUrl,
    a2aUrl,
    mcpUrl,
    facets: spec.negotiation.map((n) =>
      facetOf(n.protocol, record(discovery[n.protocol]), n.fields, n.pin, o.now),
    ),
    rows,
  };
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
  refusals: Set<number>,
  spec: SpecReport,
): HostRow {
  const probe = request
    ? answer
      ? request.says
      : 'not sent (no interface to send it to)'
    : 'none (no harmless request)';
  if (!answer) {
    const verdict: Verdict = why.expected === 'absent' ? 'not advertised' : 'unknown';
    return { ...why, probe, answer: '—', verdict, agrees: why.expected === 'absent' };
  }
  const refused = answer.code !== null && refusals.has(answer.code);
  const failed = !answer.result && answer.code === null;
  const text = answerText(answer, spec);
  if (failed) {
    const verdict: Verdict = why.expected === 'absent' ? 'not advertised' : 'unknown';
    return { ...why, probe, answer: text, verdict, agrees: false };
  }
  if (!refused)
    return { ...why, probe, answer: text, verdict: 'serves', agrees: why.expected === 'serve' };
  const verdict: Verdict = why.expected === 'absent' ? 'not advertised' : 'refuses';
  const agrees =
    why.expected === 'absent' ||
    (why.expected === 'refuse' && (row.refusalCode === null || row.refusalCode === answer.code));
  return { ...why, probe, answer: text, verdict, agrees };
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
  if (a.code === null) return a.status ? `HTTP ${a.status}: ${a.message}` : a.message;
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
  return chosen ? (chosen['url'] as string) : null;
}

function facetOf(
  protocol: 'a2a' | 'mcp',
  facet: Json | undefined,
  fields: { offered: string; preferred: string; floor: string },
  pin: string,
  now: Date,
): HostFacet {
  const list: unknown = facet?.[fields.offered];
  const offered = Array.isArray(list) ? list.map(String) : [];
  const refreshed: unknown = facet?.['refreshedAt'];
  const refreshedAt = typeof refreshed === 'string' ? refreshed : '';
  const at = Date.parse(`${refreshedAt}T00:00:00Z`);
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const ageDays = Number.isNaN(at) ? null : Math.round((today - at) / 86_400_000);
  return {
    protocol,
    advertised: facet !== undefined,
    offered,
    preferred: String(facet?.[fields.preferred] ?? ''),
    floor: String(facet?.[fields.floor] ?? ''),
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
    private readonly auth: Record<string, string>,
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
      ...this.auth,
    };
    const answer = await postJsonRpc(this.url!, method, { ...params, _meta: meta }, headers);
    return { answer, body: record(answer.value) ?? null };
  }
}

function record(v: unknown): Json | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}
