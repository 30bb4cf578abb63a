// The predicate of the partial index of live runs (SQLite migration 7, PostgreSQL migration 5),
// which only recovery's lookup by status reads. Both planners use a partial index only for a WHERE
// that contains its predicate, so listRunsByStatus repeats it, word for word, whenever none of the
// statuses asked for has ended (the migrations spell it out themselves: they are never edited).
export const LIVE_RUNS = `status NOT IN ('completed', 'failed', 'cancelled')`;

const ENDED: readonly string[] = ['completed', 'failed', 'cancelled'];

/** ` AND <the predicate>` when the index holds every run of `statuses`, else nothing. */
export function liveRunsClause(statuses: readonly string[]): string {
  return statuses.some((s) => ENDED.includes(s)) ? '' : ` AND ${LIVE_RUNS}`;
}
