// SEP-2243 custom headers: `Mcp-Param-*` must mirror x-mcp-header arguments (HTTP 400, -32020
// HeaderMismatchError otherwise), decoded from `=?base64?…?=` when in that form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDefinition } from '../../runtime/core/reference/engine/definition.ts';
import { createRegistry, loadWorkflowDir } from '../../runtime/core/reference/workflows/index.ts';
import { headerParams } from '../../runtime/bindings/mcp/param-headers.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';
import { rawMcp } from './helpers.ts';

const tool = parseDefinition(
  {
    id: 'deploy',
    description: 'Deploys to a region.',
    inputSchema: {
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        replicas: { type: 'integer', 'x-mcp-header': 'Replicas' },
        note: { type: 'string' },
      },
      required: ['region'],
    },
    nodes: [{ id: 'done', kind: 'complete', output: { text: 'ok' } }],
  },
  'test',
);

let h: RunningHost;
beforeAll(async () => {
  h = await startHost({ workflows: createRegistry([...loadWorkflowDir(), tool]) });
});
afterAll(() => h.close());

const call = (args: Record<string, unknown>, headers: Record<string, string | null>) =>
  rawMcp(h.url, 'tools/call', { name: 'deploy', arguments: args }, { headers });

describe('Mcp-Param-* headers', () => {
  it('finds the annotated arguments of a tool', () => {
    expect(headerParams(tool.inputSchema)).toEqual([
      ['region', 'Region'],
      ['replicas', 'Replicas'],
    ]);
  });

  it('accepts literal and valid Base64 values that equal the arguments', async () => {
    expect((await call({ region: 'eu-west1' }, { 'Mcp-Param-Region': 'eu-west1' })).status).toBe(
      200,
    );
    const b64 = `=?base64?${Buffer.from('Zürich').toString('base64')}?=`;
    expect((await call({ region: 'Zürich' }, { 'Mcp-Param-Region': b64 })).status).toBe(200);
    expect((await call({ region: 'SGVsbG8=' }, { 'Mcp-Param-Region': 'SGVsbG8=' })).status).toBe(
      200,
    );
    expect(
      (
        await call(
          { region: 'a', replicas: 3 },
          { 'Mcp-Param-Region': 'a', 'Mcp-Param-Replicas': '3' },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses a missing, different, extra or badly encoded header with -32020 and HTTP 400', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ region: 'eu' }, {}],
      [{ region: 'eu' }, { 'Mcp-Param-Region': 'us' }],
      [{ region: 'Hello' }, { 'Mcp-Param-Region': '=?base64?SGVsbG8?=' }],
      [{ region: 'Hello' }, { 'Mcp-Param-Region': '=?base64?SGVs!!!bG8=?=' }],
      [{ region: 'eu' }, { 'Mcp-Param-Region': 'eu', 'Mcp-Param-Replicas': '2' }],
    ];
    for (const [args, headers] of cases) {
      const r = await call(args, headers);
      expect(r.status, JSON.stringify(headers)).toBe(400);
      expect(r.body.error).toMatchObject({
        code: -32020,
        data: { mismatch: { header: expect.stringMatching(/^Mcp-Param-/) } },
      });
    }
  });
});
