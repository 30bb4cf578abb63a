// Cross-reference checks over the built model (DESIGN.md §3 and §4 "Checks before emitting"):
// one rule per file under rules/, registered here once. Every rule runs, in this order, and every
// finding is kept; each reports at the map row (or schema) it is about.
import type { DiagnosticSink } from '../diagnostics/diagnostic.ts';
import type { CheckInput, CheckRule } from './rule.ts';
import { clientProjection } from './rules/client-projection.ts';
import { discoveryFamilies } from './rules/discovery-families.ts';
import { jsonrpcCodeUnique } from './rules/jsonrpc-code-unique.ts';
import { mcpErrorCodes } from './rules/mcp-error-codes.ts';
import { profileIds } from './rules/profile-ids.ts';
import { requiresFacet } from './rules/requires-facet.ts';
import { reverseProjection } from './rules/reverse-projection.ts';
import { statusProjections } from './rules/status-projections.ts';
import { v2Operation } from './rules/v2-operation.ts';
import { whenPartition } from './rules/when-partition.ts';

export type { CheckInput, CheckRule } from './rule.ts';

export const checkRules: readonly CheckRule[] = [
  v2Operation,
  clientProjection,
  jsonrpcCodeUnique,
  statusProjections,
  reverseProjection,
  requiresFacet,
  profileIds,
  whenPartition,
  mcpErrorCodes,
  discoveryFamilies,
];

export function checkModel(input: CheckInput, sink: DiagnosticSink): void {
  for (const rule of checkRules) rule.run(input, sink);
}
