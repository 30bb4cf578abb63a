// Test-only crash points (durability under SIGKILL at named points). With
// `WOPGEN_TEST_KILL_AT=<point>[:<n>]` in its environment, the process kills itself with SIGKILL the
// n-th time (default: the first) it reaches <point>, so a test can restart it on what the crash
// left and check that nothing acknowledged was lost and nothing ran twice. Without the variable,
// `killPoint` is a function that does nothing: the hook costs one call of an empty function.
//
// The points, in the order a request meets them:
// - `run-create`        a new run's insert, with its first turn, has committed; nobody has been
//                       told (core/reference/first-turn.ts)
// - `step-commit`       an engine transition has committed; the engine has not gone on (engine)
// - `interrupt-resolve` an interrupt's answer has committed; the run has not resumed (engine)
// - `cancel`            a cancellation has committed; nobody has been told (engine)
// - `push-claim`        pushes were claimed under a lease; none has been sent (push outbox)
// - `outbound-before-send`  an outbound step's intent to send is durable; nothing has left
// - `outbound-after-send`   the remote has answered the send; its answer is not recorded
// - `outbound-after-record` the remote's answer (its task, or the step's outcome) is committed;
//                           the engine has not gone on (engine/outbound/seam.ts, the effect seam)
// - `group-write`       a transaction is written to the WAL; its fdatasync has not started
// - `group-sync`        the fdatasync has finished; nobody waiting on it has been answered
// A write is answered only after its group sync (sqlite group-commit.ts), so a kill at any point
// before `group-sync` returns loses only unacknowledged work, and one after it loses nothing.

export const KILL_POINTS = [
  'run-create',
  'step-commit',
  'interrupt-resolve',
  'cancel',
  'push-claim',
  'outbound-before-send',
  'outbound-after-send',
  'outbound-after-record',
  'group-write',
  'group-sync',
] as const;

export type KillPoint = (typeof KILL_POINTS)[number];

export const KILL_AT_VARIABLE = 'WOPGEN_TEST_KILL_AT';

/** The point and the count of `<point>[:<n>]`; undefined (and a warning) for anything else. */
export function parseKillAt(value: string): { point: KillPoint; n: number } | undefined {
  const m = /^([a-z-]+)(?::([1-9]\d{0,6}))?$/.exec(value);
  if (!m || !(KILL_POINTS as readonly string[]).includes(m[1]!)) return undefined;
  return { point: m[1] as KillPoint, n: m[2] === undefined ? 1 : Number(m[2]) };
}

function armed(value: string | undefined): (point: KillPoint) => void {
  if (value === undefined || value === '') return () => undefined;
  const target = parseKillAt(value);
  if (!target) {
    // A typo must not pass silently as "armed": the test would believe a point was never reached.
    process.emitWarning(
      `${KILL_AT_VARIABLE}=${value} names no kill point (${KILL_POINTS.join(', ')})`,
    );
    return () => undefined;
  }
  let seen = 0;
  return (point) => {
    if (point !== target.point || ++seen < target.n) return;
    process.kill(process.pid, 'SIGKILL');
  };
}

/** Reached a named point: SIGKILL here when the environment asks for it (see above). */
export const killPoint: (point: KillPoint) => void = armed(process.env[KILL_AT_VARIABLE]);
