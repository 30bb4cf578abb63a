// The map's errorCode status row (wopgen addition): a run the host itself failed (internal_error) is
// MCP task status `failed` with an inlined JSON-RPC error and no result, while a run its workflow
// failed stays `completed` with a CallToolResult whose isError is true (ext-tasks §Task Execution
// Errors). The host failure is a real one: the store refuses one write.
import { wopgenContract } from '../../runtime/contract/default.ts';
import { mcpTaskStates } from '../../runtime/bindings/mcp/task-states.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMcpTaskStatus } from '../../generated/mcp/task-status.ts';
import type { Subject } from '../../runtime/ports/auth.ts';
import { defaultConfig } from '../../runtime/config.ts';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRunCore } from '../../runtime/core/reference/index.ts';
import type { RunCore } from '../../runtime/ports/run-core.ts';
import {
  createRegistry,
  type WorkflowRegistry,
} from '../../runtime/core/reference/workflows/index.ts';
import { projectId } from '../../runtime/ids.ts';
import { getTask } from '../../runtime/bindings/mcp/tasks.ts';
import { faultyStore, writesLogLine, type FaultyStore } from '../helpers/faulty-store.ts';

const alice: Subject = {
  issuer: 'urn:test',
  subjectId: 'alice',
  tenant: 'acme',
  lane: 'api-key',
  kind: 'user',
};
const workflows: WorkflowRegistry = createRegistry(
  [
    {
      id: 'writes-log',
      description: 'Logs a line (the store refuses that write) and completes.',
      inputSchema: { type: 'object' },
      nodes: [
        { id: 'line', kind: 'log', level: 'info', message: 'hello' },
        { id: 'done', kind: 'complete', output: { text: 'ok' } },
      ],
    },
    {
      id: 'fails',
      description: 'Fails on its own.',
      inputSchema: { type: 'object' },
      nodes: [{ id: 'boom', kind: 'fail', error: { code: 'test_error', message: 'no' } }],
    },
  ].map((d) => parseDefinition(d, d.id)),
);

let fault: FaultyStore;
let core: RunCore;
beforeAll(async () => {
  fault = faultyStore(writesLogLine);
  core = await createRunCore({
    runs: fault.runs,
    feed: fault.feed,
    workflows,
    onError: () => undefined,
  });
});
afterAll(async () => {
  await core.close();
  await fault.remove();
});

const deps = () => ({
  core,
  mcp: defaultConfig('http://127.0.0.1').mcp,
  states: mcpTaskStates(wopgenContract),
  extension: wopgenContract.mcp.tasksExtension,
});

describe('MCP task status of a failed run', () => {
  it('the generated projection reads the error code only where a row names it', () => {
    expect(projectMcpTaskStatus('failed')).toBe('completed');
    expect(projectMcpTaskStatus('failed', 'test_error')).toBe('completed');
    expect(projectMcpTaskStatus('failed', 'internal_error')).toBe('failed');
    expect(projectMcpTaskStatus('completed', 'internal_error')).toBe('completed');
  });

  it('a run the host failed is a failed task with an inlined JSON-RPC error and no result', async () => {
    const { run } = await core.createRun(alice, {
      workflowId: 'writes-log',
      inputs: {},
      transport: 'mcp',
    });
    const task = await getTask(deps(), alice, projectId(run.runId), {});
    expect(task).toMatchObject({
      status: 'failed',
      error: { code: -32603, message: 'Internal error' },
    });
    expect(task).not.toHaveProperty('result');
    expect(JSON.stringify(task)).not.toContain('disk I/O');
  });

  it('a run its workflow failed is a completed task whose result has isError', async () => {
    const { run } = await core.createRun(alice, {
      workflowId: 'fails',
      inputs: {},
      transport: 'mcp',
    });
    const task = await getTask(deps(), alice, projectId(run.runId), {});
    expect(task).toMatchObject({
      status: 'completed',
      result: { isError: true, content: [{ type: 'text', text: 'test_error: no' }] },
    });
    expect(task).not.toHaveProperty('error');
  });
});
