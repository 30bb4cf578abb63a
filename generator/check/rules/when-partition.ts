// The A2A `when` cases of one operation partition the statuses a task can be in: no status is
// routed to two cases, and none to no case.
import { joinPointer } from '../../load/pointer.ts';
import type { SpecModel } from '../../model/ir.ts';
import type { CheckRule } from '../rule.ts';

export const whenPartition: CheckRule = {
  id: 'when-partition',
  checks: 'the `when` cases of each A2A method cover every run status exactly once',
  reports: ['when-overlap', 'when-gap'],
  run({ model }, sink) {
    const byMethod = new Map<string, SpecModel['a2a']['operations']>();
    for (const op of model.a2a.operations)
      byMethod.set(op.method, [...(byMethod.get(op.method) ?? []), op]);
    for (const [method, ops] of byMethod) {
      const cases = ops.filter((o) => o.caseStatuses !== null);
      if (cases.length === 0) continue;
      const owner = new Map<string, string>();
      for (const op of cases) {
        for (const s of op.caseStatuses!) {
          const prior = owner.get(s);
          if (prior)
            sink.report(
              'when-overlap',
              op.origin.file,
              joinPointer(op.origin.pointer, 'when'),
              `${method} cases "${prior}" and "${op.when}" both cover run status "${s}"`,
            );
          owner.set(s, op.when);
        }
      }
      const gaps = model.runStatuses.filter((s) => !owner.has(s));
      if (gaps.length > 0)
        sink.report(
          'when-gap',
          ops[0]!.origin.file,
          joinPointer(ops[0]!.origin.pointer, 'when'),
          `no ${method} case covers run status ${gaps.map((g) => `"${g}"`).join(', ')}`,
        );
    }
  },
};
