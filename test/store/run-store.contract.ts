// The RunStore port's behaviour, written once and run against every adapter:
// records read back as written, the status and interrupt guards roll a whole change back, per-run
// event sequences start at 0 and stay gap-free under concurrent writers (on one opener and on two
// openers of one database), and an idempotency key inserted twice keeps one run.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  RunChange,
  RunListQuery,
  RunRecord,
  RunStore,
} from '../../runtime/ports/store/run-store.ts';
import type { Database, StoreUnderTest } from './store-under-test.ts';
import { interruptRecord, owner, runRecord, uid } from './subjects.ts';

export function runStoreContract(sut: StoreUnderTest): void {
  describe(`RunStore contract (${sut.name})`, () => {
    let db: Database;
    let runs: RunStore;
    beforeEach(async () => {
      db = await sut.fresh();
      runs = db.stores.runs;
    });
    afterEach(() => db.drop());
    /** The runs of one page of a list. */
    const listed = async (q: RunListQuery) => (await runs.listRuns(q)).runs;
    /** A task view by the three separate reads readRunView stands for. */
    const apart = async (runId: string) => ({
      run: await runs.getRun(runId),
      open: await runs.listInterrupts(runId, 'open'),
      record: await runs.getBindingRecord(runId, 'a2a'),
    });

    it('reads a run back exactly as inserted, optional fields absent rather than null', async () => {
      const run = runRecord('acme', { metadata: { z: 1, a: { y: 2, b: 3 } } });
      await runs.insertRun(run);
      const back = await runs.getRun(run.runId);
      expect(back).toStrictEqual(run);
      expect(JSON.stringify(back?.metadata)).toBe('{"z":1,"a":{"y":2,"b":3}}');
      expect(await runs.getRun(`acme.${uid()}`)).toBeUndefined();
    });

    it('lists a tenant’s runs newest first with a keyset cursor and filters', async () => {
      const tenant = `t${uid()}`;
      const made = [];
      for (let i = 0; i < 5; i++) {
        const run = runRecord(tenant, {
          createdAt: `2026-01-01T00:00:0${i}.000Z`,
          workflowId: i % 2 ? 'odd' : 'even',
          status: i === 4 ? 'completed' : 'pending',
        });
        await runs.insertRun(run);
        made.push(run);
      }
      await runs.insertRun(runRecord(`other${uid()}`));
      const ids = (rs: { runId: string }[]) => rs.map((r) => r.runId);
      const page1 = await listed({ tenant, limit: 2 });
      expect(ids(page1)).toEqual([made[4]!.runId, made[3]!.runId]);
      const last = page1.at(-1)!;
      const page2 = await listed({
        tenant,
        limit: 10,
        before: { createdAt: last.createdAt, runId: last.runId },
      });
      expect(ids(page2)).toEqual([made[2]!.runId, made[1]!.runId, made[0]!.runId]);
      expect(ids(await listed({ tenant, limit: 10, workflowId: 'odd' }))).toEqual([
        made[3]!.runId,
        made[1]!.runId,
      ]);
      expect(ids(await listed({ tenant, limit: 10, status: 'completed' }))).toEqual([
        made[4]!.runId,
      ]);
      const live = await runs.listRunsByStatus(['pending']);
      expect(ids(live.filter((r) => r.tenant === tenant))).toEqual(ids(made.slice(0, 4)));
      expect(await runs.listRunsByStatus([])).toEqual([]);
    });

    it('filters by a status set and a status time, in lists and in counts alike', async () => {
      const tenant = `t${uid()}`;
      const statuses = [
        'pending',
        'running',
        'completed',
        'failed',
        'completed',
        'running',
      ] as const;
      const made = [];
      for (const [i, status] of statuses.entries()) {
        const run = runRecord(tenant, {
          createdAt: `2026-01-01T00:00:0${i}.000Z`,
          statusAt: `2026-01-02T00:00:0${i}.000Z`,
          status,
        });
        await runs.insertRun(run);
        made.push(run);
      }
      await runs.insertRun(runRecord(`other${uid()}`, { status: 'completed' }));
      const ids = (rs: { runId: string }[]) => rs.map((r) => r.runId);
      const ended = { statuses: ['completed', 'failed'] as const };
      expect(ids(await listed({ tenant, limit: 10, ...ended }))).toEqual([
        made[4]!.runId,
        made[3]!.runId,
        made[2]!.runId,
      ]);
      // A keyset page of a filtered list continues after its last row.
      const first = await listed({ tenant, limit: 1, ...ended });
      const rest = await listed({
        tenant,
        limit: 10,
        ...ended,
        before: { createdAt: first[0]!.createdAt, runId: first[0]!.runId },
      });
      expect(ids(rest)).toEqual([made[3]!.runId, made[2]!.runId]);
      // Strictly after: the run whose status changed at the instant itself is left out.
      const after = { statusAfter: '2026-01-02T00:00:03.000Z' };
      expect(ids(await listed({ tenant, limit: 10, ...after }))).toEqual([
        made[5]!.runId,
        made[4]!.runId,
      ]);
      expect(ids(await listed({ tenant, limit: 10, ...ended, ...after }))).toEqual([
        made[4]!.runId,
      ]);
      expect(await listed({ tenant, limit: 10, statuses: [] })).toEqual([]);
      const count = runs.countMatchingRuns?.bind(runs);
      expect(count).toBeDefined();
      expect(await count!(tenant, ended)).toBe(3);
      expect(await count!(tenant, after)).toBe(2);
      expect(await count!(tenant, { ...ended, ...after })).toBe(1);
      expect(await count!(tenant, { statuses: ['waiting-input'] })).toBe(0);
      expect(await count!(tenant, { statuses: [] })).toBe(0);
      expect(await count!(tenant, {})).toBe(6);
    });

    it('lists and counts by A2A context, workflow and open interrupt kind', async () => {
      const tenant = `t${uid()}`;
      const note = (contextId: string) => ({ binding: 'a2a' as const, contextId, append: {} });
      const made: RunRecord[] = [];
      // r0 c2 · r1 c1 · r2 c2 · r3 c1 · r4 no record · r5 c1 (workflow `other` for odd ones).
      for (let i = 0; i < 6; i++) {
        const run = runRecord(tenant, {
          createdAt: `2026-01-01T00:00:0${i}.000Z`,
          workflowId: i % 2 ? 'other' : 'echo',
        });
        await runs.insertRun(run, i === 4 ? {} : { note: note(i % 2 ? 'c1' : 'c2') });
        made.push(run);
      }
      // Another tenant's runs in the same context are not this tenant's.
      await runs.insertRun(runRecord(`o${uid()}`), { note: note('c1') });
      const ids = (rs: { runId: string }[]) => rs.map((r) => r.runId);
      const id = (...is: number[]) => is.map((i) => made[i]!.runId);
      expect(ids(await listed({ tenant, limit: 10, contextId: 'c1' }))).toEqual(id(5, 3, 1));
      const first = await runs.listRuns({ tenant, limit: 2, contextId: 'c1' });
      expect([ids(first.runs), first.next]).toEqual([
        id(5, 3),
        { createdAt: made[3]!.createdAt, runId: made[3]!.runId },
      ]);
      const rest = await runs.listRuns({ tenant, limit: 2, contextId: 'c1', before: first.next! });
      expect([ids(rest.runs), rest.next]).toEqual([id(1), undefined]);
      // A run without a record is in its own id's context; one with a record is not.
      const own = await runs.listRuns({ tenant, limit: 10, contextId: made[4]!.runId });
      expect([ids(own.runs), own.next]).toEqual([id(4), undefined]);
      expect(await listed({ tenant, limit: 10, contextId: made[0]!.runId })).toEqual([]);
      // A record written later by a change puts the run in its context.
      await runs.commitRunChange({
        runId: made[4]!.runId,
        at: made[4]!.createdAt,
        note: note('c2'),
      });
      expect(ids(await listed({ tenant, limit: 10, contextId: 'c2' }))).toEqual(id(4, 2, 0));
      expect(ids(await listed({ tenant, limit: 10, workflowIds: ['other'] }))).toEqual(id(5, 3, 1));
      expect(
        ids(await listed({ tenant, limit: 10, contextId: 'c2', workflowIds: ['other'] })),
      ).toEqual([]);
      expect(await listed({ tenant, limit: 10, workflowIds: [] })).toEqual([]);
      const count = runs.countMatchingRuns!.bind(runs);
      expect(await count(tenant, { contextId: 'c1' })).toBe(3);
      expect(await count(tenant, { contextId: 'c2', workflowIds: ['echo'] })).toBe(3);
      expect(await count(tenant, { contextId: made[4]!.runId })).toBe(0);
      expect(await count(tenant, { workflowIds: ['other', 'echo'] })).toBe(6);

      // Waiting runs: the first open interrupt's kind decides (oldest first).
      const waiting: RunRecord[] = [];
      for (const [i, kinds] of [
        ['credential'],
        ['input', 'credential'],
        [],
        ['credential', 'input'],
      ].entries()) {
        const run = runRecord(tenant, {
          createdAt: `2026-01-01T00:01:0${i}.000Z`,
          status: 'waiting-input',
        });
        const asks = kinds.map((kind, k) =>
          interruptRecord(run.runId, {
            kind: kind as 'input',
            createdAt: `2026-01-01T00:01:0${i}.00${k}Z`,
          }),
        );
        await runs.insertRun(
          run,
          asks.length
            ? { changes: [{ runId: run.runId, at: run.createdAt, insertInterrupts: asks }] }
            : {},
        );
        waiting.push(run);
      }
      const wid = (...is: number[]) => is.map((i) => waiting[i]!.runId);
      const auth = {
        statuses: ['waiting-input'] as const,
        openKinds: [
          { status: 'waiting-input' as const, kinds: ['credential' as const], among: true },
        ],
      };
      const input = {
        statuses: ['waiting-input', 'completed'] as const,
        openKinds: [
          { status: 'waiting-input' as const, kinds: ['credential' as const], among: false },
        ],
      };
      expect(ids(await listed({ tenant, limit: 10, ...auth }))).toEqual(wid(3, 0));
      expect(ids(await listed({ tenant, limit: 10, ...input }))).toEqual(wid(2, 1));
      expect(await count(tenant, auth)).toBe(2);
      expect(await count(tenant, input)).toBe(2);
    });

    it('examines a bounded number of runs per page when no index decides a filter', async () => {
      const tenant = `t${uid()}`;
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          runs.insertRun(
            runRecord(tenant, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }),
          ),
        ),
      );
      // Runs made at one instant page by their ids, none skipped or repeated.
      const same = `t${uid()}`;
      await Promise.all(
        Array.from({ length: 5 }, () =>
          runs.insertRun(runRecord(same, { createdAt: '2026-01-01T00:00:00.000Z' })),
        ),
      );
      const seen: string[] = [];
      let at = await runs.listRuns({ tenant: same, limit: 2 });
      seen.push(...at.runs.map((r) => r.runId));
      while (at.next) {
        at = await runs.listRuns({ tenant: same, limit: 2, before: at.next });
        seen.push(...at.runs.map((r) => r.runId));
      }
      expect(new Set(seen).size).toBe(5);
      expect(seen).toHaveLength(5);
      // No run changed status after 2030: each page is empty, and says where the next one starts.
      const query = { tenant, limit: 5, statusAfter: '2030-01-01T00:00:00.000Z' };
      let page = await runs.listRuns(query);
      let pages = 1;
      while (page.next) {
        expect(page.runs).toEqual([]);
        page = await runs.listRuns({ ...query, before: page.next });
        pages += 1;
      }
      expect(page.runs).toEqual([]);
      expect(pages).toBeGreaterThan(2);
      expect(await runs.countMatchingRuns!(tenant, { statusAfter: query.statusAfter })).toBe(0);
      // Decided by an index: a full page, whatever the runs it skips.
      const full = await runs.listRuns({ tenant, limit: 5, statuses: ['pending'] });
      expect(full.runs).toHaveLength(5);
    });

    it('counts a tenant’s runs without reading them, exactly under concurrent inserts', async () => {
      const count = runs.countRuns?.bind(runs);
      expect(count).toBeDefined();
      const tenant = `t${uid()}`;
      expect(await count!(tenant)).toBe(0);
      const other = sut.sharedByHosts ? (await db.again()).runs : runs;
      await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? other : runs).insertRun(runRecord(tenant))),
      );
      await runs.insertRun(runRecord(`u${uid()}`));
      // A refused insert (its idempotency key is taken) counts for nothing.
      const key = uid();
      const idem = (runId: string) => ({
        tenant,
        principal: 'p',
        key,
        requestDigest: 'd',
        runId,
        createdAt: new Date().toISOString(),
      });
      const first = runRecord(tenant);
      await runs.insertRun(first, { idempotency: idem(first.runId) });
      const second = runRecord(tenant);
      await expect(runs.insertRun(second, { idempotency: idem(second.runId) })).rejects.toThrow();
      expect(await count!(tenant)).toBe(17);
      expect(await other.countRuns!(tenant)).toBe(17);
    });

    it('appends events from sequence 0 and applies the patch with them', async () => {
      const run = runRecord('acme');
      await runs.insertRun(run);
      expect(await runs.lastEventSequence(run.runId)).toBe(-1);
      const at = '2026-02-02T00:00:00.000Z';
      const res = await runs.commitRunChange({
        runId: run.runId,
        at,
        expectStatus: ['pending'],
        patch: { status: 'running', startedAt: at, engine: { nodeIndex: 1, vars: { k: 'v' } } },
        events: [
          { type: 'run.started', payload: { b: 2, a: 1 } },
          { type: 'log.appended', payload: { message: 'x' } },
        ],
      });
      expect(res).toStrictEqual({
        ok: true,
        events: [
          {
            runId: run.runId,
            sequence: 0,
            type: 'run.started',
            timestamp: at,
            payload: { b: 2, a: 1 },
          },
          {
            runId: run.runId,
            sequence: 1,
            type: 'log.appended',
            timestamp: at,
            payload: { message: 'x' },
          },
        ],
      });
      const back = await runs.getRun(run.runId);
      expect(back).toMatchObject({
        status: 'running',
        startedAt: at,
        statusAt: at,
        updatedAt: at,
        engine: { nodeIndex: 1, vars: { k: 'v' } },
      });
      expect(await runs.readEvents(run.runId, -1, 10)).toStrictEqual(res.ok ? res.events : []);
      expect(await runs.readEvents(run.runId, 0, 10)).toHaveLength(1);
      expect(await runs.readEvents(run.runId, -1, 1)).toHaveLength(1);
      expect(await runs.lastEventSequence(run.runId)).toBe(1);
      expect(JSON.stringify((await runs.readEvents(run.runId, -1, 1))[0]!.payload)).toBe(
        '{"b":2,"a":1}',
      );
    });

    it('inserts a run with its first changes in one transaction, as if committed one by one', async () => {
      const run = runRecord('acme');
      const t1 = '2026-02-02T00:00:01.000Z';
      const t2 = '2026-02-02T00:00:02.000Z';
      await runs.insertRun(run, {
        changes: [
          {
            runId: run.runId,
            at: t1,
            expectStatus: ['pending'],
            patch: { status: 'running', startedAt: t1 },
            events: [{ type: 'run.started', payload: { a: 1 } }],
          },
          {
            runId: run.runId,
            at: t2,
            expectStatus: ['running'],
            patch: { status: 'waiting-input', currentNodeId: 'ask' },
            insertInterrupts: [interruptRecord(run.runId, { nodeId: 'ask', createdAt: t2 })],
            events: [{ type: 'interrupt.requested', payload: { b: 2 } }],
          },
        ],
      });
      expect(await runs.getRun(run.runId)).toStrictEqual({
        ...run,
        status: 'waiting-input',
        startedAt: t1,
        statusAt: t2,
        updatedAt: t2,
        currentNodeId: 'ask',
      });
      const log = await runs.readEvents(run.runId, -1, 10);
      expect(log.map((e) => [e.sequence, e.type, e.timestamp])).toEqual([
        [0, 'run.started', t1],
        [1, 'interrupt.requested', t2],
      ]);
      expect((await runs.listInterrupts(run.runId, 'open')).map((i) => i.nodeId)).toEqual(['ask']);
    });

    it('writes a run with its first changes exactly as committing them one by one would', async () => {
      // Two runs alike: one inserted with its changes (written as its final state), the other
      // inserted bare and changed one commit at a time. Every read of the two must agree.
      const base = runRecord('acme', { createdAt: '2026-02-02T00:00:00.000Z' });
      const folded = base;
      const stepped = { ...base, runId: `acme.${uid()}` };
      const at = (s: number) => `2026-02-02T00:00:0${s}.000Z`;
      const note = (text: string, contextId: string) => ({
        binding: 'a2a' as const,
        contextId,
        append: { role: 'ROLE_USER', parts: [{ text }] },
      });
      const changesOf = (runId: string): RunChange[] => {
        const [a, b, c] = ['a', 'b', 'c'].map((n) =>
          interruptRecord(runId, { interruptId: `int_${n}_${runId}`, nodeId: n, createdAt: at(2) }),
        );
        return [
          {
            runId,
            at: at(1),
            expectStatus: ['pending'],
            patch: { status: 'running', startedAt: at(1), outputs: { o: 1 } },
            events: [{ type: 'run.started', payload: { z: 1, a: 2 } }],
          },
          {
            runId,
            at: at(2),
            expectStatus: ['running'],
            patch: { status: 'waiting-input', currentNodeId: 'a' },
            insertInterrupts: [a!, b!, c!],
            events: [
              { type: 'interrupt.requested', payload: { n: 'a' } },
              { type: 'interrupt.requested', payload: { n: 'b' } },
            ],
          },
          {
            runId,
            at: at(3),
            expectStatus: ['waiting-input'],
            closeInterrupt: {
              interruptId: a!.interruptId,
              status: 'resolved',
              resolution: { v: 1 },
            },
            patch: { status: 'waiting-input', engine: { nodeIndex: 2, vars: { x: 1 } } },
            note: note('second', 'ctx-later'),
            events: [{ type: 'interrupt.resolved', payload: {} }],
          },
          {
            runId,
            at: at(4),
            closeInterrupt: { interruptId: b!.interruptId, status: 'cancelled' },
            patch: { status: 'running', currentNodeId: null, outputs: null },
          },
          {
            runId,
            at: at(5),
            cancelOpenInterrupts: true,
            patch: { status: 'failed', error: { code: 'x', message: 'y' }, completedAt: at(5) },
            events: [{ type: 'run.failed', payload: { error: { code: 'x' } } }],
          },
          { runId, at: at(6), events: [{ type: 'negotiation.decided', payload: { p: 1 } }] },
        ];
      };
      const answered = await runs.insertRun(folded, {
        note: note('first', 'ctx-1'),
        changes: changesOf(folded.runId),
      });
      await runs.insertRun(stepped, { note: note('first', 'ctx-1') });
      for (const change of changesOf(stepped.runId))
        expect((await runs.commitRunChange(change)).ok).toBe(true);

      const same = <T>(v: T, runId: string): T =>
        JSON.parse(JSON.stringify(v).replaceAll(runId, 'RUN')) as T;
      const read = async (runId: string) => ({
        run: await runs.getRun(runId),
        events: await runs.readEvents(runId, -1, 100),
        last: await runs.lastEventSequence(runId),
        interrupts: await runs.listInterrupts(runId),
        record: await runs.getBindingRecord(runId, 'a2a'),
        view: await runs.readRunView?.(runId, 'a2a'),
      });
      const fromFold = await read(folded.runId);
      expect(same(fromFold, folded.runId)).toStrictEqual(
        same(await read(stepped.runId), stepped.runId),
      );
      expect(fromFold.run?.status).toBe('failed');
      expect(fromFold.events.map((e) => [e.sequence, e.type, e.timestamp])).toEqual([
        [0, 'run.started', at(1)],
        [1, 'interrupt.requested', at(2)],
        [2, 'interrupt.requested', at(2)],
        [3, 'interrupt.resolved', at(3)],
        [4, 'run.failed', at(5)],
        [5, 'negotiation.decided', at(6)],
      ]);
      expect(fromFold.interrupts.map((i) => [i.nodeId, i.status])).toEqual([
        ['a', 'resolved'],
        ['b', 'cancelled'],
        ['c', 'cancelled'],
      ]);
      // A store that answers the insert with its view answers what a read then finds.
      if (answered) expect(answered).toStrictEqual(await apart(folded.runId));
    });

    it('answers an insert that leaves interrupts open with the view a read finds', async () => {
      const run = runRecord('acme');
      const [x, y] = [3, 1].map((s) =>
        interruptRecord(run.runId, { nodeId: `n${s}`, createdAt: `2026-02-02T00:00:0${s}.000Z` }),
      );
      const answered = await runs.insertRun(run, {
        changes: [{ runId: run.runId, at: run.createdAt, insertInterrupts: [x!, y!] }],
      });
      if (answered) expect(answered).toStrictEqual(await apart(run.runId));
      expect((await apart(run.runId)).open.map((i) => i.nodeId)).toEqual(['n1', 'n3']);
    });

    it('rolls a whole insert back when one of its first changes conflicts', async () => {
      const run = runRecord('acme');
      const key = uid();
      const idempotency = {
        tenant: 'acme',
        principal: 'p1',
        key,
        requestDigest: 'd1',
        runId: run.runId,
        createdAt: run.createdAt,
      };
      const at = '2026-02-02T00:00:01.000Z';
      await expect(
        runs.insertRun(run, {
          idempotency,
          changes: [
            { runId: run.runId, at, events: [{ type: 'run.started', payload: {} }] },
            { runId: run.runId, at, expectStatus: ['running'], patch: { status: 'completed' } },
          ],
        }),
      ).rejects.toThrow();
      expect(await runs.getRun(run.runId)).toBeUndefined();
      expect(await runs.lastEventSequence(run.runId)).toBe(-1);
      expect(await runs.findIdempotency('acme', 'p1', key)).toBeUndefined();
    });

    it('moves statusAt only when the status changes, and null clears an optional field', async () => {
      const run = runRecord('acme', { status: 'running', outputs: { o: 1 }, currentNodeId: 'n' });
      await runs.insertRun(run);
      await runs.commitRunChange({
        runId: run.runId,
        at: '2026-03-01T00:00:00.000Z',
        patch: { status: 'running', outputs: null, currentNodeId: null },
      });
      const back = (await runs.getRun(run.runId))!;
      expect(back.statusAt).toBe(run.statusAt);
      expect(back.updatedAt).toBe('2026-03-01T00:00:00.000Z');
      expect('outputs' in back).toBe(false);
      expect('currentNodeId' in back).toBe(false);
    });

    it('answers a missing run and a failed status guard as conflicts, writing nothing', async () => {
      const run = runRecord('acme');
      await runs.insertRun(run);
      expect(
        await runs.commitRunChange({ runId: `acme.${uid()}`, at: run.createdAt, events: [] }),
      ).toStrictEqual({ ok: false, conflict: 'missing' });
      expect(
        await runs.commitRunChange({
          runId: run.runId,
          at: '2026-04-01T00:00:00.000Z',
          expectStatus: ['running'],
          patch: { status: 'completed' },
          events: [{ type: 'run.completed', payload: {} }],
        }),
      ).toStrictEqual({ ok: false, conflict: 'status' });
      expect(await runs.getRun(run.runId)).toStrictEqual(run);
      expect(await runs.lastEventSequence(run.runId)).toBe(-1);
    });

    it('closes an interrupt once; a second close rolls its whole change back', async () => {
      const run = runRecord('acme', { status: 'waiting-input' });
      await runs.insertRun(run);
      const a = interruptRecord(run.runId, { schema: { type: 'object' }, approvers: ['x'] });
      const b = interruptRecord(run.runId, {
        kind: 'custom',
        clientRequest: { method: 'roots/list' },
        connectUrl: 'https://example.test/c',
      });
      await runs.commitRunChange({ runId: run.runId, at: a.createdAt, insertInterrupts: [a, b] });
      expect(await runs.getInterrupt(a.interruptId)).toStrictEqual(a);
      expect(await runs.listInterrupts(run.runId)).toStrictEqual([a, b]);

      const at = '2026-05-01T00:00:00.000Z';
      const close = {
        runId: run.runId,
        at,
        closeInterrupt: {
          interruptId: a.interruptId,
          status: 'resolved' as const,
          resolution: { ok: 1 },
        },
        patch: { status: 'running' as const },
        events: [{ type: 'interrupt.resolved', payload: { interruptId: a.interruptId } }],
      };
      expect((await runs.commitRunChange(close)).ok).toBe(true);
      expect(await runs.commitRunChange({ ...close, patch: { status: 'failed' } })).toStrictEqual({
        ok: false,
        conflict: 'interrupt',
      });
      expect((await runs.getRun(run.runId))!.status).toBe('running');
      expect(await runs.lastEventSequence(run.runId)).toBe(0);
      expect(await runs.getInterrupt(a.interruptId)).toStrictEqual({
        ...a,
        status: 'resolved',
        resolution: { ok: 1 },
        resolvedAt: at,
      });
      expect((await runs.listInterrupts(run.runId, 'open')).map((i) => i.interruptId)).toEqual([
        b.interruptId,
      ]);
      await runs.commitRunChange({ runId: run.runId, at, cancelOpenInterrupts: true });
      expect(await runs.listInterrupts(run.runId, 'open')).toEqual([]);
      expect((await runs.getInterrupt(b.interruptId))!.status).toBe('cancelled');
    });

    it('keeps the binding record with the change: context kept once set, history appended', async () => {
      const run = runRecord('acme');
      const m1 = { role: 'user', parts: [{ text: 'one' }], messageId: 'm1' };
      await runs.insertRun(run, { note: { binding: 'a2a', contextId: 'ctx-1', append: m1 } });
      const m2 = { role: 'agent', parts: [{ text: 'two' }], messageId: 'm2' };
      await runs.commitRunChange({
        runId: run.runId,
        at: '2026-06-01T00:00:00.000Z',
        note: { binding: 'a2a', contextId: 'ignored', append: m2 },
      });
      expect(await runs.getBindingRecord(run.runId, 'a2a')).toStrictEqual({
        contextId: 'ctx-1',
        history: [m1, m2],
        updatedAt: '2026-06-01T00:00:00.000Z',
      });
      const failed = await runs.commitRunChange({
        runId: run.runId,
        at: '2026-06-02T00:00:00.000Z',
        expectStatus: ['completed'],
        note: { binding: 'a2a', contextId: 'ctx-1', append: m1 },
      });
      expect(failed.ok).toBe(false);
      expect((await runs.getBindingRecord(run.runId, 'a2a'))!.history).toHaveLength(2);
      expect(await runs.getBindingRecord(runRecord('acme').runId, 'a2a')).toBeUndefined();
    });

    it('reads a page of runs’ interrupts and binding records at once, as one by one', async () => {
      const [r1, r2, r3] = [runRecord('acme'), runRecord('acme'), runRecord('acme')];
      const m = { role: 'user', parts: [{ text: 'x' }], messageId: 'm' };
      await runs.insertRun(r1!, { note: { binding: 'a2a', contextId: 'c1', append: m } });
      await runs.insertRun(r2!);
      await runs.insertRun(r3!, { note: { binding: 'a2a', contextId: 'c3', append: m } });
      const i1 = interruptRecord(r1!.runId, { createdAt: '2026-01-01T00:00:02.000Z' });
      const i2 = interruptRecord(r1!.runId, { createdAt: '2026-01-01T00:00:01.000Z' });
      const i3 = interruptRecord(r3!.runId);
      await runs.commitRunChange({
        runId: r1!.runId,
        at: i1.createdAt,
        insertInterrupts: [i1, i2],
      });
      await runs.commitRunChange({ runId: r3!.runId, at: i3.createdAt, insertInterrupts: [i3] });
      await runs.commitRunChange({
        runId: r3!.runId,
        at: i3.createdAt,
        closeInterrupt: { interruptId: i3.interruptId, status: 'resolved', resolution: {} },
      });
      const ids = [r1!.runId, r2!.runId, r3!.runId, `acme.${uid()}`];
      const open = await runs.listInterruptsOfRuns(ids, 'open');
      expect(open).toStrictEqual(await runs.listInterrupts(r1!.runId, 'open'));
      expect(open.map((i) => i.interruptId)).toEqual([i2.interruptId, i1.interruptId]);
      const all = await runs.listInterruptsOfRuns(ids);
      expect(all.filter((i) => i.runId === r3!.runId)).toStrictEqual(
        await runs.listInterrupts(r3!.runId),
      );
      expect(await runs.listInterruptsOfRuns([], 'open')).toEqual([]);
      const records = await runs.getBindingRecords(ids, 'a2a');
      expect([...records.keys()].sort()).toEqual([r1!.runId, r3!.runId].sort());
      expect(records.get(r1!.runId)).toStrictEqual(await runs.getBindingRecord(r1!.runId, 'a2a'));
      expect(records.get(r3!.runId)!.contextId).toBe('c3');
      expect((await runs.getBindingRecords([], 'a2a')).size).toBe(0);
    });

    it('reads a task view’s run, open interrupts and record at once, as the three reads do', async () => {
      // Both adapters offer it: one statement / one round trip for a GetTask.
      const readRunView = runs.readRunView!.bind(runs);
      const run = runRecord('acme', {
        outputs: { text: 'Grüße 👋', n: [1, null] },
        metadata: { k: 'v' },
        currentNodeId: 'ask',
      });
      const m = { role: 'user', parts: [{ text: '“quoted” \\ text' }], messageId: 'm1' };
      await runs.insertRun(run, { note: { binding: 'a2a', contextId: 'ctx-1', append: m } });
      const at = '2026-01-01T00:00:02.000Z';
      const later = interruptRecord(run.runId, {
        createdAt: at,
        kind: 'approval',
        approvers: ['alice', 'bob'],
        schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      });
      // Opened by the same change at the same instant: insertion order breaks the tie.
      const twin = interruptRecord(run.runId, { createdAt: at });
      const earlier = interruptRecord(run.runId, {
        createdAt: '2026-01-01T00:00:01.000Z',
        kind: 'credential',
        connectUrl: 'https://example.test/connect',
        clientRequest: { method: 'sampling/createMessage', params: { maxTokens: 5 } },
      });
      const closed = interruptRecord(run.runId, { createdAt: '2026-01-01T00:00:00.000Z' });
      await runs.commitRunChange({
        runId: run.runId,
        at,
        insertInterrupts: [later, twin, earlier, closed],
      });
      await runs.commitRunChange({
        runId: run.runId,
        at,
        closeInterrupt: { interruptId: closed.interruptId, status: 'resolved', resolution: {} },
      });
      const view = await readRunView(run.runId, 'a2a');
      expect(view).toStrictEqual(await apart(run.runId));
      expect(view!.open.map((i) => i.interruptId)).toEqual([
        earlier.interruptId,
        later.interruptId,
        twin.interruptId,
      ]);
      expect(view!.record!.history).toEqual([m]);

      const bare = runRecord('acme');
      await runs.insertRun(bare);
      expect(await readRunView(bare.runId, 'a2a')).toStrictEqual({
        run: await runs.getRun(bare.runId),
        open: [],
        record: undefined,
      });
      expect(await readRunView(`acme.${uid()}`, 'a2a')).toBeUndefined();
    });

    it('reads a view again after each kind of write as the write left it, sharing no objects', async () => {
      // The SQLite adapter answers repeated reads from memory (sqlite/run-view-cache.ts): every
      // write of the run must be seen by the next read, and a write that failed must change nothing.
      const readRunView = runs.readRunView!.bind(runs);
      const run = runRecord('acme');
      const note = (text: string) => ({
        binding: 'a2a' as const,
        contextId: 'ctx-1',
        append: { role: 'user', parts: [{ text }], messageId: text },
      });
      await runs.insertRun(run, { note: note('m1') });
      const first = await readRunView(run.runId, 'a2a');
      expect(first).toStrictEqual(await apart(run.runId));
      // A caller that edits what it was given changes nothing the next caller sees.
      first!.run.status = 'failed';
      first!.record!.history.push({ messageId: 'injected' });
      expect(await readRunView(run.runId, 'a2a')).toStrictEqual(await apart(run.runId));

      const ask = interruptRecord(run.runId, { createdAt: '2026-01-01T00:00:01.000Z' });
      const at = '2026-01-01T00:00:02.000Z';
      const writes: Omit<RunChange, 'runId' | 'at'>[] = [
        { patch: { status: 'running', startedAt: at } },
        { insertInterrupts: [ask], patch: { status: 'waiting-input' }, note: note('m2') },
        // Refused (the interrupt is still open, the status is not `running`): nothing changes.
        { expectStatus: ['running'], patch: { status: 'completed' } },
        { closeInterrupt: { interruptId: ask.interruptId, status: 'resolved', resolution: {} } },
        // Refused: the interrupt is already closed.
        { closeInterrupt: { interruptId: ask.interruptId, status: 'resolved', resolution: {} } },
        { patch: { status: 'completed', outputs: { ok: true }, completedAt: at } },
      ];
      for (const w of writes) {
        await readRunView(run.runId, 'a2a');
        await runs.commitRunChange({ runId: run.runId, at, ...w });
        expect(await readRunView(run.runId, 'a2a')).toStrictEqual(await apart(run.runId));
      }
      const last = await readRunView(run.runId, 'a2a');
      expect(last!.run.status).toBe('completed');
      expect(last!.open).toEqual([]);
      expect(last!.record!.history.map((m) => (m as { messageId: string }).messageId)).toEqual([
        'm1',
        'm2',
      ]);
    });

    it('refuses a second run under one idempotency key and keeps nothing of it', async () => {
      const key = uid();
      const first = runRecord('acme');
      const idem = (runId: string) => ({
        tenant: 'acme',
        principal: 'p1',
        key,
        requestDigest: 'd1',
        runId,
        createdAt: first.createdAt,
      });
      await runs.insertRun(first, { idempotency: idem(first.runId) });
      const second = runRecord('acme');
      await expect(runs.insertRun(second, { idempotency: idem(second.runId) })).rejects.toThrow();
      expect(await runs.getRun(second.runId)).toBeUndefined();
      expect(await runs.findIdempotency('acme', 'p1', key)).toStrictEqual(idem(first.runId));
      expect(await runs.findIdempotency('acme', 'p2', key)).toBeUndefined();
    });

    it('keeps per-run sequences gap-free and each change contiguous under concurrent writers', async () => {
      const run = runRecord('acme', { status: 'running' });
      await runs.insertRun(run);
      const other = sut.sharedByHosts ? (await db.again()).runs : runs;
      const writers = Array.from({ length: 24 }, (_, w) =>
        (w % 2 ? other : runs).commitRunChange({
          runId: run.runId,
          at: run.createdAt,
          events: [0, 1, 2].map((i) => ({ type: 'log.appended', payload: { w, i } })),
        }),
      );
      const results = await Promise.all(writers);
      const events = await runs.readEvents(run.runId, -1, 1000);
      expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: 72 }, (_, i) => i));
      for (const res of results) {
        if (!res.ok) throw new Error('a writer was refused');
        const [s0, s1, s2] = res.events.map((e) => e.sequence);
        expect([s1! - s0!, s2! - s0!]).toEqual([1, 2]);
        const w = (res.events[0]!.payload as { w: number }).w;
        expect(events.slice(s0, s0! + 3).map((e) => e.payload)).toEqual([
          { w, i: 0 },
          { w, i: 1 },
          { w, i: 2 },
        ]);
      }
    });

    it('lets exactly one of two concurrent inserts under one idempotency key win', async () => {
      const key = uid();
      const other = sut.sharedByHosts ? (await db.again()).runs : runs;
      const tries = [runs, other, runs, other].map((store) => {
        const run = runRecord('acme');
        return store
          .insertRun(run, {
            idempotency: {
              tenant: 'acme',
              principal: owner('acme').subjectId,
              key,
              requestDigest: 'd',
              runId: run.runId,
              createdAt: run.createdAt,
            },
          })
          .then(
            () => run.runId,
            () => undefined,
          );
      });
      const won = (await Promise.all(tries)).filter((id) => id !== undefined);
      expect(won).toHaveLength(1);
      expect((await runs.findIdempotency('acme', 'u1', key))!.runId).toBe(won[0]);
    });
  });
}
