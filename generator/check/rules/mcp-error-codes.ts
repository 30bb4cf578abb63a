// A map rule that names an MCP error code must agree with the pinned revision's registry
// (model/builtins.ts). Reads the raw map: header and meta rule texts are not in the IR yet.
import type { CheckRule } from '../rule.ts';

export const mcpErrorCodes: CheckRule = {
  id: 'mcp-error-codes',
  checks: 'an MCP error named with a code in a headers/meta rule has that code in the revision',
  reports: ['mcp-error-disagrees'],
  run({ model, rawMap, mapFile }, sink) {
    const mcp = rawMap['mcp'] as Record<string, unknown[]>;
    for (const section of ['headers', 'meta'] as const) {
      (mcp[section] as { rule?: string }[] | undefined)?.forEach((row, i) => {
        for (const m of (row.rule ?? '').matchAll(/(\w+Error)\s*\((-\d+)\)/g)) {
          const known = model.mcp.protocolErrors.find((e) => e.name === m[1]);
          if (known && known.code !== Number(m[2])) {
            sink.report(
              'mcp-error-disagrees',
              mapFile,
              `/mcp/${section}/${i}/rule`,
              `${m[1]} is ${known.code} in MCP ${model.mcp.revision}, the rule says ${m[2]}`,
            );
          }
        }
      });
    }
  },
};
