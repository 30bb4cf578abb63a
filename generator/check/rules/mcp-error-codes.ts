// A map rule that names an MCP error code must agree with the pinned revision's registry
// (model/builtins.ts). The model reads the codes out of the header and meta rule texts.
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

export const mcpErrorCodes: CheckRule = {
  id: 'mcp-error-codes',
  checks: 'an MCP error named with a code in a headers/meta rule has that code in the revision',
  reports: ['mcp-error-disagrees'],
  run({ model }, sink) {
    for (const row of [...model.mcp.headers, ...model.mcp.meta]) {
      for (const named of row.errorsNamed) {
        const known = model.mcp.protocolErrors.find((e) => e.name === named.name);
        if (known && known.code !== named.code) {
          sink.report(
            'mcp-error-disagrees',
            row.origin.file,
            joinPointer(row.origin.pointer, 'rule'),
            `${named.name} is ${known.code} in MCP ${model.mcp.revision}, the rule says ${named.code}`,
          );
        }
      }
    }
  },
};
