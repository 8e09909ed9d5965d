import { openDatabase } from "../../../src/db/open";
import { writeTransaction } from "../../../src/db/transaction";

/**
 * One writer process for tests/ops/concurrent-writers.test.ts: opens the
 * database exactly as the shop does (src/db/open.ts) and, <count> times,
 * increments a counter in IMMEDIATE read-modify-write transactions that
 * hold the write lock a while (work between the read and the write), then
 * yields for a millisecond as a server does between requests. Prints one JSON
 * line: increments acknowledged (committed), errors seen, and how often and
 * how long it had to wait for the other writer or Litestream.
 * Usage: bun counter-writer.ts <db file> <count>
 *
 * Without the pause, two processes committing back-to-back can starve each
 * other past busy_timeout: SQLite's lock is not fair, a waiter only polls.
 */
const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error("Usage: bun counter-writer.ts <db file> <count>");

const db = openDatabase(file);
const read = db.query<{ value: number }, []>("SELECT value FROM counter WHERE id = 1");
const write = db.query<unknown, [number]>("UPDATE counter SET value = ? WHERE id = 1");
let acknowledged = 0;
let waited = 0;
let longestMs = 0;
const errors: string[] = [];

for (let n = 0; n < Number(count); n++) {
  const started = performance.now();
  try {
    writeTransaction(db, () => {
      const value = read.get()?.value ?? 0;
      Bun.sleepSync(1);
      write.run(value + 1);
    });
    acknowledged += 1; // committed: what a client would be told
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
  const took = performance.now() - started;
  if (took > 5) waited += 1; // the lock was held by someone else
  longestMs = Math.max(longestMs, took);
  await Bun.sleep(1);
}
db.close();
console.log(
  JSON.stringify({ acknowledged, waited, longestMs: Math.round(longestMs), errors: errors.slice(0, 5), errorCount: errors.length }),
);
