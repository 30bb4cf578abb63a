// Every A2A error row's client projection is a registered error code.
import { didYouMean } from '../../diagnostics/suggest.ts';
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

export const clientProjection: CheckRule = {
  id: 'client-projection',
  checks: 'every A2A error row projects to a code of errors.json',
  reports: ['unknown-error-code'],
  run({ model }, sink) {
    const codes = new Set(model.errors.map((e) => e.code));
    for (const e of model.a2a.errors) {
      if (!codes.has(e.clientProjection)) {
        sink.report(
          'unknown-error-code',
          e.origin.file,
          joinPointer(e.origin.pointer, 'clientProjection'),
          `clientProjection "${e.clientProjection}" of ${e.name} is not a code in errors.json${didYouMean(e.clientProjection, codes)}`,
        );
      }
    }
  },
};
