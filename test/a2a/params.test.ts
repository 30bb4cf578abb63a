// A2A params are checked once, before the handler (the generated dispatcher's `params` hook), into
// the types generated from schemas/a2a-1.0.schema.json (issue 9 item 4). The checks are the wire's
// (they also refuse what the host does not serve, such as a tenant or an agent-role message), so
// the property pinned here is soundness: whatever they let through is what the type says it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { a2aMethods } from '../../generated/a2a/operations.ts';
import { a2aParamChecks } from '../../runtime/bindings/a2a/params.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';

const schema = JSON.parse(
  readFileSync(join(projectRoot, 'schemas/a2a-1.0.schema.json'), 'utf8'),
) as { $id: string };
const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addSchema(schema);

const message = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'hi' }] };
const samples: unknown[] = [
  undefined,
  {},
  { tenant: '' },
  { message },
  { message, configuration: { returnImmediately: true, historyLength: 2 } },
  { message, configuration: { historyLength: -1 } },
  { message: { ...message, parts: [{ text: 'a', raw: 'b' }] } },
  { message: { ...message, parts: [{ data: { x: 1 }, mediaType: 'application/json' }] } },
  { message: { ...message, parts: [] } },
  { message: { ...message, taskId: 't', contextId: 'c', referenceTaskIds: ['r'] } },
  { message: { ...message, role: 'ROLE_AGENT' } },
  { id: 't1' },
  { id: 't1', historyLength: 3 },
  { id: 't1', historyLength: 1.5 },
  { id: '' },
  { status: 'TASK_STATE_WORKING', pageSize: 10, includeArtifacts: true },
  { status: 'TASK_STATE_BOGUS' },
  { pageSize: 0 },
  { statusTimestampAfter: '2026-01-01T00:00:00Z', contextId: 'c', pageToken: 'p' },
  { taskId: 't1', id: 'cfg', url: 'https://example.test/hook' },
  { taskId: 3 },
];

describe('A2A params checks', () => {
  for (const method of a2aMethods) {
    it(`${method}: everything the check accepts has the generated params type`, () => {
      const validate = ajv.getSchema(`${schema.$id}#/$defs/${method}Params`)!;
      expect(validate).toBeDefined();
      let accepted = 0;
      for (const sample of samples) {
        let value: unknown;
        try {
          value = a2aParamChecks[method](sample);
        } catch {
          continue;
        }
        accepted++;
        expect([method, sample, validate(value), validate.errors]).toEqual([
          method,
          sample,
          true,
          null,
        ]);
      }
      expect(accepted).toBeGreaterThan(0);
    });
  }
});
