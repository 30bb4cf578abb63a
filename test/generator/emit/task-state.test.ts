// emitA2aTaskState and emitMcpTaskStatus: total projections from run status (with the interrupt-
// kind and error-code overrides) and the reverse A2A table, run as emitted.
import { describe, expect, it } from 'vitest';
import { emitA2aTaskState, emitMcpTaskStatus } from '../../../generator/emit/task-state.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

interface A2aModule {
  a2aWireTaskStates: string[];
  projectA2aTaskState(status: string, kind?: string): { wire: string; stored: string };
  runStatusFromA2a(wire: string): string | undefined;
  runStatusesForA2aWire(wire: string): string[];
}
interface McpModule {
  mcpTaskStatuses: string[];
  projectMcpTaskStatus(status: string, errorCode?: string): string;
}

describe('emitA2aTaskState', () => {
  const model = bundledModel();
  const file = emitA2aTaskState(model);
  const mod = runEmitted(file) as unknown as A2aModule;

  it('is total over run statuses by a `satisfies` the compiler checks', () => {
    expect(file.path).toBe('a2a/task-state.ts');
    expect(importLines(file)).toEqual(["import type { RunStatus } from '../run-status.js';"]);
    expect(file.body).toContain('} as const satisfies Record<RunStatus, A2aTaskStateProjection>;');
    for (const r of model.a2a.taskState.filter((x) => !x.interruptKind))
      expect(mod.projectA2aTaskState(r.runStatus)).toEqual({ wire: r.wire, stored: r.stored });
    expect(mod.projectA2aTaskState('pending')).toEqual({
      wire: 'TASK_STATE_SUBMITTED',
      stored: 'submitted',
    });
  });

  it('applies the interrupt-kind overrides', () => {
    const overrides = model.a2a.taskState.filter((x) => x.interruptKind);
    expect(overrides.length).toBeGreaterThan(0);
    for (const r of overrides)
      expect(mod.projectA2aTaskState(r.runStatus, r.interruptKind)).toEqual({
        wire: r.wire,
        stored: r.stored,
      });
  });

  it('reads wire states back, and lists the sorted wire states of both directions', () => {
    for (const r of model.a2a.taskStateReverse)
      expect(mod.runStatusFromA2a(r.wire)).toBe(r.runStatus);
    expect(mod.runStatusFromA2a('TASK_STATE_NOPE')).toBeUndefined();
    expect(mod.runStatusFromA2a('constructor')).toBeUndefined();
    expect(mod.a2aWireTaskStates).toEqual([...mod.a2aWireTaskStates].sort());
    expect(mod.runStatusesForA2aWire('TASK_STATE_SUBMITTED')).toEqual(['pending']);
  });
});

describe('emitMcpTaskStatus', () => {
  const model = bundledModel();
  const file = emitMcpTaskStatus(model);
  const mod = runEmitted(file) as unknown as McpModule;

  it('projects every run status, and the error-code override wins', () => {
    expect(file.path).toBe('mcp/task-status.ts');
    expect(importLines(file)).toEqual(["import type { RunStatus } from '../run-status.js';"]);
    expect(file.body).toContain('} as const satisfies Record<RunStatus, McpTaskStatus>;');
    expect(mod.mcpTaskStatuses).toEqual([
      'cancelled',
      'completed',
      'failed',
      'input_required',
      'working',
    ]);
    expect(mod.projectMcpTaskStatus('waiting-input')).toBe('input_required');
    expect(mod.projectMcpTaskStatus('failed')).toBe('completed');
    expect(mod.projectMcpTaskStatus('failed', 'internal_error')).toBe('failed');
    expect(mod.projectMcpTaskStatus('failed', 'other')).toBe('completed');
  });
});
