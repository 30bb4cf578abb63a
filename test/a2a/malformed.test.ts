/* eslint-disable @typescript-eslint/no-explicit-any -- raw JSON-RPC bodies are untyped wire data */
// Bad input loses nothing and crashes nothing on the A2A JSON-RPC binding: every method of the
// generated table, given arbitrary params, answers with a result or an A2A error carrying its
// ErrorInfo array (interop.md §A2A error details) — never InternalError (-32603), never HTTP 500,
// never the OpenWOP error envelope on a URL the card lists.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2aMethods } from '../../generated/a2a/operations.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.stop();
});

const anything = fc.jsonValue({ maxDepth: 3 });
const part = fc.oneof(
  fc.record({ text: fc.oneof(fc.string(), anything) }),
  fc.record({ data: anything }),
  anything,
);
const message = fc.record(
  {
    messageId: fc.oneof(fc.uuid(), anything),
    role: fc.oneof(fc.constantFrom('ROLE_USER', 'ROLE_AGENT'), anything),
    parts: fc.oneof(fc.array(part, { maxLength: 3 }), anything),
    taskId: fc.oneof(fc.constantFrom('acme/0123456789abcdefghij', 'other/x', ''), anything),
    contextId: anything,
    metadata: fc.oneof(
      fc.record({ openwop: fc.record({ skill: fc.constantFrom('echo', 'nope') }) }),
      anything,
    ),
  },
  { requiredKeys: [] },
);
const params = fc.oneof(
  anything,
  fc.record(
    {
      message,
      id: fc.oneof(fc.constantFrom('acme/0123456789abcdefghij', '../x'), anything),
      configuration: anything,
      pageSize: anything,
      pageToken: anything,
      historyLength: anything,
      status: anything,
      tenant: anything,
    },
    { requiredKeys: [] },
  ),
);

describe('malformed A2A requests', () => {
  it('every method answers arbitrary params with a result or an A2A error, never -32603 or 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...a2aMethods), params, async (method, p) => {
        const ac = new AbortController();
        const timer = setTimeout(() => ac.abort(), 2000);
        try {
          const r = await fetch(`${h.url}/a2a/jsonrpc`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${h.key}`,
              'a2a-version': '1.0',
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 9, method, params: p }),
            signal: ac.signal,
          });
          expect(r.status).not.toBe(500);
          if (r.headers.get('content-type')?.startsWith('text/event-stream')) {
            await r.body?.cancel();
            return;
          }
          const body = (await r.json()) as any;
          expect(body.jsonrpc).toBe('2.0');
          if (body.error) {
            expect(body.error.code).not.toBe(-32603);
            expect(Array.isArray(body.error.data)).toBe(true);
            expect(
              body.error.data.filter(
                (d: any) => d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo',
              ),
            ).toHaveLength(1);
          } else expect(body).toHaveProperty('result');
        } catch (err) {
          if (!ac.signal.aborted) throw err;
        } finally {
          clearTimeout(timer);
        }
      }),
      { numRuns: 200, seed: 20261130 },
    );
  }, 120_000);
});
