// The `when` phrases of interop-map rows (generator/model/when.ts): what they select, and the
// diagnostic a misspelt run status gets (a "did you mean" for names).
import { describe, expect, it } from 'vitest';
import { readWhen } from '../../generator/model/when.ts';

const statuses = ['pending', 'running', 'waiting-input', 'waiting-approval', 'completed', 'failed'];
const classes = {
  suspended: ['waiting-input', 'waiting-approval'],
  active: ['pending', 'running'],
  terminal: ['completed', 'failed'],
};

describe('when phrases', () => {
  it('reads a status list', () => {
    expect(readWhen('taskId, run waiting-input|waiting-approval', statuses, classes)).toEqual({
      ok: true,
      selector: { kind: 'task', statuses: ['waiting-input', 'waiting-approval'], class: null },
    });
  });

  it('offers the nearest run status for a misspelt one', () => {
    expect(readWhen('taskId, run waiting-inptu|completed', statuses, classes)).toEqual({
      ok: false,
      problem:
        '"waiting-inptu" in "taskId, run waiting-inptu|completed" is neither a run status nor a status class wopgen knows; did you mean "waiting-input"?',
    });
  });

  it('offers nothing when no status is close', () => {
    const r = readWhen('taskId, run idle', statuses, classes);
    expect(r).toEqual({
      ok: false,
      problem:
        '"idle" in "taskId, run idle" is neither a run status nor a status class wopgen knows',
    });
  });
});
