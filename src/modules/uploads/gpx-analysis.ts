import { BadRequest } from "../../errors";
import type { GpxWorkerAnswer } from "./gpx-worker";
import { MESSAGES, type RouteDetails } from "./model";

/** Far longer than any honest 10 MB file takes; past it the file is refused and its worker stopped. */
const PARSE_TIMEOUT_MS = 60_000;
const idle: Worker[] = [];

/**
 * Parses a GPX file and works out its details in a Worker, so that a big
 * file (a tenth of a second or more per 10 MB) never stalls the shop's other
 * requests. How many run at once is up to the caller: uploads run it inside
 * the shared heavy-work slot (src/http/heavy-work.ts). Workers are kept and
 * reused (they get faster once warm); one that crashes or runs past the
 * timeout is terminated and replaced.
 */
export async function analyseGpx(bytes: Uint8Array): Promise<RouteDetails> {
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
