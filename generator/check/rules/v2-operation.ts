// Every v2Operation a map row names is an operationId of openapi.yaml.
import { didYouMean } from '../../diagnostics/suggest.ts';
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

export const v2Operation: CheckRule = {
  id: 'v2-operation',
  checks: 'every v2Operation of an A2A or MCP row is an operationId of the OpenAPI document',
  reports: ['unknown-v2-operation'],
  run({ model }, sink) {
    const operations = new Set(model.openapi.operationIds);
    for (const row of [...model.a2a.operations, ...model.mcp.methods]) {
      if (row.v2Operation !== null && !operations.has(row.v2Operation)) {
        sink.report(
          'unknown-v2-operation',
          row.origin.file,
          joinPointer(row.origin.pointer, 'v2Operation'),
          `v2Operation "${row.v2Operation}" is not an operationId of the OpenAPI document${didYouMean(row.v2Operation, operations)}`,
        );
      }
    }
  },
};
