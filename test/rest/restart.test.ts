// Durability through the host: everything acknowledged before a stop is there after a restart on
// the same SQLite file, and a delayed run started before the stop still completes.
import { describe, expect, it } from 'vitest';
import { projectId } from '../../runtime/ids.ts';
import { removeDir, startHost } from '../helpers/host.ts';

describe('host restart', () => {
  it('keeps every acknowledged run and event', async () => {
    const first = await startHost();
    const post = (body: unknown) =>
      first.call('acme', '/runs', { method: 'POST', body: JSON.stringify(body) });
    const done = (await (await post({ workflowId: 'echo', inputs: { text: 'kept' } })).json()) as {
      runId: string;
    };
    const waiting = (await (
      await post({ workflowId: 'conformance-approval', inputs: {} })
    ).json()) as { runId: string; status: string };
    const delayed = (await (
      await post({ workflowId: 'conformance-delay', inputs: { delayMs: 400 } })
    ).json()) as { runId: string };
    const before = await Promise.all(
      [done, waiting].map(async (r) =>
        (await first.call('acme', `/runs/${projectId(r.runId)}/events/poll`)).json(),
      ),
    );
    await first.stop();

    const second = await startHost({ dir: first.dir });
    try {
      const after = await Promise.all(
        [done, waiting].map(async (r) =>
          (await second.call('acme', `/runs/${projectId(r.runId)}/events/poll`)).json(),
        ),
      );
      expect(after).toEqual(before);
      expect(
        (
          (await (await second.call('acme', `/runs/${projectId(waiting.runId)}`)).json()) as {
            status: string;
          }
        ).status,
      ).toBe('waiting-approval');
      // Long-poll until the terminal event: the resumed delay appends node.completed, then the run ends.
      const seen: string[] = [];
      let cursor = 0;
      while (!seen.includes('run.completed')) {
        const poll = await second.call(
          'acme',
          `/runs/${projectId(delayed.runId)}/events/poll?afterSequence=${cursor}&timeout=5`,
        );
        const body = (await poll.json()) as { events: { type: string; sequence: number }[] };
        expect(body.events.length).toBeGreaterThan(0);
        seen.push(...body.events.map((e) => e.type));
        cursor = body.events.at(-1)!.sequence;
      }
      expect(seen).toEqual(['node.completed', 'run.completed']);
    } finally {
      await second.stop();
      removeDir(first.dir);
    }
  });
});
