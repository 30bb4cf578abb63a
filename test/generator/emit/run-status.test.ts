// emitRunStatus: the RunSnapshot status enum as a union and a runtime list, and the terminal ones.
import { describe, expect, it } from 'vitest';
import { emitRunStatus } from '../../../generator/emit/run-status.ts';
import { bundledModel, importLines, runEmitted } from './fixture.ts';

describe('emitRunStatus', () => {
  const model = bundledModel();
  const file = emitRunStatus(model, 'spec/openapi.yaml');
  const mod = runEmitted(file) as {
    runStatuses: string[];
    terminalRunStatuses: string[];
    isRunStatus(v: string): boolean;
    isTerminalRunStatus(v: string): boolean;
  };

  it('lists the statuses of the enum in order, and the terminal ones', () => {
    expect(file.path).toBe('run-status.ts');
    expect(file.from).toEqual(['spec/openapi.yaml']);
    expect(importLines(file)).toEqual([]);
    expect(mod.runStatuses).toEqual(model.runStatuses);
    expect(mod.runStatuses).toContain('waiting-approval');
    expect(mod.terminalRunStatuses).toEqual(['completed', 'failed', 'cancelled']);
    expect(file.body).toContain(
      '/** Source: spec/openapi.yaml#/components/schemas/RunSnapshot/properties/status */',
    );
    expect(file.body).toContain(
      `export type RunStatus = ${model.runStatuses.map((s) => JSON.stringify(s)).join(' | ')};`,
    );
  });

  it('guards statuses', () => {
    expect(mod.isRunStatus('running')).toBe(true);
    expect(mod.isRunStatus('done')).toBe(false);
    expect(mod.isTerminalRunStatus('failed')).toBe(true);
    expect(mod.isTerminalRunStatus('paused')).toBe(false);
  });
});
