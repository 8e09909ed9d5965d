import { openDatabase } from "../../../src/db/open";

/**
 * The day a scheduled email waits for comes: a running shop's waiting emails of one kind fall due now, as they would
 * at their morning. Prints when each was due, so the story can check it waited for the right morning.
 * Run with Bun: bun tests/e2e/support/email-day-comes.ts <shop.db> <kind>
 */
const [file, kind] = process.argv.slice(2);
if (!file || !kind) throw new Error("Usage: bun email-day-comes.ts <shop.db> <kind>");
const db = openDatabase(file);
const waiting = db
  .query<{ recipient: string; next_attempt_at: string }, [string]>(
    "SELECT recipient, next_attempt_at FROM email_outbox WHERE kind = ? AND status = 'pending' ORDER BY id",
  )
  .all(kind);
db.query("UPDATE email_outbox SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE kind = ? AND status = 'pending'").run(kind);
db.close();
console.log(JSON.stringify(waiting));
