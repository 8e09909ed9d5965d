import { BadRequest } from "../../errors";
import type { GpxWorkerAnswer, GpxWorkerRequest } from "./gpx-worker";
import { MESSAGES, type RouteDetails, type RouteTrim } from "./model";

/** Far longer than any honest 10 MB file takes; past it the file is refused and its worker stopped. */
const PARSE_TIMEOUT_MS = 60_000;

/**
 * Parses a GPX file in a Worker, cuts the shopper's trim off it and writes the
 * file the shop keeps (only latitude, longitude and height: gpx-clean.ts);
 * answers that file's bytes and details.
 * The sent bytes travel to the worker without a copy, so that a big
 * file (a tenth of a second or more per 10 MB) never stalls the shop's other
 * requests. How many run at once is up to the caller: uploads run it inside
 * the shared heavy-work slot (src/http/heavy-work.ts). Each file gets a fresh
 * worker, ended as soon as it answers: a kept worker kept its whole heap
 * (tens of MB after a 10 MB file), memory the photos in the same slot need.
 * Starting one costs a few tens of milliseconds.
 */
export async function analyseGpx(bytes: Uint8Array, trim: RouteTrim): Promise<{ details: RouteDetails; bytes: Uint8Array }> {
  const worker = startWorker();
  try {
    const answer = await ask(worker, { bytes, trim });
    if ("details" in answer) return answer;
    if ("refusal" in answer) throw new BadRequest(answer.refusal);
    throw new Error(`GPX worker failed: ${answer.failure}`);
  } finally {
    worker.terminate();
  }
}

function startWorker(): Worker {
  // smol: JavaScriptCore's small heap; one file's parse needs no more, and a worker's heap is memory the shop keeps.
  const worker = new Worker(new URL("./gpx-worker.ts", import.meta.url).href, { smol: true } as WorkerOptions);
  // A worker must not keep the process (or a test run) alive. Bun has
  // unref() on Worker; the DOM typings in tsconfig do not know it.
  (worker as Worker & { unref(): void }).unref();
  return worker;
}

function ask(worker: Worker, { bytes, trim }: GpxWorkerRequest): Promise<GpxWorkerAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<GpxWorkerAnswer>((resolve, reject) => {
    timer = setTimeout(() => reject(new BadRequest(MESSAGES.notGpx)), PARSE_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<GpxWorkerAnswer>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`GPX worker crashed: ${event.message}`));
    // The bytes move to the worker (see gpx-worker.ts) rather than being
    // copied: `bytes` is unusable here afterwards; the answer brings the cleaned file.
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    worker.postMessage({ bytes: own, trim } satisfies GpxWorkerRequest, [own.buffer as ArrayBuffer]);
  }).finally(() => clearTimeout(timer));
}
