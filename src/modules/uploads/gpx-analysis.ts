import { BadRequest } from "../../errors";
import type { GpxWorkerAnswer } from "./gpx-worker";
import { MESSAGES, type RouteDetails } from "./model";

/** Far longer than any honest 10 MB file takes; past it the file is refused and its worker stopped. */
const PARSE_TIMEOUT_MS = 60_000;
/** A parse of a big file holds a few hundred MB for a moment; two at a time is plenty for one shop. */
const MAX_WORKERS = 2;

const idle: Worker[] = [];
const waiting: (() => void)[] = [];
let busy = 0;

/**
 * Parses a GPX file and works out its details in a Worker. fast-xml-parser
 * needs about half a second per megabyte; on the main thread that would stall
 * every other request of the shop for the whole parse. Workers are kept and
 * reused (they get faster once warm); one that crashes or runs past the
 * timeout is terminated and replaced.
 */
export async function analyseGpx(bytes: Uint8Array): Promise<RouteDetails> {
  await acquire();
  const worker = idle.pop() ?? startWorker();
  let reusable = false;
  try {
    const answer = await ask(worker, bytes);
    reusable = true;
    if ("details" in answer) return answer.details;
    if ("refusal" in answer) throw new BadRequest(answer.refusal);
    throw new Error(`GPX worker failed: ${answer.failure}`);
  } finally {
    if (reusable) idle.push(worker);
    else worker.terminate();
    release();
  }
}

function startWorker(): Worker {
  const worker = new Worker(new URL("./gpx-worker.ts", import.meta.url).href);
  // An idle worker must not keep the process (or a test run) alive. Bun has
  // unref() on Worker; the DOM typings in tsconfig do not know it.
  (worker as Worker & { unref(): void }).unref();
  return worker;
}

function ask(worker: Worker, bytes: Uint8Array): Promise<GpxWorkerAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<GpxWorkerAnswer>((resolve, reject) => {
    timer = setTimeout(() => reject(new BadRequest(MESSAGES.notGpx)), PARSE_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<GpxWorkerAnswer>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`GPX worker crashed: ${event.message}`));
    // A copy whose buffer moves to the worker, rather than being cloned on the way.
    const copy = bytes.slice();
    worker.postMessage(copy, [copy.buffer]);
  }).finally(() => clearTimeout(timer));
}

// At most MAX_WORKERS parses at once; a freed slot is handed straight to the next in line.
async function acquire(): Promise<void> {
  if (busy < MAX_WORKERS) {
    busy += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else busy -= 1;
}
