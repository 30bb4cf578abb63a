// The interop report's two pages: HTML (plain semantic tables, inline CSS, no script) and its
// Markdown twin, rendered from templates/report/ with one typed context (DESIGN.md §3). The
// templates are compiled with noEscape, so every string of the context is escaped here for the
// page it goes into, once, before rendering.
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
    digest: spec.digest,
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
    };
  return {
    verdict: r.verdict,
    verdictClass: r.verdict.replace(' ', '-'),
    because: r.because,
    probe: r.probe,
    answer: r.answer,
    agrees: r.agrees ? 'yes' : 'no',
  };
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

/** A Markdown table cell: pipes escaped, no line breaks. */
export function escapeMarkdownCell(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

/** Every string of `value`, escaped by `escape`; the shape (and so the type) is kept. */
function escapeStrings<T>(value: T, escape: (s: string) => string): T {
  if (typeof value === 'string') return escape(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => escapeStrings(v, escape)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, escapeStrings(v, escape)]),
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
    html: renderTemplate('report/report.html.hbs', escapeStrings(context, escapeHtml)),
    markdown: renderTemplate('report/report.md.hbs', escapeStrings(context, escapeMarkdownCell)),
  };
}
