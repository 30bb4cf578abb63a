// One credential check per request: the A2A and MCP bindings check the credential
// before reading the body and their pipelines ask again; the host answers the second ask from the
// first, so a request costs one keyed hash, not two.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeyStore } from '../../runtime/auth/api-keys.ts';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

/** How many times the key is checked while the host answers one request. */
async function checksFor(path: string, body?: unknown) {
  const spy = vi.spyOn(ApiKeyStore.prototype, 'authenticate');
  try {
    const res = await h.call(
      'acme',
      path,
      body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
    );
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('credential checks per request', () => {
  it('A2A JSON-RPC GetTask checks the key once', async () => {
    const n = await checksFor('/a2a/jsonrpc', {
      jsonrpc: '2.0',
      id: 1,
      method: 'GetTask',
      params: { id: 'acme/unknown-task-0000000000000000' },
    });
    expect(n).toBe(1);
  });

  it('A2A HTTP+JSON ListTasks checks the key once', async () => {
    expect(await checksFor('/a2a/rest/tasks')).toBe(1);
  });
});
