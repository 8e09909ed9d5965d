import { Database } from "bun:sqlite";

// Runs inside the Worker that src/db/checkpoints.ts starts: a connection of its own to the shop's file, which
// copies the write-ahead log into the database every `everyMs` (a PASSIVE checkpoint: it never waits for the
// shop's readers or writers, and does what they leave room for). The checkpoint's fsyncs sleep here, on this
// thread, instead of in whichever of the shop's commits passed SQLite's automatic threshold: on a busy disk one
// such fsync was a third of a second with every shopper waiting
// (docs/decisions/0055-single-pages-start-and-stalls.md). Nothing but bun:sqlite is imported: a worker is
// loaded from its source, and this one should start in a moment.
declare const self: Worker;

export type CheckpointRequest = { start: { file: string; everyMs: number } } | { stop: true };
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
  db = new Database(data.start.file, { strict: true });
  db.exec("PRAGMA busy_timeout = 5000");
  const checkpoint = db.query<{ busy: number; log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(PASSIVE)");
  timer = setInterval(() => {
    try {
      const result = checkpoint.get();
      self.postMessage({ checkpointed: result?.checkpointed ?? 0 } satisfies CheckpointAnswer);
    } catch (error) {
      self.postMessage({ failure: String(error) } satisfies CheckpointAnswer);
    }
  }, data.start.everyMs);
};
