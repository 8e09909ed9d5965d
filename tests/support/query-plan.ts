import type { Database } from "bun:sqlite";

/**
 * The steps of SQLite's plan for `sql` (EXPLAIN QUERY PLAN's `detail` column), each bound parameter (`?`, `?1`) read
 * as NULL: a plan does not depend on the values. The tests that prove a read never scans a table growing with the
 * shop's history read their plans through it.
 */
export function queryPlan(db: Database, sql: string): string[] {
  return db
    .query<{ detail: string }, []>(`EXPLAIN QUERY PLAN ${sql.replaceAll(/\?\d*/g, "NULL")}`)
    .all()
    .map((row) => row.detail);
}
