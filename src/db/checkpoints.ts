import type { Database } from "bun:sqlite";
import { errorFields, log } from "../log";
import type { CheckpointAnswer, CheckpointRequest } from "./checkpoint-worker";

/** How often the worker copies the log into the database: the log stays a second's writes long. */
const CHECKPOINT_EVERY_MS = 1000;
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
export function startCheckpoints(db: Database, everyMs = CHECKPOINT_EVERY_MS): Checkpoints {
  const worker = new Worker(new URL("./checkpoint-worker.ts", import.meta.url).href, { smol: true } as WorkerOptions);
  // A helper that must not keep the process alive by itself; shutdown stops it.
  // Bun has ref() and unref() on Worker; the DOM typings in tsconfig do not know them.
  const counted = worker as Worker & { ref(): void; unref(): void };
  counted.unref();
  db.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  let checkpoints = 0;
  let failureLogged = false;
  let stopped: (() => void) | undefined;
  worker.onmessage = ({ data }: MessageEvent<CheckpointAnswer>) => {
    if ("stopped" in data) {
      stopped?.();
      return;
    }
    if ("failure" in data) {
      // Once: a failing checkpoint fails every second, and the fallback above keeps the log bounded meanwhile.
      if (!failureLogged) log("error", "checkpoint failed", { error: data.failure });
      failureLogged = true;
      return;
    }
    checkpoints += 1;
  };
  worker.onerror = (event) => log("error", "checkpoint worker failed", errorFields(event.error ?? event.message));
  worker.postMessage({ start: { file: db.filename, everyMs } } satisfies CheckpointRequest);
  return {
    stop() {
      const closed = new Promise<void>((resolve) => {
        stopped = resolve;
      });
      // Counted again while it closes: with the server stopped its answer may be all that keeps the process alive.
      counted.ref();
      worker.postMessage({ stop: true } satisfies CheckpointRequest);
      return closed.then(() => {
        worker.terminate();
      });
    },
    count: () => checkpoints,
  };
}
