// Prepared statements, compiled once per SQL text and reused: preparing on every call cost about 5%
// of the host's CPU under load. Dynamic SQL (a patch's SET list, a list query's filters)
// comes from a small fixed set of shapes, so the cache stays bounded.
import type Database from 'better-sqlite3';

export class Statements {
  private readonly cache = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  get(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }
}
