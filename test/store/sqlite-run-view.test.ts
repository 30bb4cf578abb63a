// RunStore.readRunView on SQLite (issue 13): a task view's three reads (the run, its open
// interrupts, its A2A record) in one statement answer exactly what the three reads answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStores, type SqliteStores } from '../../runtime/adapters/store/sqlite/index.ts';
import type { RunStore } from '../../runtime/ports/store/run-store.ts';
import { interruptRecord, runRecord, uid } from './subjects.ts';

let dir: string;
let stores: SqliteStores;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wopgen-view-'));
  stores = openSqliteStores(join(dir, 'store.db'));
});
afterEach(async () => {
  await stores.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The three reads a task view made before, through the port. */
const apart = async (runId: string) => {
  const runs: RunStore = stores.runs;
  return {
    run: await runs.getRun(runId),
    open: await runs.listInterrupts(runId, 'open'),
    record: await runs.getBindingRecord(runId, 'a2a'),
  };
};

describe('readRunView (SQLite)', () => {
  it('answers as getRun, listInterrupts(open) and getBindingRecord do, JSON columns included', async () => {
    const runs = stores.runs;
    const run = runRecord('acme', {
      outputs: { text: 'Grüße 👋', n: [1, null] },
      metadata: { k: 'v' },
      currentNodeId: 'ask',
    });
    const m = { role: 'user', parts: [{ text: '“quoted” \\ text' }], messageId: 'm1' };
    await runs.insertRun(run, { note: { binding: 'a2a', contextId: 'ctx-1', append: m } });
    const later = interruptRecord(run.runId, {
      createdAt: '2026-01-01T00:00:02.000Z',
      kind: 'approval',
      approvers: ['alice', 'bob'],
      schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    const earlier = interruptRecord(run.runId, {
      createdAt: '2026-01-01T00:00:01.000Z',
      kind: 'credential',
      connectUrl: 'https://example.test/connect',
      clientRequest: { method: 'sampling/createMessage', params: { maxTokens: 5 } },
    });
    const closed = interruptRecord(run.runId, { createdAt: '2026-01-01T00:00:00.000Z' });
    await runs.commitRunChange({
      runId: run.runId,
      at: later.createdAt,
      insertInterrupts: [later, earlier, closed],
    });
    await runs.commitRunChange({
      runId: run.runId,
      at: later.createdAt,
      closeInterrupt: { interruptId: closed.interruptId, status: 'resolved', resolution: {} },
    });
    const view = await runs.readRunView(run.runId);
    expect(view).toStrictEqual(await apart(run.runId));
    expect(view!.open.map((i) => i.interruptId)).toEqual([earlier.interruptId, later.interruptId]);
    expect(view!.record!.history).toEqual([m]);
  });

  it('a run with no interrupts and no record, and a run that does not exist', async () => {
    const run = runRecord('acme');
    await stores.runs.insertRun(run);
    expect(await stores.runs.readRunView(run.runId)).toStrictEqual({
      run: await stores.runs.getRun(run.runId),
      open: [],
      record: undefined,
    });
    expect(await stores.runs.readRunView(`acme.${uid()}`)).toBeUndefined();
  });
});
