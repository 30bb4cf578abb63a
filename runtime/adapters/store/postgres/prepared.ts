// Named (prepared) statements. PostgreSQL parses, analyses and plans an unnamed statement on every
// call, and a named one once per connection, then only binds and executes it: under a GetTask load
// parse, analysis and planning were ~60% of the database server's CPU (perf, bench/host). Each
// distinct text gets one name (a digest of it), so a name never stands for two texts; every
// statement prepared here has a fixed text or one of a few shapes, so each connection keeps a
// bounded set. Statements name their columns (no `SELECT *`): a column a later migration adds
// (another host upgraded first) must not change a prepared statement's result type, which
// PostgreSQL refuses ("cached plan must not change result type").
import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';

const names = new Map<string, string>();

/** The query config of `text` as a named statement, with `values`. */
export function prepared(text: string, values: unknown[] = []): QueryConfig<unknown[]> {
  let name = names.get(text);
  if (name === undefined) {
    name = `w${createHash('sha256').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return { name, text, values };
}
