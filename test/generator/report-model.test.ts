// The interop report's model and pages for the bundled spec: the exact rows, the
// negotiation table and the error matrix, built from the same IR the generator emits from; the
// HTML page is plain tables with no script, every string escaped; the spec-only pages carry no
// time or path, and the committed docs/report/spec-report.* are what this spec renders to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { a2aOperations } from '../../generated/a2a/operations.ts';
import { loadSpec } from '../../generator/report/load.ts';
import { addDays, buildSpecReport, type SpecReport } from '../../generator/report/model.ts';
import {
  escapeHtml,
  escapeMarkdownCell,
  renderReport,
  reportContext,
} from '../../generator/report/render.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { tableRows } from './report-html.ts';

function bundled(): SpecReport {
  const loaded = loadSpec(join(projectRoot, 'spec'));
  expect(loaded.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return buildSpecReport(loaded.model!, loaded.mapUpdated);
}

describe('the interop report model of the bundled spec', () => {
  const spec = bundled();

  it('has one A2A row per case of the generated contract, in its order', () => {
    expect(spec.a2a.map((r) => r.member)).toEqual(a2aOperations.map((o) => o.key));
    expect(spec.a2a.map((r) => r.id)).toEqual(a2aOperations.map((o) => o.case));
  });

  it('states each A2A row exactly: member, binding, v2 operation, requires, refusal', () => {
    const byId = new Map(spec.a2a.map((r) => [r.id, r]));
    expect(byId.get('sendMessage.start')).toEqual({
      protocol: 'a2a',
      id: 'sendMessage.start',
      method: 'SendMessage',
      condition: 'no taskId',
      member: 'sendMessageStart',
      http: 'POST /message:send',
      v2Operation: 'createRun',
      requires: [],
      refusal: null,
      refusalCode: null,
      source: 'spec/interop-map.json#/a2a/operations/0',
    });
    expect(byId.get('subscribeToTask')).toMatchObject({
      http: 'POST /tasks/{id}:subscribe',
      v2Operation: 'streamRunEvents',
      requires: ['a2a.streaming', 'a2a.durableTasks'],
      refusal: '-32004 UnsupportedOperationError',
      refusalCode: -32004,
    });
    // A2A 1.0 §3.3: a missing push capability is its own error, on every push row.
    for (const id of [
      'createTaskPushNotificationConfig',
      'getTaskPushNotificationConfig',
      'listTaskPushNotificationConfigs',
      'deleteTaskPushNotificationConfig',
    ]) {
      expect(byId.get(id)).toMatchObject({
        v2Operation: null,
        requires: ['a2a.pushNotifications'],
        refusal: '-32003 PushNotificationNotSupportedError',
        refusalCode: -32003,
      });
    }
    expect(byId.get('getExtendedAgentCard')).toMatchObject({
      http: 'GET /extendedAgentCard',
      requires: [],
      refusal: null,
    });
  });

  it('lists every MCP method of the map, then the methods named only as rules', () => {
    expect(spec.mcp.map((r) => [r.id, r.member, r.v2Operation, r.refusal])).toEqual([
      ['server/discover', 'serverDiscover', 'getCapabilities', null],
      ['tools/list', 'toolsList', null, null],
      ['tools/call', 'toolsCall', 'createRun', null],
      ['prompts/get', 'promptsGet', null, null],
      ['resources/read', 'resourcesRead', null, null],
      ['prompts/list', 'promptsList', null, null],
      ['resources/list', 'resourcesList', null, null],
      ['resources/templates/list', 'resourcesTemplatesList', null, null],
      ['completion/complete', 'completionComplete', null, null],
      [
        'tasks/get',
        'tasksGet',
        'getRun',
        '-32021 MissingRequiredClientCapabilityError (without io.modelcontextprotocol/tasks)',
      ],
      [
        'tasks/update',
        'tasksUpdate',
        'resolveInterruptByRun',
        '-32021 MissingRequiredClientCapabilityError (without io.modelcontextprotocol/tasks)',
      ],
      [
        'tasks/cancel',
        'tasksCancel',
        'cancelRun',
        '-32021 MissingRequiredClientCapabilityError (without io.modelcontextprotocol/tasks)',
      ],
      [
        'subscriptions/listen',
        'subscriptionsListen',
        null,
        '-32021 MissingRequiredClientCapabilityError (without io.modelcontextprotocol/tasks)',
      ],
      ...spec.mcp
        .filter((r) => r.member === null)
        .map((r) => [r.id, null, null, expect.stringMatching(/^-32601 /)]),
    ]);
    expect(spec.mcp.filter((r) => r.member === null).map((r) => r.id)).toEqual([
      'initialize',
      'notifications/tasks',
    ]);
    expect(spec.mcp.find((r) => r.id === 'subscriptions/listen')!.condition).toBe(
      'taskIds needs io.modelcontextprotocol/tasks',
    );
    expect(spec.mcp.find((r) => r.id === 'tools/call')!.requires).toEqual(['mcp.serverMount']);
  });

  it('gives the negotiation table: the pinned version offered, preferred and as the floor', () => {
    expect(spec.negotiation).toEqual([
      {
        protocol: 'a2a',
        header: 'A2A-Version',
        fields: { offered: 'versions', preferred: 'preferredVersion', floor: 'minimumVersion' },
        offered: ['1.0'],
        preferred: '1.0',
        floor: '1.0',
        pin: '1.0',
        release: '1.0.1',
        profile: 'a2a-1.0',
      },
      {
        protocol: 'mcp',
        header: 'MCP-Protocol-Version',
        fields: { offered: 'revisions', preferred: 'preferredVersion', floor: 'minimumRevision' },
        offered: ['2026-07-28'],
        preferred: '2026-07-28',
        floor: '2026-07-28',
        pin: '2026-07-28',
        release: '2026-07-28',
        profile: 'mcp-2026-07-28',
      },
    ]);
    expect(spec.mapUpdated).toEqual({ date: '2026-11-30', due: '2027-02-28' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('gives the A2A error matrix row by row', () => {
    expect(
      spec.errors.map((e) => [e.name, e.jsonrpc, e.http, e.grpc, e.reason, e.clientProjection]),
    ).toEqual([
      ['TaskNotFoundError', -32001, 404, 'NOT_FOUND', 'TASK_NOT_FOUND', 'not_found'],
      [
        'TaskNotCancelableError',
        -32002,
        400,
        'FAILED_PRECONDITION',
        'TASK_NOT_CANCELABLE',
        'run_terminal',
      ],
      [
        'PushNotificationNotSupportedError',
        -32003,
        400,
        'FAILED_PRECONDITION',
        'PUSH_NOTIFICATION_NOT_SUPPORTED',
        'capability_required',
      ],
      [
        'UnsupportedOperationError',
        -32004,
        400,
        'FAILED_PRECONDITION',
        'UNSUPPORTED_OPERATION',
        'capability_required',
      ],
      [
        'ContentTypeNotSupportedError',
        -32005,
        400,
        'INVALID_ARGUMENT',
        'CONTENT_TYPE_NOT_SUPPORTED',
        'validation_error',
      ],
      [
        'InvalidAgentResponseError',
        -32006,
        500,
        'INTERNAL',
        'INVALID_AGENT_RESPONSE',
        'validation_error',
      ],
      [
        'ExtendedAgentCardNotConfiguredError',
        -32007,
        400,
        'FAILED_PRECONDITION',
        'EXTENDED_AGENT_CARD_NOT_CONFIGURED',
        'not_found',
      ],
      [
        'ExtensionSupportRequiredError',
        -32008,
        400,
        'FAILED_PRECONDITION',
        'EXTENSION_SUPPORT_REQUIRED',
        'validation_error',
      ],
      [
        'VersionNotSupportedError',
        -32009,
        400,
        'FAILED_PRECONDITION',
        'VERSION_NOT_SUPPORTED',
        'interop_version_unsupported',
      ],
      ['InvalidParamsError', -32602, 400, 'INVALID_ARGUMENT', 'INVALID_PARAMS', 'validation_error'],
    ]);
    expect(spec.mcpErrors.map((e) => [e.name, e.code, e.http])).toEqual([
      ['HeaderMismatchError', -32020, 400],
      ['MissingRequiredClientCapabilityError', -32021, 400],
      ['UnsupportedProtocolVersionError', -32022, 400],
    ]);
  });
});

describe('the interop report pages', () => {
  const spec = bundled();
  const { html, markdown } = renderReport(reportContext(spec, null));

  it('renders plain tables with one row per model row, and no script', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
    expect(tableRows(html, 'a2a-rows')).toHaveLength(spec.a2a.length);
    expect(tableRows(html, 'mcp-rows')).toHaveLength(spec.mcp.length);
    expect(tableRows(html, 'negotiation-rows')).toHaveLength(2);
    expect(tableRows(html, 'error-rows')).toHaveLength(10);
    expect(tableRows(html, 'mcp-error-rows')).toHaveLength(3);
    expect(tableRows(html, 'a2a-rows')[0]).toBe(
      '<th scope="row"><code>sendMessage.start</code></th><td>no taskId</td><td><code>sendMessageStart</code></td><td><code>POST /message:send</code></td><td><code>createRun</code></td><td>—</td><td>—</td></tr>\n',
    );
  });

  it('has a Markdown twin with the same rows', () => {
    const lines = markdown.split('\n');
    const rowsUnder = (heading: string) => {
      const start = lines.indexOf(heading);
      const table = lines.slice(start + 2).findIndex((l) => l.startsWith('| '));
      const rest = lines.slice(start + 2 + table);
      const end = rest.findIndex((l) => !l.startsWith('|'));
      return rest.slice(2, end); // after the header and separator lines
    };
    expect(rowsUnder('## A2A operations')).toHaveLength(spec.a2a.length);
    expect(rowsUnder('## MCP methods')).toHaveLength(spec.mcp.length);
    expect(rowsUnder('## Version negotiation')).toHaveLength(2);
    expect(rowsUnder('## A2A error matrix')).toHaveLength(10);
    expect(rowsUnder('## A2A operations')[0]).toBe(
      '| `sendMessage.start` | no taskId | `sendMessageStart` | `POST /message:send` | `createRun` | — | — |',
    );
  });

  it('escapes every string for its page', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(escapeMarkdownCell('a | b\nc')).toBe('a \\| b c');
    const hostile = { ...spec, title: '<script>alert(1)</script>' };
    const page = renderReport(reportContext(hostile, null));
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('is the same bytes every time, with no time and no path in it', () => {
    const again = renderReport(reportContext(bundled(), null));
    expect(again.html).toBe(html);
    expect(again.markdown).toBe(markdown);
    expect(html).not.toContain(projectRoot);
    expect(html).not.toMatch(/\d{2}:\d{2}:\d{2}/);
  });

  it('is what docs/report/spec-report.* hold (regenerate: see README "Interop report")', () => {
    expect(readFileSync(join(projectRoot, 'docs/report/spec-report.html'), 'utf8')).toBe(html);
    expect(readFileSync(join(projectRoot, 'docs/report/spec-report.md'), 'utf8')).toBe(markdown);
  });
});
