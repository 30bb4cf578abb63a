// The MCP Inspector CLI (@modelcontextprotocol/inspector 2.12.0, Node 22 through npx as the
// conformance harness runs it) in its default mode (the `legacy` era: it opens with `initialize`)
// lists and calls tools against a real host, with the Bearer key through `--header`. Its CLI
// declares no elicitation, so a tool that asks the client is refused, not left hanging.
//
// Found with the Inspector: a 2026-07-28 client that declares the tasks extension but not
// elicitation was still given a run that asks for `elicitation/create` (without the extension the
// same call is refused -32021). The capability check holds whatever extensions are declared
// (the map's clientCapabilities row: "never assumed").
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningHost } from '../helpers/host.ts';
import { KEYS, rawMcp, startMcpHost, TASKS } from './helpers.ts';

const INSPECTOR = fileURLToPath(
  new URL(
    '../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
    import.meta.url,
  ),
);
// Its own HOME: the Inspector keeps a catalog and secrets under ~/.mcp-inspector.
const HOME = mkdtempSync(join(tmpdir(), 'wopgen-inspector-'));

/** One Inspector CLI run (async: the host answers from this process); its JSON output. */
async function inspector(args: string[]): Promise<{ code: number; out: unknown; err: unknown }> {
  const argv = ['-y', '-p', 'node@22', 'node', INSPECTOR, '--cli', `${h.url}/mcp`, ...args];
  argv.push('--header', `Authorization: Bearer ${KEYS.acme}`, '--format', 'json');
  const env = { ...process.env, HOME };
  const r = await promisify(execFile)('npx', argv, { env, timeout: 90_000 }).then(
    (ok) => ({ code: 0, stdout: ok.stdout, stderr: ok.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
  const parse = (t: string) => (t.trim() ? (JSON.parse(t) as unknown) : undefined);
  return { code: r.code, out: parse(r.stdout), err: parse(r.stderr) };
}

let h: RunningHost;
beforeAll(async () => {
  h = await startMcpHost();
});
afterAll(async () => {
  await h.stop();
});

describe('the MCP Inspector CLI in its default mode', () => {
  it('lists the workflows as tools and calls echo over the initialize era', async () => {
    const list = await inspector(['--method', 'tools/list']);
    expect(list.code).toBe(0);
    const tools = (list.out as { result: { tools: { name: string }[] } }).result.tools;
    expect(tools.map((t) => t.name)).toContain('echo');

    const call = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'echo',
      '--tool-arg',
      'text=hi',
    ]);
    expect(call).toEqual({
      code: 0,
      out: {
        result: {
          content: [{ type: 'text', text: 'hi' }],
          structuredContent: { text: 'hi' },
          isError: false,
        },
      },
      err: undefined,
    });
    // It spoke 2025-11-25 (negotiation.decided, requested as the client named it).
    const events = JSON.stringify(await h.host.context.hostEvents.list('acme'));
    expect(events).toContain('"version":"2025-11-25","requested":"2025-11-25"');
  }, 120_000);

  it('is refused a tool that asks for elicitation, which its CLI does not declare', async () => {
    const r = await inspector(['--method', 'tools/call', '--tool-name', 'conformance-approval']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatchObject({
      error: { message: 'Missing required client capability: elicitation' },
    });
  }, 120_000);
});

describe('the client-capability check with the tasks extension declared', () => {
  it.each([
    ['without extensions', {}],
    ['with the tasks extension', { extensions: { [TASKS]: {} } }],
  ])('refuses an elicitation workflow to a client without elicitation (%s)', async (_, caps) => {
    const r = await rawMcp(
      h.url,
      'tools/call',
      { name: 'conformance-approval', arguments: {} },
      { capabilities: caps },
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      code: -32021,
      message: 'Missing required client capability: elicitation',
      data: { requiredCapabilities: { elicitation: { form: {} } } },
    });
    const runs = await h.call('acme', '/runs?workflowId=conformance-approval');
    expect(((await runs.json()) as { runs: unknown[] }).runs).toEqual([]);
  });
});
