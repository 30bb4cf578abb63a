// Micro-benchmark of the SQLite store's write path for one created run: the rows a
// SendMessage writes (run row, three events, an idempotency row, an A2A task record) inserted in
// groups as a busy event-loop turn commits them (grouped-writes.ts). The store is opened exactly as
// the host opens it (openSqliteStores: pragmas, migrations) in a fresh file per variant, prefilled
// with PREFILL runs; each variant then changes one thing (an index, a pragma) to show what that
// thing costs. Variants are measured in interleaved rounds (the machine is shared). Per variant:
//   - store: `runs.insertRun` itself, GROUP concurrent calls per turn: process CPU µs per run
//     (fdatasync and the checkpointer thread included);
//   - stmt: the same rows' statements run directly in the grouped shape (a transaction per group,
//     a savepoint per run): their CPU µs per run, the WAL frames each run costs, and the wall µs
//     of each phase.
// Prints a table of medians (BENCH_STAT=min: minima); asserts nothing.
//
//   npx tsx bench/store-insert.ts [variant ...]
//   (BENCH_RUNS per round, BENCH_ROUNDS, BENCH_GROUP runs per transaction, BENCH_PREFILL)
import { mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openSqliteStores, type SqliteStores } from '../runtime/adapters/store/sqlite/index.ts';
import {
  INSERT_EVENT_SQL,
  INSERT_IDEMPOTENCY_SQL,
  INSERT_RUN_SQL,
} from '../runtime/adapters/store/sqlite/run-sql.ts';
import { runToRow } from '../runtime/adapters/store/sqlite/rows.ts';
import { variants, type Variant } from './store-insert-variants.ts';
import { benchRun, PHASES, type Phase } from './store-insert-rows.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3000);
const GROUP = Number(process.env['BENCH_GROUP'] ?? 16);
const PREFILL = Number(process.env['BENCH_PREFILL'] ?? 20_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);

/** BENCH_STAT=min: the least of the rounds (other processes' load only ever adds to it). */
const STAT = process.env['BENCH_STAT'] === 'min' ? 'min' : 'median';
const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[STAT === 'min' ? 0 : Math.floor(xs.length / 2)]!;

/**
 * Frames in the WAL now: mxFrame of the WAL-index header (the -shm file, offset 16), which SQLite
 * keeps current in shared memory, so each read sees the last commit's.
 */
function walFrames(file: string): () => number {
  const fd = openSync(`${file}-shm`, 'r');
  const buf = Buffer.alloc(4);
  return () => {
    readSync(fd, buf, 0, 4, 16);
    return buf.readUInt32LE(0);
  };
}

/** Inserts `n` runs' rows directly, GROUP per transaction, timing each phase (ns, summed). */
function stmtRound(s: SqliteStores, n: number, times: Record<Phase, number>): number {
  const db = s.db;
  const wal = walFrames(db.name);
  let frames = 0;
  const run = db.prepare(INSERT_RUN_SQL);
  const idem = db.prepare(INSERT_IDEMPOTENCY_SQL);
  const task = db.prepare(
    `INSERT INTO a2a_tasks (run_id, context_id, history, updated_at, tenant, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const event = db.prepare(INSERT_EVENT_SQL);
  const savepoint = db.transaction((f: () => void) => f());
  const group = db.transaction((f: () => void) => f()).immediate;
  let t = process.hrtime.bigint();
  const lap = (p: Phase) => {
    const now = process.hrtime.bigint();
    times[p] += Number(now - t);
    t = now;
  };
  for (let done = 0; done < n; done += GROUP) {
    const rows = Array.from({ length: Math.min(GROUP, n - done) }, () => benchRun());
    const runRows = rows.map((r) => runToRow(r.run));
    const before = wal();
    t = process.hrtime.bigint();
    group(() => {
      lap('begin');
      rows.forEach((r, k) => {
        savepoint(() => {
          lap('savepoint');
          run.run(runRows[k]);
          lap('run');
          const i = r.idempotency;
          idem.run(i.tenant, i.principal, i.key, i.requestDigest, i.runId, i.createdAt);
          lap('idempotency');
          task.run(
            r.run.runId,
            r.note.contextId,
            JSON.stringify([r.note.append]),
            r.run.createdAt,
            r.run.tenant,
            r.run.createdAt,
          );
          lap('a2a_task');
          for (const e of r.events)
            event.run(r.run.runId, e.sequence, e.type, e.timestamp, JSON.stringify(e.payload));
          lap('events');
        });
        lap('savepoint');
      });
    });
    lap('commit');
    // The WAL restarts after a checkpoint: then all its frames are this group's.
    const after = wal();
    frames += after >= before ? after - before : after;
  }
  return frames / n;
}

/** Inserts `n` runs through the store, GROUP concurrent calls per turn; CPU µs of the process. */
async function storeRound(s: SqliteStores, n: number): Promise<number> {
  const before = process.cpuUsage();
  for (let done = 0; done < n; done += GROUP) {
    const batch = Array.from({ length: Math.min(GROUP, n - done) }, () => benchRun());
    await Promise.all(
      batch.map((r) =>
        s.runs.insertRun(r.run, {
          idempotency: r.idempotency,
          note: r.note,
          changes: [{ runId: r.run.runId, at: r.run.createdAt, events: r.changeEvents }],
        }),
      ),
    );
  }
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / n;
}

interface Subject {
  v: Variant;
  s: SqliteStores;
  dir: string;
  stmt: Record<Phase, number[]>;
  stmtCpu: number[];
  store: number[];
  frames: number[];
}

/** A fresh store for `v`, prefilled; measured in rounds interleaved with the other variants'. */
function open(v: Variant): Subject {
  const dir = mkdtempSync(join(tmpdir(), 'wopgen-store-insert-'));
  if (v.create) {
    const db = new Database(join(dir, 'bench.db'));
    v.create(db);
    db.close();
  }
  const s = openSqliteStores(join(dir, 'bench.db'));
  v.apply?.(s.db);
  const fill = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  for (let done = 0; done < PREFILL; done += 1000) stmtRound(s, 1000, fill);
  const stmt = Object.fromEntries(PHASES.map((p) => [p, []])) as unknown as Record<Phase, number[]>;
  return { v, s, dir, stmt, stmtCpu: [], store: [], frames: [] };
}

async function round(x: Subject): Promise<void> {
  const times = Object.fromEntries(PHASES.map((p) => [p, 0])) as Record<Phase, number>;
  const before = process.cpuUsage();
  x.frames.push(stmtRound(x.s, RUNS, times));
  const cpu = process.cpuUsage(before);
  x.stmtCpu.push((cpu.user + cpu.system) / RUNS);
  for (const p of PHASES) x.stmt[p].push(times[p] / RUNS / 1000);
  x.store.push(await storeRound(x.s, RUNS));
}

const chosen = process.argv.slice(2);
const list = chosen.length ? variants.filter((v) => chosen.includes(v.name)) : variants;
const subjects = list.map(open);
for (let r = 0; r < ROUNDS; r++) for (const x of subjects) await round(x);
const f = (x: number) => x.toFixed(1).padStart(7);
process.stdout.write(
  `runs ${RUNS} × ${ROUNDS} rounds (variants interleaved), groups of ${GROUP}, prefill ${PREFILL}; ` +
    `µs per run, ${STAT === 'min' ? 'minima' : 'medians'}: store = insertRun's process CPU, stmt = the statements' CPU, then ` +
    `WAL frames per run, their wall time by phase\n` +
    `${'variant'.padEnd(30)}${'store'.padStart(8)}${'stmt'.padStart(8)}${'frames'.padStart(8)}` +
    PHASES.map((p) => p.slice(0, 7).padStart(8)).join('') +
    '\n',
);
for (const x of subjects) {
  process.stdout.write(
    `${x.v.name.padEnd(30)}${f(median(x.store)).padStart(8)}${f(median(x.stmtCpu)).padStart(8)}` +
      f(median(x.frames)).padStart(8) +
      PHASES.map((p) => f(median(x.stmt[p])).padStart(8)).join('') +
      '\n',
  );
  await x.s.close();
  rmSync(x.dir, { recursive: true, force: true });
}
