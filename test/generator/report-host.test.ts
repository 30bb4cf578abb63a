// `wopgen report --host` against a real reference host on loopback. The host is
// started without push notifications and without an MCP catalogue, so the three verdicts all
// occur: GetTask is served (the probe's unknown task is answered -32001 by the row's handler), the
// push rows are refused with the row's own error (-32003, interop.md §"The operation mappings"),
// and prompts/get is not advertised (server/discover lists no prompts capability; -32601). Every
// row's answer agrees with what the host advertises, and the probes start no run.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeHost, type HostReport } from '../../generator/report/host.ts';
import { loadSpec } from '../../generator/report/load.ts';
import { buildSpecReport, type SpecReport } from '../../generator/report/model.ts';
import { renderReport, reportContext } from '../../generator/report/render.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { run } from '../package/npm.ts';
import { bin } from './cli-run.ts';
import { tableRows } from './report-html.ts';

describe('wopgen report --host', () => {
  let h: RunningHost;
  let spec: SpecReport;
  let report: HostReport;
  const now = new Date();
  const work = mkdtempSync(join(tmpdir(), 'wopgen-report-host-'));

  beforeAll(async () => {
    h = await startHost({ config: (c) => void (c.a2a.pushNotifications = false) });
    const loaded = loadSpec(join(projectRoot, 'spec'));
    spec = buildSpecReport(loaded.model!, loaded.mapUpdated);
    report = await probeHost(spec, { url: h.url, apiKey: h.key, now });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('finds the interfaces from discovery and the card', () => {
    expect(report.url).toBe(h.url);
    expect(report.cardUrl).toBe(`${h.url}/.well-known/agent-card.json`);
    expect(report.a2aUrl).toBe(`${h.url}/a2a/jsonrpc`);
    expect(report.mcpUrl).toBe(`${h.url}/mcp`);
    expect(report.keyOrigins).toEqual([h.url]);
    expect(report.withheld).toEqual([]);
    expect(report.probedAt).toBe(now.toISOString());
  });

  it('sees a served row, a refused row and a row not advertised', () => {
    expect(report.rows['a2a:getTask']).toEqual({
      expected: 'serve',
      because: 'always served',
      probe: 'an unknown task id',
      answer: '-32001 TaskNotFoundError',
      verdict: 'serves',
      agrees: true,
      key: 'sent',
    });
    expect(report.rows['a2a:createTaskPushNotificationConfig']).toEqual({
      expected: 'refuse',
      because: 'a2a.pushNotifications not advertised',
      probe: 'a push config for an unknown task',
      answer: '-32003 PushNotificationNotSupportedError',
      verdict: 'refuses',
      agrees: true,
      key: 'sent',
    });
    expect(report.rows['mcp:prompts/get']).toEqual({
      expected: 'absent',
      because: 'server/discover lists no prompts capability',
      probe: 'an unknown prompt',
      answer: '-32601 MethodNotFoundError',
      verdict: 'not advertised',
      agrees: true,
      key: 'sent',
    });
    expect(report.rows['mcp:tools/call']).toMatchObject({
      verdict: 'serves',
      answer: '-32602 InvalidParamsError',
    });
    expect(report.rows['a2a:listTasks']).toMatchObject({ verdict: 'serves', answer: 'result' });
  });

  it('has an answer for every row, each agreeing with the advertisement', () => {
    const rows = [...spec.a2a, ...spec.mcp].map((r) => `${r.protocol}:${r.id}`);
    expect(Object.keys(report.rows).sort()).toEqual(rows.sort());
    const disagreeing = Object.entries(report.rows).filter(([, r]) => !r.agrees);
    expect(disagreeing).toEqual([]);
  });

  it('reads the facets: offered, preferred, floor and refreshedAt within the SLA', () => {
    const today = now.toISOString().slice(0, 10);
    expect(report.facets).toEqual([
      {
        protocol: 'a2a',
        advertised: true,
        offered: ['1.0'],
        preferred: '1.0',
        floor: '1.0',
        refreshedAt: today,
        ageDays: 0,
        withinSla: true,
        offersPin: true,
      },
      {
        protocol: 'mcp',
        advertised: true,
        offered: ['2026-07-28'],
        preferred: '2026-07-28',
        floor: '2026-07-28',
        refreshedAt: today,
        ageDays: 0,
        withinSla: true,
        offersPin: true,
      },
    ]);
  });

  it('starts no run', async () => {
    const res = await h.call('acme', '/runs');
    const body = (await res.json()) as { runs: unknown[] };
    expect(body.runs).toEqual([]);
  });

  it('renders the host columns', () => {
    const { html, markdown } = renderReport(reportContext(spec, report));
    const getTask = tableRows(html, 'a2a-rows').find((r) => r.includes('<code>getTask</code>'))!;
    expect(getTask).toContain(
      '<td class="serves">serves</td><td>always served</td><td>an unknown task id</td><td><code>-32001 TaskNotFoundError</code></td><td class="yes">yes</td>',
    );
    expect(html).toContain(`probed ${now.toISOString()}`);
    expect(markdown).toContain(
      '| `prompts/get` | — | `promptsGet` | — | mcp.serverMount | — | not advertised | server/discover lists no prompts capability | an unknown prompt | `-32601 MethodNotFoundError` | yes | sent |',
    );
  });

  it('runs from the command line with the key from WOPGEN_API_KEY', async () => {
    const out = join(work, 'out');
    // Asynchronously: the host answers from this process, which must not block on the child.
    const r = await run(
      process.execPath,
      [bin, 'report', '--spec', join(projectRoot, 'spec'), '--out', out, '--host', h.url],
      work,
      { WOPGEN_API_KEY: h.key, NO_COLOR: '1' },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^wopgen report: wrote out\/host-report\.html, out\/host-report\.md\n {2}http:\/\/127\.0\.0\.1:\d+: 20 rows served, 6 refused, 6 not advertised, 0 unknown; 0 disagree with the advertisement\n$/,
    );
    expect(readdirSync(out).sort()).toEqual(['host-report.html', 'host-report.md']);
    expect(readFileSync(join(out, 'host-report.html'), 'utf8')).toContain(
      'PushNotificationNotSupportedError',
    );
  });
});
