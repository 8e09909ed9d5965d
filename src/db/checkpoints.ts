import type { Database } from "bun:sqlite";
import { errorFields, log } from "../log";
import type { CheckpointAnswer, CheckpointRequest } from "./checkpoint-worker";

/** How often the worker looks at the log (and checkpoints it once it is CHECKPOINT_FROM_FRAMES long). */
const CHECKPOINT_EVERY_MS = 1000;
/**
 * A checkpoint once the log holds this many frames not yet in the database: SQLite's own threshold, so the log
 * starts again (and its header is synced, on the shop's thread) as often as before, while the checkpoint's own
 * syncs of the log and the database happen on the worker's.
 */
const CHECKPOINT_FROM_FRAMES = 1000;
/** How long after the shop opens the worker starts (main.ts). */
export const CHECKPOINTS_START_AFTER_MS = 2000;
/**
 * The shop's own connection still checkpoints once its log passes this many pages (SQLite's default is 1,000):
 * only if the worker has stopped keeping it short, so the log cannot grow without end.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

export type Checkpoints = {
  /** Resolves once the worker has closed its connection (before the shop's own last close). */
  stop(): Promise<void>;
  /** The worker's checkpoints so far, for tests. */
  count(): number;
};

/**
 * Checkpoints of `db`'s write-ahead log on a thread of their own (src/db/checkpoint-worker.ts), and the shop's
 * connection told to leave them to it (but past FALLBACK_AUTOCHECKPOINT_PAGES). A checkpoint syncs the log and
 * the database to disk; made by SQLite inside a commit, that sync slept the shop's only thread, and every
 * shopper's answer with it, for as long as the disk took (docs/decisions/0055-single-pages-start-and-stalls.md).
 * Under Litestream the same checkpoints run: Litestream's own read lock keeps them from passing what it has copied.
 */
export function startCheckpoints(
  db: Database,
  { everyMs = CHECKPOINT_EVERY_MS, afterMs = 0, minFrames = CHECKPOINT_FROM_FRAMES } = {},
): Checkpoints {
  let checkpoints = 0;
  let failureLogged = false;
  let worker: (Worker & { ref(): void; unref(): void }) | undefined;
  let stopped: (() => void) | undefined;
  let ended = false;

  const start = () => {
    // Bun has ref() and unref() on Worker; the DOM typings in tsconfig do not know them.
    const started = new Worker(new URL("./checkpoint-worker.ts", import.meta.url).href, { smol: true } as WorkerOptions) as Worker & {
      ref(): void;
      unref(): void;
    };
    worker = started;
    // A helper that must not keep the process alive by itself; shutdown stops it.
    started.unref();
    db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    started.onmessage = ({ data }: MessageEvent<CheckpointAnswer>) => {
      if ("stopped" in data) return stopped?.();
      if ("failure" in data) {
        // Once: a failing checkpoint fails every second, and the fallback above keeps the log bounded meanwhile.
        if (!failureLogged) log("error", "checkpoint failed", { error: data.failure });
        failureLogged = true;
        return;
      }
      checkpoints += 1;
    };
    started.onerror = (event) => {
      log("error", "checkpoint worker failed", errorFields(event.error ?? event.message));
      // SQLite's own checkpoints again, inside commits: slower moments, but the log stays bounded.
      db.exec("PRAGMA wal_autocheckpoint = 1000");
      ended = true;
      stopped?.();
    };
    started.postMessage({ start: { file: db.filename, everyMs, minFrames } } satisfies CheckpointRequest);
  };
  // Not before the first answers: a start is timed to its first page, and the log is short then anyway.
  const delay = afterMs > 0 ? setTimeout(start, afterMs) : undefined;
  delay?.unref();
  if (!delay) start();

  return {
    stop() {
      clearTimeout(delay);
      if (!worker || ended) return Promise.resolve();
      const running = worker;
      const closed = new Promise<void>((resolve) => {
        stopped = resolve;
      });
      // Counted again while it closes: with the server stopped its answer may be all that keeps the process alive.
      running.ref();
      running.postMessage({ stop: true } satisfies CheckpointRequest);
      return closed.then(() => {
        running.terminate();
      });
    },
    count: () => checkpoints,
  };
}
