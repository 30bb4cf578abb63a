// The reverse A2A projection is a function: each wire task state maps back to one run status.
import type { CheckRule } from '../rule.ts';

export const reverseProjection: CheckRule = {
  id: 'reverse-projection',
  checks: 'a2a.taskStateReverse maps each wire state once',
  reports: ['projection-duplicate'],
  run({ model }, sink) {
    const reverseSeen = new Map<string, string>();
    for (const r of model.a2a.taskStateReverse) {
      if (reverseSeen.has(r.wire))
        sink.report(
          'projection-duplicate',
          r.origin.file,
          r.origin.pointer,
          `a2a.taskStateReverse maps ${r.wire} twice`,
        );
      reverseSeen.set(r.wire, r.runStatus);
    }
  },
};
