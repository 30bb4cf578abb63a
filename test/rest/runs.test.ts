// REST core routes: exact statuses, bodies and headers (DESIGN.md §5; bundled openapi.yaml).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { removeDir, startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(async () => {
  await h.stop();
  removeDir(h.dir);
});

const post = (
  tenant: 'acme' | 'other',
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) => h.call(tenant, path, { method: 'POST', body: JSON.stringify(body), headers });

describe('runs', () => {
  it('creates an echo run, 201 with the completed RunSnapshot and OpenWOP-Version', async () => {
    const r = await post('acme', '/runs', { workflowId: 'echo', inputs: { text: 'hi' } });
    expect(r.status).toBe(201);
    expect(r.headers.get('openwop-version')).toBe('2.0');
    const run = (await r.json()) as Record<string, unknown>;
    expect(run).toMatchObject({
      workflowId: 'echo',
      status: 'completed',
      outputs: { text: 'hi' },
      owner: { tenant: 'acme' },
    });
    expect(run['runId']).toMatch(/^acme\/[A-Za-z0-9_-]{22,}$/);
  });

  it('reads a run by its projected id, and by %2F', async () => {
    const run = (await (
      await post('acme', '/runs', { workflowId: 'echo', inputs: { text: 'x' } })
    ).json()) as { runId: string };
    for (const id of [projectId(run.runId), encodeURIComponent(run.runId)]) {
      const r = await h.call('acme', `/runs/${id}`);
      expect(r.status).toBe(200);
      expect(((await r.json()) as { runId: string }).runId).toBe(run.runId);
    }
  });

  it('answers 403 id_tenant_mismatch for another tenant’s run id, 404 for an unknown one', async () => {
    const run = (await (
      await post('acme', '/runs', { workflowId: 'echo', inputs: { text: 'x' } })
    ).json()) as { runId: string };
    const foreign = await h.call('other', `/runs/${projectId(run.runId)}`);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      error: 'id_tenant_mismatch',
      message: 'the run id names another tenant',
    });
    const unknown = await h.call('acme', `/runs/${projectId('acme/AAAAAAAAAAAAAAAAAAAAAA')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'no such run' });
  });

  it('refuses unauthenticated requests with 401 and the envelope', async () => {
    const r = await fetch(`${h.url}/runs`);
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe('Bearer');
    expect(await r.json()).toEqual({
      error: 'unauthenticated',
      message: 'a valid bearer API key is required',
    });
  });

  it('validates bodies: malformed JSON, missing workflowId, unknown workflow, invalid inputs', async () => {
    const bad = await h.call('acme', '/runs', {
      method: 'POST',
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('validation_error');
    expect((await post('acme', '/runs', { inputs: {} })).status).toBe(400);
    const unknown = await post('acme', '/runs', { workflowId: 'nope' });
    expect(unknown.status).toBe(404);
    const invalid = await post('acme', '/runs', { workflowId: 'echo', inputs: { text: 5 } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toBe('validation_error');
  });

  it('honours Idempotency-Key: same key, same run; different body, 409', async () => {
    const a = await post(
      'acme',
      '/runs',
      { workflowId: 'echo', inputs: { text: 'once' } },
      { 'idempotency-key': 'k-1' },
    );
    const b = await post(
      'acme',
      '/runs',
      { workflowId: 'echo', inputs: { text: 'once' } },
      { 'idempotency-key': 'k-1' },
    );
    // The replay is the same 201 answer, flagged (OpenWOP-Idempotent-Replay).
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.headers.get('openwop-idempotent-replay')).toBeNull();
    expect(b.headers.get('openwop-idempotent-replay')).toBe('true');
    expect(((await a.json()) as { runId: string }).runId).toBe(
      ((await b.json()) as { runId: string }).runId,
    );
    const c = await post(
      'acme',
      '/runs',
      { workflowId: 'echo', inputs: { text: 'twice' } },
      { 'idempotency-key': 'k-1' },
    );
    expect(c.status).toBe(409);
    expect(((await c.json()) as { error: string }).error).toBe('idempotency_key_mismatch');
  });

  it('lists only the caller’s runs, newest first, in cursor pages', async () => {
    for (let i = 0; i < 3; i++)
      await post('other', '/runs', { workflowId: 'echo', inputs: { text: `o${i}` } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await h.call(
        'other',
        `/runs?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const page = (await r.json()) as {
        runs: { runId: string; inputs: { text: string } }[];
        nextCursor: string | null;
      };
      expect(page.runs.length).toBeLessThanOrEqual(2);
      seen.push(...page.runs.map((x) => x.inputs.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['o2', 'o1', 'o0']);
    expect((await h.call('other', '/runs?status=bogus')).status).toBe(400);
  });

  it('cancels through both spellings; a terminal run is 409 run_terminal', async () => {
    const run = (await (
      await post('acme', '/runs', {
        workflowId: 'conformance-cancellable',
        inputs: { delayMs: 60_000 },
      })
    ).json()) as { runId: string; status: string };
    expect(run.status).toBe('running');
    const r = await h.call('acme', `/runs/${projectId(run.runId)}:cancel`, { method: 'POST' });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { status: string }).status).toBe('cancelled');
    const again = await h.call('acme', `/runs/${projectId(run.runId)}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toBe('run_terminal');
  });

  it('resolves an approval interrupt by node and completes the run', async () => {
    const run = (await (
      await post('acme', '/runs', { workflowId: 'conformance-approval', inputs: {} })
    ).json()) as { runId: string; status: string; currentNodeId: string };
    expect(run.status).toBe('waiting-approval');
    const r = await post('acme', `/runs/${projectId(run.runId)}/interrupts/${run.currentNodeId}`, {
      resumeValue: { action: 'accept' },
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { status: string }).status).toBe('completed');
    const again = await post(
      'acme',
      `/runs/${projectId(run.runId)}/interrupts/${run.currentNodeId}`,
      { resumeValue: true },
    );
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe('interrupt_not_found');
  });
});

describe('events', () => {
  it('long-polls the log with lastSequence and isTerminal', async () => {
    const run = (await (
      await post('acme', '/runs', { workflowId: 'echo', inputs: { text: 'p' } })
    ).json()) as { runId: string };
    const r = await h.call('acme', `/runs/${projectId(run.runId)}/events/poll`);
    const body = (await r.json()) as {
      events: { type: string; sequence: number }[];
      lastSequence: number;
      isTerminal: boolean;
      status: string;
    };
    expect(body.events.map((e) => e.type)).toEqual(['run.started', 'run.completed']);
    expect(body.events.map((e) => e.sequence)).toEqual([0, 1]);
    expect(body).toMatchObject({ lastSequence: 1, isTerminal: true, status: 'completed' });
  });

  it('reports the log’s last sequence whatever the cursor', async () => {
    const run = (await (
      await post('acme', '/runs', { workflowId: 'echo', inputs: { text: 'q' } })
    ).json()) as { runId: string };
    const poll = async (after: number) =>
      (await (
        await h.call('acme', `/runs/${projectId(run.runId)}/events/poll?afterSequence=${after}`)
      ).json()) as { events: { sequence: number }[]; lastSequence: number };
    expect(await poll(0)).toMatchObject({ events: [{ sequence: 1 }], lastSequence: 1 });
    expect(await poll(1)).toMatchObject({ events: [], lastSequence: 1 });
    expect(await poll(7)).toMatchObject({ events: [], lastSequence: 1 });
  });

  it('streams run events as SSE with id = sequence and event = type, closing after the terminal event', async () => {
    const run = (await (
      await post('acme', '/runs', { workflowId: 'conformance-delay', inputs: { delayMs: 200 } })
    ).json()) as { runId: string };
    const r = await h.call('acme', `/runs/${projectId(run.runId)}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const text = await r.text();
    const frames = text
      .trim()
      .split('\n\n')
      .map((f) =>
        Object.fromEntries(
          f.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
        ),
      );
    expect(frames.map((f) => f['event'])).toEqual([
      'run.started',
      'node.completed',
      'run.completed',
    ]);
    expect(frames.map((f) => f['id'])).toEqual(['0', '1', '2']);
    expect(JSON.parse(frames[2]!['data']!)).toMatchObject({
      runId: run.runId,
      sequence: 2,
      type: 'run.completed',
    });
  });
});

describe('agents and versions', () => {
  it('serves an empty inventory and 404 for an agent', async () => {
    expect(await (await h.call('acme', '/agents')).json()).toEqual({ agents: [], total: 0 });
    expect((await h.call('acme', '/agents/a-1')).status).toBe(404);
  });
  it('refuses an OpenWOP-Version it does not serve with 406', async () => {
    const r = await h.call('acme', '/runs', { headers: { 'openwop-version': '9.9' } });
    expect(r.status).toBe(406);
    expect(await r.json()).toEqual({
      error: 'protocol_version_unsupported',
      message: 'OpenWOP-Version 9.9 is not served',
      details: { supported: ['2.0'] },
    });
  });
  it('answers an unknown route with the envelope, never a framework page', async () => {
    const r = await h.call('acme', '/nope');
    expect(r.status).toBe(404);
    expect(r.headers.get('openwop-version')).toBe('2.0');
    expect(await r.json()).toEqual({ error: 'not_found', message: 'no route for GET /nope' });
  });
});
