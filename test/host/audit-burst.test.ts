// interop.md §"The audit event": every negotiation outcome keeps its own durable record. Records of
// requests answered in the same event-loop turn commit together (sqlite/grouped-writes.ts); a
// burst must still leave exactly one record per exchange, each its own event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type RunningHost } from '../helpers/host.ts';

let h: RunningHost;
beforeAll(async () => {
  h = await startHost();
});
afterAll(() => h.close());

const decided = async () =>
  (await h.host.context.hostEvents.list('acme')).filter((e) => e.type === 'negotiation.decided');

describe('negotiation records under a burst', () => {
  it('40 concurrent reads leave 40 records, each its own, each committed before its answer', async () => {
    const before = (await decided()).length;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        h.call('acme', '/a2a/jsonrpc', {
          method: 'POST',
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: i,
            method: 'GetTask',
            params: { id: `acme/unknown-task-${String(i).padStart(22, '0')}` },
          }),
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    const after = await decided();
    expect(after.length - before).toBe(40);
    const fresh = after.slice(before);
    expect(new Set(fresh.map((e) => e.eventId)).size).toBe(40);
  });
});
