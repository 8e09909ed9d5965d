import type { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpoints } from "../../src/db/checkpoints";
import { openDatabase } from "../../src/db/open";
import { walIndexWords } from "../../src/db/wal-index";
import { waitUntil } from "../support/wait-until";
import { locksOnWalIndex } from "../support/wal-index-locks";

// The write-ahead log copied into the database on a thread of its own, never inside one of the shop's commits
// (docs/decisions/0055-single-pages-start-and-stalls.md). Read from SQLite's WAL index as the shop reads it
// (src/db/wal-index.ts): the header's last frame (mxFrame, word 4) and, in the checkpoint information after the
// header's two copies, the frames already copied into the database (nBackfill, word 24).

const dir = mkdtempSync(join(tmpdir(), "strata-checkpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function logFrames(db: Database): { last: number; copied: number } {
  const words = walIndexWords(db, 26)!;
  return { last: words[4]!, copied: words[24]! };
}

describe("the checkpoints' worker (startCheckpoints)", () => {
  test("copies the shop's commits into the database while the shop's own connection leaves them to it", async () => {
    const file = join(dir, "shop.db");
    const db = openDatabase(file);
    db.run("CREATE TABLE things (name TEXT)");
    const insert = db.query("INSERT INTO things (name) VALUES (?)");
    for (let index = 0; index < 50; index++) insert.run(`before ${index}`);
    // SQLite's own checkpoint waits for 1,000 pages: fifty small commits are all still only in the log.
    expect(logFrames(db).copied).toBe(0);

    expect(locksOnWalIndex(file)).toContain("READ 128 128");
    const checkpoints = startCheckpoints(db, { everyMs: 20, minFrames: 1 });
    expect(db.query<{ wal_autocheckpoint: number }, []>("PRAGMA wal_autocheckpoint").get()?.wal_autocheckpoint).toBe(
      FALLBACK_AUTOCHECKPOINT_PAGES,
    );
    for (let index = 0; index < 50; index++) insert.run(`after ${index}`);
    // The worker's own report of its checkpoint arrives as a message after the frames are copied: both are waited on.
    await waitUntil(
      () => {
        const frames = logFrames(db);
        return frames.last > 0 && frames.copied === frames.last && checkpoints.count() > 0;
      },
      10_000,
      "every frame of the log copied into the database by the worker, and the worker saying so",
    );
    expect(db.query<{ n: number }, []>("SELECT count(*) AS n FROM things").get()?.n).toBe(100);
    // The worker read the index without taking this process's hold on it away (its connection shares the hold). Only
    // the hold is asked for: the worker's next checkpoint may hold locks of its own at this moment.
    expect(locksOnWalIndex(file)).toContain("READ 128 128");

    // Stopped, its connection is closed: the shop's is then the last, and its close removes the log (main.ts).
    await checkpoints.stop();
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
