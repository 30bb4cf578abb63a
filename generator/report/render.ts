// The interop report's two pages: HTML (plain semantic tables, inline CSS, no script) and its
// Markdown twin, rendered from templates/report/ with one typed context (DESIGN.md §3). The
// templates are compiled with noEscape, so every string of the context is escaped here for the
// page it goes into, once, before rendering. Strings come from the spec and from the host, which
// is not trusted: on either page nothing it says becomes markup, a link that is not http(s), or a
// break out of its table cell or code span.
import { renderTemplate } from '../templates/render.ts';
import { GENERATOR_VERSION } from '../version.ts';
import type { HostReport, HostRow } from './host.ts';
import { REFRESH_SLA_DAYS, type NegotiationRow, type ReportRow, type SpecReport } from './model.ts';

export interface RowView {
  id: string;
  method: string;
  condition: string;
  /** '' when absent (the templates print a dash): these three are printed as code. */
  member: string;
  http: string;
  v2Operation: string;
  requires: string;
  refusal: string;
  source: string;
  host: HostRowView | null;
}

export interface HostRowView {
  verdict: string;
  /** CSS class of the verdict (`serves`, `refuses`, `not-advertised`, `unknown`). */
  verdictClass: string;
  because: string;
  probe: string;
  answer: string;
  agrees: string;
  /** Whether the probe carried the key (key-policy.ts). */
  key: string;
}

export interface NegotiationView {
  protocol: string;
  header: string;
  fields: string;
  offered: string;
  preferred: string;
  floor: string;
  pin: string;
  profile: string;
  host: {
    offered: string;
    preferred: string;
    floor: string;
    refreshedAt: string;
    age: string;
    sla: string;
    slaClass: string;
  } | null;
}

/** What both templates of templates/report/ are rendered from. */
export interface ReportContext {
  generator: string;
  title: string;
  openapiVersion: string;
  layout: string;
  digest: string;
  a2aRelease: string;
  mcpRevision: string;
  tasksExtension: string;
  mapUpdated: string;
  slaDays: number;
  host: {
    url: string;
    probedAt: string;
    implementation: string;
    cardUrl: string;
    a2aUrl: string;
    mcpUrl: string;
    /** Where the key went, and which advertised URLs were kept from it. */
    key: string;
    counts: string;
  } | null;
  a2a: RowView[];
  mcp: RowView[];
  negotiation: NegotiationView[];
  errors: SpecReport['errors'];
  mcpErrors: SpecReport['mcpErrors'];
}

const dash = (v: string | null | undefined): string =>
  v === null || v === undefined || v === '' ? '—' : v;

export function reportContext(spec: SpecReport, host: HostReport | null): ReportContext {
  const rowView = (r: ReportRow): RowView => ({
    id: r.id,
    method: r.method,
    condition: dash(r.condition),
    member: r.member ?? '',
    http: r.http ?? '',
    v2Operation: r.v2Operation ?? '',
    requires: r.requires.length ? r.requires.join(', ') : '—',
    refusal: dash(r.refusal),
    source: r.source,
    host: host ? hostRowView(host.rows[`${r.protocol}:${r.id}`]) : null,
  });
  const rows = host ? Object.values(host.rows) : [];
  const count = (v: string) => rows.filter((r) => r.verdict === v).length;
  return {
    generator: `wopgen ${GENERATOR_VERSION}`,
    title: spec.title,
    openapiVersion: spec.openapiVersion,
    layout: spec.layout,
    digest: `sha256:${spec.digest}`,
    a2aRelease: spec.a2aRelease,
    mcpRevision: spec.mcpRevision,
    tasksExtension: dash(spec.tasksExtension),
    mapUpdated: spec.mapUpdated
      ? `${spec.mapUpdated.date} (its ${REFRESH_SLA_DAYS}-day window closes ${spec.mapUpdated.due})`
      : '—',
    slaDays: REFRESH_SLA_DAYS,
    host: host
      ? {
          url: host.url,
          probedAt: host.probedAt,
          implementation: host.implementation,
          cardUrl: dash(host.cardUrl),
          a2aUrl: dash(host.a2aUrl),
          mcpUrl: dash(host.mcpUrl),
          key: keyText(host),
          counts: `${count('serves')} served, ${count('refuses')} refused, ${count('not advertised')} not advertised, ${count('unknown')} unknown; ${rows.filter((r) => !r.agrees).length} disagree with the advertisement`,
        }
      : null,
    a2a: spec.a2a.map(rowView),
    mcp: spec.mcp.map(rowView),
    negotiation: spec.negotiation.map((n) => negotiationView(n, host)),
    errors: spec.errors,
    mcpErrors: spec.mcpErrors,
  };
}

function hostRowView(r: HostRow | undefined): HostRowView {
  if (!r)
    return {
      verdict: 'unknown',
      verdictClass: 'unknown',
      because: '—',
      probe: '—',
      answer: '—',
      agrees: 'no',
      key: '—',
    };
  return {
    verdict: r.verdict,
    verdictClass: r.verdict.replace(' ', '-'),
    because: r.because,
    probe: r.probe,
    answer: r.answer,
    agrees: r.agrees ? 'yes' : 'no',
    key: r.key,
  };
}

function keyText(host: HostReport): string {
  const to = host.keyOrigins.join(', ');
  const sent = Object.values(host.rows).some((r) => r.key === 'sent');
  const where = sent ? `sent only to ${to}` : `none sent; probes go only to ${to}`;
  return host.withheld.length === 0
    ? where
    : `${where}; nothing sent to ${host.withheld.join(', ')} (another origin: --trust-origin ORIGIN sends the key there)`;
}

function negotiationView(n: NegotiationRow, host: HostReport | null): NegotiationView {
  const f = host?.facets.find((x) => x.protocol === n.protocol);
  return {
    protocol: n.protocol === 'a2a' ? 'A2A' : 'MCP',
    header: n.header,
    fields: `${n.fields.offered} / ${n.fields.preferred} / ${n.fields.floor}`,
    offered: n.offered.join(', '),
    preferred: n.preferred,
    floor: n.floor,
    pin: n.pin === n.release ? n.pin : `${n.pin} (release ${n.release})`,
    profile: n.profile,
    host: !host
      ? null
      : !f?.advertised
        ? {
            offered: 'not advertised',
            preferred: '—',
            floor: '—',
            refreshedAt: '—',
            age: '—',
            sla: '—',
            slaClass: 'unknown',
          }
        : {
            offered: `${dash(f.offered.join(', '))}${f.offersPin ? '' : ' (the pin is not offered)'}`,
            preferred: dash(f.preferred),
            floor: dash(f.floor),
            refreshedAt: dash(f.refreshedAt),
            age: f.ageDays === null ? '—' : `${f.ageDays} days`,
            sla: f.withinSla ? `within ${REFRESH_SLA_DAYS} days` : 'stale',
            slaClass: f.withinSla ? 'serves' : 'refuses',
          },
  };
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const lineBreaks = (s: string): string => s.replace(/\s*[\r\n]+\s*/g, ' ');

/** Markdown has no attributes to quote: only these three make HTML (or an autolink). */
const MARKDOWN_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * A Markdown table cell of text, shown as typed: no HTML (`<`, `>`, `&` as entities), no link or
 * image (`[`/`]` escaped; an autolink needs a `<`; `@` escaped, so no e-mail or `mailto:` link is
 * recognised), no code span (`` ` ``), no cell break (`|`), no line break. Left: `*`, `_` and `~`
 * (emphasis at most) and bare http(s) URLs, which renderers may link.
 */
export function escapeMarkdownCell(s: string): string {
  return lineBreaks(s).replace(/[\\`|[\]@&<>]/g, (c) => MARKDOWN_ENTITIES[c] ?? `\\${c}`);
}

/**
 * A Markdown code span of `s` (CommonMark §6.1), shown as typed: its fence is one backtick longer
 * than any run inside it, so nothing in `s` closes it, and inside it no HTML, entity or link is
 * read. Pipes are escaped for the table (GFM reads `\|` there before the span; a backslash right
 * before a pipe is doubled so it cannot escape the escape). '' stays '' (templates print a dash).
 */
export function markdownCodeSpan(s: string): string {
  if (s === '') return '';
  const flat = lineBreaks(s).replace(/(\\*)\|/g, (_m, bs: string) => `${bs}${bs}\\|`);
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad =
    flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' '))
      ? ' '
      : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * Context fields the Markdown page prints as code spans. The Markdown template holds no backtick:
 * every code span is made by markdownCodeSpan (a fixed fence would be closed by a backtick in the
 * value); the HTML page puts these in `<code>` and escapes them like any text.
 */
const CODE_FIELDS = new Set([
  'id',
  'member',
  'http',
  'v2Operation',
  'header',
  'fields',
  'profile',
  'digest',
  'url',
  'cardUrl',
  'a2aUrl',
  'mcpUrl',
  'answer',
  'name',
  'grpc',
  'reason',
  'clientProjection',
]);

/** Every string of `value`, escaped by `text`, or by `code` under a CODE_FIELDS key. */
function escapeStrings<T>(
  value: T,
  text: (s: string) => string,
  code: (s: string) => string,
  key = '',
): T {
  if (typeof value === 'string') return (CODE_FIELDS.has(key) ? code(value) : text(value)) as T;
  if (Array.isArray(value))
    return value.map((v: unknown) => escapeStrings(v, text, code, key)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, escapeStrings(v, text, code, k)]),
    ) as T;
  }
  return value;
}

export interface RenderedReport {
  html: string;
  markdown: string;
}

export function renderReport(context: ReportContext): RenderedReport {
  return {
    html: renderTemplate('report/report.html.hbs', escapeStrings(context, escapeHtml, escapeHtml)),
    markdown: renderTemplate(
      'report/report.md.hbs',
      escapeStrings(context, escapeMarkdownCell, markdownCodeSpan),
    ),
  };
}
