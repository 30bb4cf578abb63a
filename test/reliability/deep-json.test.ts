// Deep JSON: JSON nested thousands of levels deep overflowed recursive code (canonical
// JSON, JSON.stringify) after an A2A run had been created, so the caller got -32603 for a task that
// existed. Now text nesting deeper than 64 levels is refused as it is read, in each binding's
// parse-error shape, and no run is created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../../runtime/util/json-depth.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

async function runCount(): Promise<number> {
  const r = await h.call('acme', '/runs?limit=100');
  return ((await r.json()) as { runs: unknown[] }).runs.length;
}

describe('deeply nested JSON', () => {
  it('counts depth outside strings only', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ s: '['.repeat(5000) }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ s: '\\"[' + '['.repeat(100) }))).toBe(false);
  });

  it('A2A SendMessage: -32700 with HTTP 400, and no task is created', async () => {
    const before = await runCount();
    const body =
      '{"jsonrpc":"2.0","id":3,"method":"SendMessage","params":{"message":{"messageId":"deep",' +
      `"role":"ROLE_USER","parts":[{"data":{"v":${nested(5000)}}}],` +
      '"metadata":{"openwop":{"skill":"echo"}}}}}';
    const r = await h.call('acme', '/a2a/jsonrpc', { method: 'POST', body });
    expect(r.status).toBe(400);
    const answer = (await r.json()) as { id: null; error: { code: number; data: unknown[] } };
    expect(answer.id).toBeNull();
    expect(answer.error.code).toBe(-32700);
    expect(answer.error.data).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'PARSE_ERROR',
        domain: 'a2a-protocol.org',
      },
    ]);
    expect(await runCount()).toBe(before);
  });

  it('MCP tools/call: -32700 with HTTP 400', async () => {
    const body =
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":' +
      `{"v":${nested(5000)}}}}`;
    const r = await h.call('acme', '/mcp', {
      method: 'POST',
      body,
      headers: { accept: 'application/json', 'mcp-protocol-version': '2026-07-28' },
    });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: `Parse error: request body nests deeper than 64 levels` },
    });
  });

  it('REST POST /runs: 400 validation_error, and no run is created', async () => {
    const before = await runCount();
    const r = await h.call('acme', '/runs', {
      method: 'POST',
      body: `{"workflowId":"echo","inputs":{"v":${nested(5000)}}}`,
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: string }).error).toBe('validation_error');
    expect(await runCount()).toBe(before);
  });
});

describe('an oversize interrupt answer', () => {
  it('is 413 payload_too_large, like every other oversize REST body', async () => {
    const r = await h.call('acme', '/runs/acme~2FAAAAAAAAAAAAAAAAAAAAAA/interrupts/n', {
      method: 'POST',
      body: JSON.stringify({ resumeValue: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: string }).error).toBe('payload_too_large');
  });
});
