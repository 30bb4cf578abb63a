// JSON-RPC codes are unique across A2A error rows: a client tells errors apart by code alone.
import { joinPointer } from '../../load/pointer.ts';
import type { CheckRule } from '../rule.ts';

export const jsonrpcCodeUnique: CheckRule = {
  id: 'jsonrpc-code-unique',
  checks: 'no two A2A error rows share a JSON-RPC code',
  reports: ['duplicate-jsonrpc-code'],
  run({ model }, sink) {
    const byCode = new Map<number, string>();
    for (const e of model.a2a.errors) {
      const prior = byCode.get(e.jsonrpc);
      if (prior)
        sink.report(
          'duplicate-jsonrpc-code',
          e.origin.file,
          joinPointer(e.origin.pointer, 'jsonrpc'),
          `JSON-RPC code ${e.jsonrpc} of ${e.name} is already used by ${prior}`,
        );
      byCode.set(e.jsonrpc, e.name);
    }
  },
};
