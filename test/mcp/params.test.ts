// MCP params are checked once, before the handler, into the types generated from
// schemas/mcp-2026-07-28.schema.json (issue 9 item 4): the hand-written checks (which keep the
// -32602 messages the wire pins) accept exactly what that schema accepts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpMethodNames, type McpMethod } from '../../generated/mcp/methods.ts';
import { mcpParamChecks } from '../../runtime/bindings/mcp/params.ts';
import type { RunningHost } from '../helpers/host.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { rawMcp, startMcpHost, TASKS } from './helpers.ts';

const schema = JSON.parse(
  readFileSync(join(projectRoot, 'schemas/mcp-2026-07-28.schema.json'), 'utf8'),
) as { $id: string };
const ajv = new Ajv2020({ strict: true, allErrors: true });
ajv.addSchema(schema);
const defOf = (method: string) =>
  method
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('') + 'Params';

/** Values every method is tried with: well-formed ones and each way a member can be wrong. */
const samples: Record<string, unknown>[] = [
  {},
  { _meta: {} },
  { _meta: 'x' },
  { cursor: 'c1' },
  { cursor: 5 },
  { name: 'echo' },
  { name: '' },
  { name: 3 },
  { name: 'echo', arguments: { a: 1 } },
  { name: 'echo', arguments: [] },
  { name: 'echo', requestState: 'opaque', inputResponses: { i: {} } },
  { uri: 'test://x' },
  { uri: '' },
  { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } },
  { ref: {}, argument: { name: 'a' } },
  { argument: { name: 'a', value: 'v' }, context: { arguments: {} } },
  { taskId: 't' },
  { taskId: 7 },
  { taskId: 't', inputResponses: { i: { action: 'accept' } } },
  { notifications: {} },
  { notifications: { taskIds: ['a', 'b'] } },
  { notifications: { taskIds: 'a' } },
  { notifications: [] },
];

describe('MCP params checks', () => {
  for (const method of mcpMethodNames) {
    it(`${method}: accepts exactly what ${defOf(method)} accepts`, () => {
      const validate = ajv.getSchema(`${schema.$id}#/$defs/${defOf(method)}`)!;
      expect(validate).toBeDefined();
      for (const sample of samples) {
        let accepted = true;
        try {
          mcpParamChecks[method as McpMethod](sample);
        } catch {
          accepted = false;
        }
        expect([method, sample, accepted]).toEqual([method, sample, validate(sample)]);
      }
    });
  }

  it('hands the handler only the members its type declares', () => {
    expect(mcpParamChecks['tools/call']({ name: 'echo', extra: 1, _meta: { a: 1 } })).toEqual({
      name: 'echo',
      _meta: { a: 1 },
    });
    expect(
      mcpParamChecks['subscriptions/listen']({ notifications: { taskIds: ['a'], other: true } }),
    ).toEqual({ notifications: { taskIds: ['a'] } });
  });
});

describe('malformed params on the wire', () => {
  let h: RunningHost;
  beforeAll(async () => {
    h = await startMcpHost();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('answers -32602 with the member named, before the handler runs', async () => {
    for (const [method, params, message] of [
      ['tools/list', { cursor: 5 }, 'params.cursor must be a string'],
      ['tools/call', { name: '' }, 'params.name must be a non-empty string'],
    ] as const) {
      const r = await rawMcp(h.url, method, params);
      expect([method, r.status, r.body.error]).toEqual([method, 200, { code: -32602, message }]);
    }
  });

  it('answers with results of the generated result types', async () => {
    const caps = { elicitation: { form: {} }, extensions: { [TASKS]: {} } };
    const calls: [string, string, Record<string, unknown>, Record<string, unknown>?][] = [
      ['server/discover', 'ServerDiscoverResult', {}],
      ['tools/list', 'ToolsListResult', {}],
      ['tools/call', 'ToolsCallResult', { name: 'conformance-noop', arguments: {} }],
      ['tools/call', 'ToolsCallResult', { name: 'conformance-approval', arguments: {} }],
      [
        'tools/call',
        'ToolsCallResult',
        { name: 'conformance-delay', arguments: { delayMs: 2000 } },
        caps,
      ],
    ];
    const kinds: unknown[] = [];
    for (const [method, def, params, capabilities] of calls) {
      const r = await rawMcp(h.url, method, params, capabilities ? { capabilities } : {});
      const validate = ajv.getSchema(`${schema.$id}#/$defs/${def}`)!;
      expect([method, validate(r.body.result), validate.errors]).toEqual([method, true, null]);
      const result = r.body.result!;
      kinds.push(result['resultType']);
      if (result['resultType'] !== 'task') continue;
      const got = await rawMcp(
        h.url,
        'tasks/get',
        { taskId: result['taskId'] },
        { capabilities: caps },
      );
      const task = ajv.getSchema(`${schema.$id}#/$defs/TasksGetResult`)!;
      expect([task(got.body.result), task.errors]).toEqual([true, null]);
    }
    expect(kinds).toEqual(['complete', 'complete', 'complete', 'input_required', 'task']);
  });
});
