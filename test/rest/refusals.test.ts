// Clearer REST refusals: a run id written with a raw `/` in a path gets a 404
// that says how to write it (`~2F`), with the path that works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;

beforeAll(async () => {
  h = await startHost();
});

afterAll(async () => {
  await h.close();
});

describe('REST 404 for a raw "/" in a run id', () => {
  it('names ~2F and the path meant, which then works', async () => {
    const created = await h.call('acme', '/runs', {
      method: 'POST',
      body: JSON.stringify({ workflowId: 'echo', inputs: { text: 'x' } }),
    });
    const { runId } = (await created.json()) as { runId: string };
    expect(runId).toMatch(/^acme\/[^/]+$/);
    for (const suffix of ['', '/events/poll']) {
      const r = await h.call('acme', `/runs/${runId}${suffix}`);
      expect(r.status).toBe(404);
      const meant = `/runs/${runId.replace('/', '~2F')}${suffix}`;
      expect(await r.json()).toEqual({
        error: 'not_found',
        message: `no route for GET /runs/${runId}${suffix}: a run id's "/" is written ~2F in a path (did you mean ${meant}?)`,
      });
      expect((await h.call('acme', meant)).status).toBe(200);
    }
  });

  it('says only "no route" for other unknown paths', async () => {
    const r = await h.call('acme', '/nothing/here');
    expect(r.status).toBe(404);
    expect(((await r.json()) as { message: string }).message).toBe(
      'no route for GET /nothing/here',
    );
  });
});
