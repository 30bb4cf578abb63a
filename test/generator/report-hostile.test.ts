// `wopgen report --host` against hosts that lie (README "Interop report"): the operator's key goes
// only to the origin of --host, whatever origin the discovery document or card names; what a
// host says is escaped on the Markdown page as on the HTML one (no HTML, no link but http(s));
// an answer too large or too slow is a clear finding with exit 1, never an unbounded read or
// exit 3; rows that disagree with the advertisement exit 1 unless --allow-disagreement.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeHost } from '../../generator/report/host.ts';
import { loadSpec } from '../../generator/report/load.ts';
import { buildSpecReport, type SpecReport } from '../../generator/report/model.ts';
import { HostUnreadable, postJsonRpc } from '../../generator/report/probe.ts';
import {
  escapeMarkdownCell,
  markdownCodeSpan,
  renderReport,
  reportContext,
} from '../../generator/report/render.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { run } from '../package/npm.ts';
import { bin } from './cli-run.ts';

const KEY = 'sentinel-report-key-5e0c9a';
const SPEC = join(projectRoot, 'spec');

/** `wopgen report --spec SPEC ARGS…` in `cwd`, asynchronously (the servers answer from here). */
const report = (cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, [bin, 'report', '--spec', SPEC, ...args], cwd, env);

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

interface Local {
  url: string;
  seen: Seen[];
  /** Body bytes written by the handler (the streaming ones count theirs). */
  sent: { bytes: number };
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, local: Local) => void;

/** A loopback server recording each request's method, path and Authorization header. */
async function local(handle: Handler): Promise<Local> {
  const l: Local = { url: '', seen: [], sent: { bytes: 0 }, close: async () => undefined };
  const server = createServer((req, res) => {
    l.seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
    });
    req.resume();
    handle(req, res, l);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  l.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  l.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return l;
}

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A discovery document naming its card and MCP server wherever `where` says. */
function discovery(
  where: { card: string; mcp: string[] },
  { a2a, ...fields }: Record<string, unknown> = {},
) {
  return {
    implementation: { name: 'lying-host', version: '1' },
    a2a: {
      agentCardUrl: where.card,
      versions: ['1.0'],
      preferredVersion: '1.0',
      minimumVersion: '1.0',
      refreshedAt: new Date().toISOString().slice(0, 10),
      streaming: true,
      durableTasks: true,
      pushNotifications: true,
      ...(a2a as object | undefined),
    },
    mcp: {
      serverUrls: where.mcp,
      serverMount: { path: '/mcp' },
      revisions: ['2026-07-28'],
      preferredVersion: '2026-07-28',
      minimumRevision: '2026-07-28',
      refreshedAt: new Date().toISOString().slice(0, 10),
    },
    ...fields,
  };
}

const card = (rpcUrl: string) => ({
  name: 'lying card',
  capabilities: { streaming: true, pushNotifications: true },
  supportedInterfaces: [{ protocolBinding: 'JSONRPC', protocolVersion: '1.0', url: rpcUrl }],
});

describe('wopgen report --host against a host that lies', () => {
  let spec: SpecReport;
  /** Where the lying host sends the report: another port, so another origin. */
  let elsewhere: Local;
  let host: Local;
  let doc: unknown;
  const work = mkdtempSync(join(tmpdir(), 'wopgen-report-hostile-'));

  beforeAll(async () => {
    const loaded = loadSpec(SPEC);
    spec = buildSpecReport(loaded.model!, loaded.mapUpdated);
    elsewhere = await local((req, res, l) => {
      if (req.method === 'GET') return json(res, card(`${l.url}/a2a`));
      json(res, { jsonrpc: '2.0', id: 1, result: { capabilities: {} } });
    });
    host = await local((req, res) => {
      if (req.url === '/.well-known/openwop') return json(res, doc);
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await elsewhere.close();
    await host.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('sends the key to no origin but that of --host (the card elsewhere is read without it)', async () => {
    doc = discovery({ card: `${elsewhere.url}/card`, mcp: [`${elsewhere.url}/mcp`] });
    elsewhere.seen.length = 0;
    host.seen.length = 0;
    const report = await probeHost(spec, { url: host.url, apiKey: KEY, now: new Date() });
    expect(elsewhere.seen).toEqual([{ method: 'GET', path: '/card', authorization: undefined }]);
    expect(host.seen).toEqual([
      { method: 'GET', path: '/.well-known/openwop', authorization: undefined },
    ]);
    expect(report.keyOrigins).toEqual([host.url]);
    expect(report.withheld).toEqual([`${elsewhere.url}/a2a`, `${elsewhere.url}/mcp`]);
    expect(report.rows['a2a:getTask']).toEqual({
      expected: 'serve',
      because: 'always served',
      probe: `not sent: ${elsewhere.url} is not the origin of --host`,
      answer: '—',
      verdict: 'unknown',
      agrees: false,
      key: 'not sent (another origin)',
    });
    expect(report.rows['mcp:tools/list']).toMatchObject({
      probe: `not sent: ${elsewhere.url} is not the origin of --host`,
      verdict: 'unknown',
      agrees: false,
      key: 'not sent (another origin)',
    });
    const { markdown } = renderReport(reportContext(spec, report));
    expect(markdown).toContain(
      `- Key: none sent; probes go only to ${host.url}; nothing sent to ${elsewhere.url}/a2a, ${elsewhere.url}/mcp (another origin: --trust-origin ORIGIN sends the key there)\n`,
    );

    // An origin the operator names is trusted with the key, and only then.
    elsewhere.seen.length = 0;
    const trusting = await probeHost(spec, {
      url: host.url,
      apiKey: KEY,
      trustOrigins: [elsewhere.url],
      now: new Date(),
    });
    const posts = elsewhere.seen.filter((s) => s.method === 'POST');
    expect(posts.length).toBeGreaterThan(20);
    expect(new Set(posts.map((s) => s.authorization))).toEqual(new Set([`Bearer ${KEY}`]));
    expect(trusting.rows['a2a:getTask']).toMatchObject({ key: 'sent', verdict: 'serves' });
  });

  it('escapes on the Markdown page what the host says: no HTML, no link but http(s)', async () => {
    const cardHost = await local((req, res) => {
      if (req.url === '/.well-known/openwop') return json(res, doc);
      json(res, card('javascript:alert(8)'));
    });
    doc = discovery(
      {
        card: `${cardHost.url}/card`,
        mcp: ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(3)</script>'],
      },
      {
        implementation: {
          name: '<script>alert(1)</script>',
          version: '<img src=x onerror=alert(2)>',
        },
        a2a: {
          versions: ['<javascript:alert(4)>', '[click](javascript:alert(5))'],
          preferredVersion: '![i](javascript:alert(6)) evil@example.com',
          minimumVersion: '`x` | <b>bold</b> \\',
          refreshedAt: '<a href="javascript:alert(7)">x</a>',
        },
      },
    );
    try {
      const now = new Date('2026-12-02T10:00:00.000Z');
      const report = await probeHost(spec, { url: cardHost.url, apiKey: KEY, now });
      expect(report.a2aUrl).toBeNull();
      expect(report.mcpUrl).toBeNull();
      const { markdown, html } = renderReport(reportContext(spec, report));
      const lines = markdown.split('\n');
      expect(lines.filter((l) => /^- (Host|Agent card|MCP server):/.test(l))).toEqual([
        `- Host: \`${cardHost.url}\` (&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;), probed 2026-12-02T10:00:00.000Z`,
        `- Agent card: \`${cardHost.url}/card\` (read without the key); JSON-RPC \`—\``,
        '- MCP server: `—`',
      ]);
      expect(lines.find((l) => l.startsWith('| A2A |'))).toBe(
        '| A2A | `A2A-Version` | `versions / preferredVersion / minimumVersion` | 1.0 | 1.0 | 1.0 | 1.0 (release 1.0.1) | `a2a-1.0` | &lt;javascript:alert(4)&gt;, \\[click\\](javascript:alert(5)) (the pin is not offered) | !\\[i\\](javascript:alert(6)) evil\\@example.com | \\`x\\` \\| &lt;b&gt;bold&lt;/b&gt; \\\\ | &lt;a href="javascript:alert(7)"&gt;x&lt;/a&gt; | — | stale |',
      );
      // A real Markdown parser (prettier's, remark) finds no HTML and no link but http(s).
      const nodes = await markdownNodes(markdown);
      expect(nodes.filter((n) => n.type === 'html')).toEqual([]);
      const urls = nodes.filter((n) => n.url !== undefined).map((n) => n.url!);
      expect(urls.filter((u) => !/^https?:\/\//.test(u))).toEqual([]);
      for (const bad of ['<script', '<img', '<a ', '<b>'])
        for (const page of [markdown, html]) expect(page).not.toContain(bad);
    } finally {
      await cardHost.close();
    }
  });

  it('exits 1 when rows disagree with the advertisement, 0 with --allow-disagreement', async () => {
    doc = discovery({ card: `${elsewhere.url}/card`, mcp: [`${elsewhere.url}/mcp`] });
    const out = join(work, 'disagree');
    const args = ['--out', out, '--host', host.url];
    const env = { WOPGEN_API_KEY: KEY, NO_COLOR: '1' };
    const strict = await report(work, args, env);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(
      /^wopgen report: wrote disagree\/host-report\.html, disagree\/host-report\.md\n {2}http:\/\/127\.0\.0\.1:\d+: 0 rows served, 0 refused, \d+ not advertised, \d+ unknown; (\d+) disagree with the advertisement\n$/,
    );
    const disagree = /; (\d+) disagree/.exec(strict.stdout)![1]!;
    expect(Number(disagree)).toBeGreaterThan(0);
    expect(strict.stderr).toBe(
      `wopgen report: ${disagree} rows disagree with what the host advertises (see the Agrees column; --allow-disagreement exits 0)\n`,
    );
    expect(existsSync(join(out, 'host-report.md'))).toBe(true);

    const relaxed = await report(work, [...args, '--allow-disagreement', '--format', 'json'], env);
    expect(relaxed.code).toBe(0);
    expect(JSON.parse(relaxed.stdout)).toMatchObject({
      status: 'generated',
      exitCode: 0,
      rows: { disagree: Number(disagree) },
    });
    const json1 = await report(work, [...args, '--format', 'json'], env);
    expect(json1.code).toBe(1);
    expect(JSON.parse(json1.stdout)).toMatchObject({ status: 'disagreement', exitCode: 1 });
  });
});

describe('wopgen report --host reads each answer within a budget', () => {
  const work = mkdtempSync(join(tmpdir(), 'wopgen-report-budget-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** Writes `{"a":"xxx…` in 64 KiB chunks until 256 MiB are out or the client goes away. */
  const endless: Handler = (_req, res, l) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    res.write('{"a":"');
    const pump = () => {
      while (l.sent.bytes < 256 * 1024 * 1024 && !res.destroyed) {
        l.sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end('"}');
    };
    res.on('close', () => res.destroy());
    pump();
  };

  it('stops reading a discovery answer past 1 MiB: exit 1, a clear message, nothing written', async () => {
    const huge = await local(endless);
    try {
      const out = join(work, 'huge');
      const r = await report(work, ['--out', out, '--host', huge.url, '--format', 'json'], {
        WOPGEN_API_KEY: KEY,
      });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({
        status: 'host-unreadable',
        exitCode: 1,
        message: `${huge.url}/.well-known/openwop answered more than 1 MiB (the report reads no more of an answer)`,
      });
      expect(existsSync(out)).toBe(false);
      // The report hung up: far less than the 256 MiB on offer left the server.
      expect(huge.sent.bytes).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await huge.close();
    }
  });

  it('refuses a declared length past 1 MiB before reading, and bounds a JSON-RPC answer', async () => {
    const declared = await local((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 ** 31 });
      res.write('{');
    });
    const huge = await local(endless);
    try {
      const loaded = loadSpec(SPEC);
      const spec = buildSpecReport(loaded.model!, loaded.mapUpdated);
      await expect(probeHost(spec, { url: declared.url, now: new Date() })).rejects.toEqual(
        new HostUnreadable(
          `${declared.url}/.well-known/openwop answered more than 1 MiB (the report reads no more of an answer)`,
        ),
      );
      expect(await postJsonRpc(`${huge.url}/rpc`, 'GetTask', {}, {})).toEqual({
        status: 0,
        code: null,
        result: false,
        message: 'an answer over 1 MiB (not read further)',
      });
      expect(huge.sent.bytes).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await declared.close();
      await huge.close();
    }
  });

  it('gives up on a host that trickles its answer after --timeout-ms (exit 1, never 3)', async () => {
    const slow = await local((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const out = join(work, 'slow');
      const r = await report(work, ['--out', out, '--host', slow.url, '--timeout-ms', '300']);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `wopgen report: cannot read ${slow.url}/.well-known/openwop: no whole answer in 300 ms; nothing was written\n`,
      );
      const bad = await report(work, ['--out', out, '--host', slow.url, '--timeout-ms', '5']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(
        '--timeout-ms must be a whole number from 100 to 600000, not "5"',
      );
    } finally {
      await slow.close();
    }
  });
});

describe('the Markdown escapes', () => {
  it('make text literal and code spans unbreakable', () => {
    expect(escapeMarkdownCell('a | b\nc')).toBe('a \\| b c');
    expect(escapeMarkdownCell('<x> & [y](z) `c` u@h \\')).toBe(
      '&lt;x&gt; &amp; \\[y\\](z) \\`c\\` u\\@h \\\\',
    );
    expect(markdownCodeSpan('')).toBe('');
    expect(markdownCodeSpan('getTask')).toBe('`getTask`');
    expect(markdownCodeSpan('a`b')).toBe('``a`b``');
    expect(markdownCodeSpan('``x')).toBe('``` ``x ```');
    expect(markdownCodeSpan('a|b\\|c')).toBe('`a\\|b\\\\\\|c`');
  });

  it('the Markdown template holds no backtick: code spans come from markdownCodeSpan', () => {
    const template = readFileSync(join(projectRoot, 'templates/report/report.md.hbs'), 'utf8');
    expect(template).not.toContain('`');
  });
});

interface MdNode {
  type: string;
  url?: string;
  children?: MdNode[];
}

/** Every node of `markdown` as prettier's Markdown parser (remark, with GFM tables) reads it. */
async function markdownNodes(markdown: string): Promise<MdNode[]> {
  const debug = (
    prettier as unknown as {
      __debug: { parse(text: string, o: { parser: string }): Promise<{ ast: MdNode }> };
    }
  ).__debug;
  const { ast } = await debug.parse(markdown, { parser: 'markdown' });
  const all: MdNode[] = [];
  const walk = (n: MdNode) => {
    all.push(n);
    for (const c of n.children ?? []) walk(c);
  };
  walk(ast);
  return all;
}
