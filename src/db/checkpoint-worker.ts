import { Database } from "bun:sqlite";
import { walIndexWords } from "./wal-index";

// Runs inside the Worker that src/db/checkpoints.ts starts: a connection of its own to the shop's file, which
// copies the write-ahead log into the database every `everyMs` (a PASSIVE checkpoint: it never waits for the
// shop's readers or writers, and does what they leave room for). The checkpoint's fsyncs sleep here, on this
// thread, instead of in whichever of the shop's commits passed SQLite's automatic threshold: on a busy disk one
// such fsync was a third of a second with every shopper waiting
// (docs/decisions/0055-single-pages-start-and-stalls.md). Little is imported (bun:sqlite, and the WAL index's
// reader): a worker is loaded from its source, and this one should start in a moment.
declare const self: Worker;

export type CheckpointRequest = { start: { file: string; everyMs: number; minFrames: number } } | { stop: true };
export type CheckpointAnswer = { checkpointed: number } | { failure: string } | { stopped: true };

let db: Database | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

self.onmessage = ({ data }: MessageEvent<CheckpointRequest>) => {
  if ("stop" in data) {
    clearInterval(timer);
    db?.close();
    self.postMessage({ stopped: true } satisfies CheckpointAnswer);
    return;
  }
  const { file, everyMs, minFrames } = data.start;
  db = new Database(file, { strict: true });
  db.exec("PRAGMA busy_timeout = 5000");
  const checkpoint = db.query<{ busy: number; log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(PASSIVE)");
  const framesToCopy = logFramesToCopy(db);
  timer = setInterval(() => {
    try {
      // Only a log of `minFrames` or more: the next commit after a whole checkpoint starts the log again, and
      // syncs its header on the shop's thread (SQLite's rule at synchronous = NORMAL), as often as SQLite's own
      // checkpoints made it do, no more.
      if (framesToCopy() < minFrames) return;
      const result = checkpoint.get();
      self.postMessage({ checkpointed: result?.checkpointed ?? 0 } satisfies CheckpointAnswer);
    } catch (error) {
      self.postMessage({ failure: String(error) } satisfies CheckpointAnswer);
    }
  }, everyMs);
};

/**
 * How many frames of the log are not yet in the database, read from the WAL index as SQLite's connections read
 * it (its documented format, through src/db/wal-index.ts as src/db/commit-signal.ts reads it): the header's
 * last frame (mxFrame, word 4) less the frames already copied (nBackfill, word 24, in the checkpoint information
 * after the header's two copies). Infinity when the index cannot be read: then every tick checkpoints. Read only
 * while `db` is open: the timer is stopped before it closes.
 */
function logFramesToCopy(db: Database): () => number {
  // The connection maps the index on its first read; the checkpoint's statement, only prepared above, has not read.
  db.query("SELECT 1 FROM sqlite_master LIMIT 1").get();
  const words = walIndexWords(db, 26);
  if (!words) return () => Number.POSITIVE_INFINITY;
  return () => Math.max(0, words[4]! - words[24]!);
}
