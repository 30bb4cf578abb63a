// tools/call results from terminal runs (interop-map mcp.methods tools/call row): completed is
// isError false with the output as content (content blocks passed through as they are), failed
// and cancelled are isError true.
import { describe, expect, it } from 'vitest';
import type { RunSnapshot } from '../../runtime/ports/run-core.ts';
import { callToolResult } from '../../runtime/bindings/mcp/tools.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { startHost } from '../helpers/host.ts';
import { rawMcp, TASKS } from './helpers.ts';

const run = (over: Partial<RunSnapshot>): RunSnapshot =>
  ({
    runId: 'acme/AAAAAAAAAAAAAAAAAAAAAA',
    workflowId: 'w',
    status: 'completed',
    owner: {
      tenant: 'acme',
      subject: { issuer: 'i', subjectId: 's', tenant: 'acme', lane: 'l', kind: 'user' },
    },
    eventLogSchemaVersion: 3,
    ...over,
  }) as RunSnapshot;

describe('callToolResult', () => {
  it('answers a lone text output as one text block, with the output as structured content', () => {
    expect(callToolResult(run({ outputs: { text: 'hi' } }))).toEqual({
      content: [{ type: 'text', text: 'hi' }],
      structuredContent: { text: 'hi' },
      isError: false,
      resultType: 'complete',
    });
  });

  it('passes MCP content blocks through as they are', () => {
    const content = [
      { type: 'text', text: 'a' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://r', mimeType: 'text/plain', text: 'x' } },
    ];
    expect(callToolResult(run({ outputs: { content } }))).toEqual({
      content,
      isError: false,
      resultType: 'complete',
    });
  });

  it('does not mistake an arbitrary `content` field for content blocks', () => {
    const r = callToolResult(run({ outputs: { content: [{ kind: 'x' }] } }));
    expect(r.content).toEqual([{ type: 'text', text: '{"content":[{"kind":"x"}]}' }]);
  });

  it('answers failed and cancelled runs with isError true', () => {
    expect(
      callToolResult(run({ status: 'failed', error: { code: 'boom', message: 'it broke' } })),
    ).toEqual({
      content: [{ type: 'text', text: 'boom: it broke' }],
      isError: true,
      resultType: 'complete',
    });
    expect(callToolResult(run({ status: 'cancelled' })).isError).toBe(true);
  });
});

describe('a workflow that must run as a task', () => {
  it('is advertised with execution.taskSupport and refused -32021 without the tasks extension', async () => {
    const required = parseDefinition(
      {
        id: 'must-be-task',
        description: 'Runs only as an MCP task.',
        taskSupport: 'required',
        inputSchema: { type: 'object' },
        nodes: [{ id: 'done', kind: 'complete', output: { ok: true } }],
      },
      'test',
    );
    const h = await startHost({ workflows: createRegistry([...loadWorkflowDir(), required]) });
    try {
      const list = await rawMcp(h.url, 'tools/list');
      const tools = (list.body.result as { tools: { name: string; execution?: unknown }[] }).tools;
      expect(tools.find((t) => t.name === 'must-be-task')?.execution).toEqual({
        taskSupport: 'required',
      });
      expect(tools.find((t) => t.name === 'echo')).not.toHaveProperty('execution');

      const before = await h.call('acme', '/runs');
      const refused = await rawMcp(h.url, 'tools/call', { name: 'must-be-task', arguments: {} });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: -32021,
        data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
      });
      // Refused before any run exists.
      expect(await (await h.call('acme', '/runs')).json()).toEqual(await before.json());

      const asTask = await rawMcp(
        h.url,
        'tools/call',
        { name: 'must-be-task', arguments: {} },
        {
          capabilities: { extensions: { [TASKS]: {} } },
        },
      );
      expect(asTask.status).toBe(200);
      expect(asTask.body.result).toMatchObject({ resultType: 'complete', isError: false });
    } finally {
      await h.close();
    }
  });
});
