// `wopgen report --spec DIR --out DIR [--host URL]`: the interop report of a spec,
// and of a running host when one is named, as one HTML page and its Markdown twin
// (generator/report/). Conventions as for the other commands: exit 0 written, 1 spec errors, a
// refused --out, a host that cannot be read or (the report written) rows that disagree with the
// host's advertisement unless --allow-disagreement, 2 usage, 3 a bug in wopgen, 4 an I/O error;
// text results on stdout and problems on stderr, or one JSON document on stdout with --format json.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts';
import { probeHost, type HostReport } from '../report/host.ts';
import { loadSpec } from '../report/load.ts';
import { buildSpecReport, type SpecReport } from '../report/model.ts';
import { bytesText, DEFAULT_READ_LIMITS, HostUnreadable, httpUrl } from '../report/probe.ts';
import { renderReport, reportContext } from '../report/render.ts';
import { reportFileNames, writeReport } from '../report/write.ts';
import { displayPath, OutputError, type OutputProblem } from '../write/problem.ts';
import { describeParseError } from './args.ts';
import { ConfigError, readConfig } from './config.ts';
import { usageText } from './usage.ts';
import { relativeToWorkingDir } from './diagnostic-paths.ts';

export const REPORT_HELP = `usage: wopgen report --spec DIR --out DIR [--host URL] [--format text|json]

Writes the interop report of a spec into --out: spec-report.html (plain tables, no script) and
spec-report.md. It lists every A2A and MCP map row with its handler member, v2 operation,
requirements and refusal; the version-negotiation table; the A2A error matrix. The same spec
gives the same bytes (no date, no path), so the report can be committed and checked for drift.

With --host it also reads that running host's discovery document, agent card and MCP
server/discover, probes every row with a harmless request (an unknown task id, an unknown tool,
one page of a list: nothing that starts a run) and writes host-report.html and host-report.md:
whether the host serves, refuses or does not advertise each row, and its refreshedAt age against
the 90-day refresh window. Probes authenticate with the key in WOPGEN_API_KEY (or --api-key).

The host is not trusted with the key: it is sent only to the origin of --host (and origins given
with --trust-origin). A card or interface URL the host advertises on another origin gets no probe
at all (the public card is read there, never with the key); the report's Key column says, for
each row, whether its probe carried the key or was not sent. Each answer is read for at most
--timeout-ms and ${bytesText(DEFAULT_READ_LIMITS.maxBytes)}, redirects are not followed, and every
string the host returns is escaped on both pages (no HTML, no link other than http(s)).

Only those two files are written (each atomically); anything else in --out is left alone.

Exit codes: 0 written (and, with --host, every row agrees with what the host advertises); 1 spec
errors, a refused --out, a host that cannot be read (nothing written), or rows that disagree
with the advertisement (both files written; --allow-disagreement exits 0 for those); 2 usage;
3 a bug in wopgen; 4 an I/O error.

  --spec DIR              the OpenWOP spec (either layout; default "spec" of wopgen.config.json)
  --out DIR               the folder the report goes into
  --host URL              base URL of a running host (its /.well-known/openwop)
  --api-key KEY           bearer key for the probes (visible in ps: prefer WOPGEN_API_KEY)
  --trust-origin ORIGIN   another origin the key may be sent to (repeatable), e.g. the host's
                          MCP server on its own domain
  --timeout-ms MS         longest wait for one answer, headers and body (default ${DEFAULT_READ_LIMITS.timeoutMs})
  --allow-disagreement    exit 0 when rows disagree with the advertisement (the report says which)
  --format text|json      text on the terminal (default), or one JSON result document on stdout
  -h, --help              this help`;

type Status =
  | 'generated'
  | 'spec-errors'
  | 'refused'
  | 'host-unreadable'
  | 'disagreement'
  | 'io-error'
  | 'usage-error'
  | 'internal-error';

const EXIT: Record<Status, number> = {
  generated: 0,
  'spec-errors': 1,
  refused: 1,
  'host-unreadable': 1,
  disagreement: 1,
  'usage-error': 2,
  'internal-error': 3,
  'io-error': 4,
};

export interface ReportOutcome {
  command: 'report';
  status: Status;
  exitCode: number;
  spec?: string;
  out?: string;
  host?: string;
  durationMs: number;
  /** Files written, relative to --out. */
  files?: string[];
  /** With --host: rows per verdict, and how many disagree with the advertisement. */
  rows?: Record<string, number>;
  diagnostics: (Diagnostic | OutputProblem)[];
  message?: string;
}

/** What `wopgen report` takes, as the programmatic `report()` (generator/api.ts) takes it too. */
export interface InteropReportOptions {
  spec: string;
  out: string;
  host?: string;
  apiKey?: string;
  trustOrigins: string[];
  timeoutMs: number;
  allowDisagreement: boolean;
  format: 'text' | 'json';
}

class Usage extends Error {}

const OPTIONS = {
  spec: { type: 'string' },
  out: { type: 'string' },
  host: { type: 'string' },
  'api-key': { type: 'string' },
  'trust-origin': { type: 'string', multiple: true },
  'timeout-ms': { type: 'string' },
  'allow-disagreement': { type: 'boolean' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function reportCommand(argv: readonly string[], env = process.env): Promise<number> {
  const json = argv.some(
    (a, i) => a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'),
  );
  const started = performance.now();
  let options: InteropReportOptions | 'help';
  try {
    options = parseOptions(argv, env);
  } catch (err) {
    if (!(err instanceof Usage)) throw err;
    return print(done('usage-error', started, { message: err.message }), json);
  }
  if (options === 'help') {
    process.stdout.write(`${REPORT_HELP}\n`);
    return 0;
  }
  let o: ReportOutcome;
  try {
    o = await runReport(options, started);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    o = done('internal-error', started, {
      message: `wopgen report failed unexpectedly: ${message}\nThis is a bug in wopgen; please report it with the spec and host that triggered it.`,
    });
  }
  return print(
    { ...o, spec: options.spec, out: options.out, ...(options.host ? { host: options.host } : {}) },
    json,
  );
}

/** The report's model, handed to `keep` once built: the spec's rows, and the host's when probed. */
export interface InteropReportModel {
  spec: SpecReport;
  host: HostReport | null;
}

export async function runReport(
  o: InteropReportOptions,
  started = performance.now(),
  keep: (model: InteropReportModel) => void = () => undefined,
): Promise<ReportOutcome> {
  const loaded = loadSpec(o.spec);
  const diagnostics = loaded.layout
    ? relativeToWorkingDir(loaded.diagnostics, loaded.layout.displayRoot)
    : loaded.diagnostics;
  if (!loaded.model) return done('spec-errors', started, { diagnostics });
  const spec = buildSpecReport(loaded.model, loaded.mapUpdated);
  let host: HostReport | null = null;
  if (o.host) {
    try {
      host = await probeHost(spec, {
        url: o.host,
        apiKey: o.apiKey,
        trustOrigins: o.trustOrigins,
        limits: { ...DEFAULT_READ_LIMITS, timeoutMs: o.timeoutMs },
        now: new Date(),
      });
    } catch (err) {
      if (!(err instanceof HostUnreadable)) throw err;
      return done('host-unreadable', started, { diagnostics, message: err.message });
    }
  }
  keep({ spec, host });
  const { html, markdown } = renderReport(reportContext(spec, host));
  const names = reportFileNames(host !== null);
  let files: string[];
  try {
    files = writeReport(
      o.out,
      loaded.inputDirs,
      new Map([
        [names.html, html],
        [names.markdown, markdown],
      ]),
    );
  } catch (err) {
    if (!(err instanceof OutputError)) throw err;
    const status = err.problem.code === 'output-refused' ? 'refused' : 'io-error';
    return done(status, started, { diagnostics: [...diagnostics, err.problem] });
  }
  const rows = host ? Object.values(host.rows) : [];
  const disagree = rows.filter((r) => !r.agrees).length;
  return done(disagree > 0 && !o.allowDisagreement ? 'disagreement' : 'generated', started, {
    diagnostics,
    files,
    ...(host
      ? {
          rows: {
            serves: rows.filter((r) => r.verdict === 'serves').length,
            refuses: rows.filter((r) => r.verdict === 'refuses').length,
            'not advertised': rows.filter((r) => r.verdict === 'not advertised').length,
            unknown: rows.filter((r) => r.verdict === 'unknown').length,
            disagree,
          },
        }
      : {}),
  });
}

function parseOptions(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): InteropReportOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: OPTIONS,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new Usage(describeParseError(err, Object.keys(OPTIONS)));
  }
  if (values.help) return 'help';
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new Usage(`--format must be text or json, not "${format}"`);
  let config;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new Usage(err.message);
    throw err;
  }
  const spec = values.spec ?? config?.spec;
  if (!spec) throw new Usage('missing --spec DIR (or "spec" in wopgen.config.json)');
  if (!values.out) throw new Usage('missing --out DIR');
  if (values.host !== undefined && !/^https?:\/\/[^/]/.test(values.host))
    throw new Usage(`--host must be an http:// or https:// URL, not "${values.host}"`);
  const apiKey = values['api-key'] ?? env['WOPGEN_API_KEY'];
  const trustOrigins = (values['trust-origin'] ?? []).map((o) => {
    const u = httpUrl(o);
    if (!u) throw new Usage(`--trust-origin must be an http:// or https:// origin, not "${o}"`);
    return u.origin;
  });
  const timeout = values['timeout-ms'] ?? String(DEFAULT_READ_LIMITS.timeoutMs);
  const timeoutMs = /^\d{1,7}$/.test(timeout) ? Number(timeout) : NaN;
  if (!(timeoutMs >= 100 && timeoutMs <= 600_000))
    throw new Usage(`--timeout-ms must be a whole number from 100 to 600000, not "${timeout}"`);
  return {
    spec,
    out: values.out,
    format,
    trustOrigins,
    timeoutMs,
    allowDisagreement: values['allow-disagreement'] === true,
    ...(values.host ? { host: values.host } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}

function done(
  status: Status,
  started: number,
  fields: Partial<Omit<ReportOutcome, 'command' | 'status' | 'exitCode' | 'durationMs'>>,
): ReportOutcome {
  return {
    command: 'report',
    status,
    exitCode: EXIT[status],
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    diagnostics: [],
    ...fields,
  };
}

function print(o: ReportOutcome, json: boolean): number {
  if (json) {
    process.stdout.write(JSON.stringify(o) + '\n');
    return o.exitCode;
  }
  const err = (t: string) => void process.stderr.write(t + '\n');
  for (const d of o.diagnostics) {
    if (d.code === 'output-refused' || d.code === 'output-io-error') err(`wopgen: ${d.message}`);
    else err(formatDiagnostic(d as Diagnostic));
  }
  switch (o.status) {
    case 'disagreement':
    case 'generated': {
      const where = o.out ? displayPath(o.out) : '.';
      process.stdout.write(
        `wopgen report: wrote ${o.files!.map((f) => `${where}/${f}`).join(', ')}\n`,
      );
      if (o.rows)
        process.stdout.write(
          `  ${o.host}: ${o.rows['serves']} rows served, ${o.rows['refuses']} refused, ${o.rows['not advertised']} not advertised, ${o.rows['unknown']} unknown; ${o.rows['disagree']} disagree with the advertisement\n`,
        );
      if (o.status === 'disagreement')
        err(
          `wopgen report: ${o.rows!['disagree']} rows disagree with what the host advertises (see the Agrees column; --allow-disagreement exits 0)`,
        );
      break;
    }
    case 'spec-errors':
      err(`wopgen report: the spec has errors; nothing was written`);
      break;
    case 'usage-error':
      process.stderr.write(usageText('report', o.message!));
      break;
    case 'host-unreadable':
      err(`wopgen report: ${o.message}; nothing was written`);
      break;
    case 'internal-error':
      err(o.message!);
      break;
    default:
      break;
  }
  return o.exitCode;
}
