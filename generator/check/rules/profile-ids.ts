// Profile ids: each matches its facet's pattern, and no -legacy id is admitted anywhere.
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

export const profileIds: CheckRule = {
  id: 'profile-ids',
  checks: 'MCP feature profiles match the facet pattern; no pattern or row admits a -legacy id',
  reports: ['legacy-profile', 'profile-pattern'],
  run({ model }, sink) {
    const mcpFacet = model.facets.find((f) => f.family === 'mcp');
    model.mcp.features.forEach((f) => {
      f.requiredFor.forEach((profile, i) => {
        const pointer = joinPointer(f.origin.pointer, 'requiredFor', i);
        if (/-legacy$/.test(profile))
          sink.report(
            'legacy-profile',
            f.origin.file,
            pointer,
            `profile "${profile}" is a legacy profile id`,
          );
        else if (mcpFacet?.profilePattern && !new RegExp(mcpFacet.profilePattern).test(profile)) {
          sink.report(
            'profile-pattern',
            f.origin.file,
            pointer,
            `profile "${profile}" does not match ${mcpFacet.profilePattern}`,
          );
        }
      });
    });
    for (const facet of model.facets) {
      const sample =
        facet.family === 'a2a'
          ? `a2a-${model.a2a.negotiated || '1.0'}-legacy`
          : `mcp-${model.mcp.revision}-legacy`;
      if (facet.profilePattern && new RegExp(facet.profilePattern).test(sample)) {
        sink.report(
          'legacy-profile',
          facet.origin.file,
          '/properties/profiles/items/pattern',
          `the profiles pattern admits the legacy id "${sample}"`,
        );
      }
    }
  },
};
