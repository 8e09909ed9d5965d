import { Database } from "bun:sqlite";

/**
 * `PRAGMA integrity_check` on one SQLite file: the entrypoint runs it before
 * serving (after a restore, or after a crash), backup-verify on a restored copy.
 * Usage: bun scripts/integrity-check.ts path/to/shop.db — exits 1 unless "ok".
 */
export function integrityCheck(file: string): { ok: boolean; problems: string[] } {
  const db = new Database(file, { readwrite: true, create: false });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    const rows = db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== "ok");
    return { ok: problems.length === 0 && rows.length > 0, problems };
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) {
    console.error("Usage: bun scripts/integrity-check.ts path/to/shop.db");
    process.exit(2);
  }
  let result: { ok: boolean; problems: string[] };
  try {
    result = integrityCheck(file);
  } catch (error) {
    result = { ok: false, problems: [error instanceof Error ? error.message : String(error)] };
  }
  const line = { time: new Date().toISOString(), level: result.ok ? "info" : "error", msg: "integrity_check", file, ...result };
  (result.ok ? console.log : console.error)(JSON.stringify(line));
  process.exit(result.ok ? 0 : 1);
}
