// A row's `requires` names a property of the facet schema of its family.
import { didYouMean } from '../../diagnostics/suggest.ts';
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

export const requiresFacet: CheckRule = {
  id: 'requires-facet',
  checks: 'every `requires` entry is a property of its family facet schema',
  reports: ['requires-unknown-facet'],
  run({ model }, sink) {
    const facetProps = new Map(
      model.facets.map((f) => [f.family as string, new Set(f.properties)]),
    );
    for (const row of [...model.a2a.operations, ...model.mcp.methods]) {
      row.requires.forEach((req, i) => {
        const [family = '', prop = ''] = req.split('.');
        if (!facetProps.get(family)?.has(prop)) {
          sink.report(
            'requires-unknown-facet',
            row.origin.file,
            joinPointer(row.origin.pointer, 'requires', i),
            `"${req}" is not a property of the ${family} facet schema${didYouMean(prop, facetProps.get(family) ?? [])}`,
          );
        }
      });
    }
  },
};
