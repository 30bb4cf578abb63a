/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Bad input loses nothing and crashes nothing: every method of the generated MCP table, given
// arbitrary params, answers with a JSON-RPC result or a JSON-RPC error of the protocol — never an
// internal error (-32603) and never HTTP 500. Property-based (fast-check), against a real host with
// the conformance catalogue and workflows, so the prompt, resource and tool paths are all reached.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpMethodNames } from '../../generated/mcp/methods.ts';
import { loadCatalogueDir } from '../../runtime/bindings/mcp/catalogue/index.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { rawMcpFrames, TASKS } from './helpers.ts';
import {
  MCP_CONFORMANCE_WORKFLOWS,
  MCP_CONFORMANCE_CATALOGUE,
} from '../fixtures/mcp-conformance/index.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({
    workflows: createRegistry([
      ...loadWorkflowDir(),
      ...loadWorkflowDir(MCP_CONFORMANCE_WORKFLOWS),
    ]),
    catalogue: loadCatalogueDir(MCP_CONFORMANCE_CATALOGUE),
  });
});
afterAll(async () => {
  await h.stop();
});

// Names and values the handlers look at, mixed with anything at all.
const names = fc.constantFrom(
  'echo',
  'test_simple_prompt',
  'test_prompt_with_arguments',
  'test_input_required_result_elicitation',
  'nope',
);
const uris = fc.constantFrom(
  'test://static-text',
  'test://template/1/data',
  'test://a/../b',
  'test://%2e%2e/x',
  'file:///etc/passwd',
  '::',
);
const anything = fc.jsonValue({ maxDepth: 3 });
const params = fc.record(
  {
    name: fc.oneof(names, anything),
    uri: fc.oneof(uris, anything),
    taskId: fc.oneof(fc.constant('acme/0123456789abcdefghij'), anything),
    arguments: fc.oneof(fc.dictionary(fc.string(), anything), anything),
    inputResponses: anything,
    requestState: anything,
    ref: anything,
    argument: anything,
    notifications: anything,
    cursor: anything,
  },
  { requiredKeys: [] },
);

describe('malformed MCP requests', () => {
  it('every method answers arbitrary params with a protocol result or error, never -32603 or 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...mcpMethodNames), params, async (method, p) => {
        // subscriptions/listen and the tasks methods only with the extension, so they are reached.
        const r = await rawMcpFrames(h.url, method, p as Record<string, unknown>, {
          capabilities: {
            elicitation: { form: {} },
            sampling: {},
            roots: {},
            extensions: { [TASKS]: {} },
          },
          meta: { progressToken: 't' },
          abortAfterMs: 300,
        });
        expect(r.status).not.toBe(500);
        const last = r.frames.at(-1) as any;
        if (last === undefined) return; // a listen stream still open when we left
        if (last.error) {
          expect(last.error.code).not.toBe(-32603);
          expect(typeof last.error.message).toBe('string');
        } else expect(last).toHaveProperty('result');
      }),
      { numRuns: 150, seed: 20261130 },
    );
  }, 120_000);
});
