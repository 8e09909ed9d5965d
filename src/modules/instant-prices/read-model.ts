import type { PricingPrinter } from "../../../shared/instant-prices";
import { MESH_MESSAGES } from "../../../shared/mesh-reader";
import { BadRequest } from "../../errors";
import { type ModelReading, modelExtension } from "./measure-model";
import { MODEL_UPLOAD_MESSAGES } from "./model";
import type { ModelWorkerAnswer, ModelWorkerRequest } from "./model-worker";

/** Far longer than any honest 50 MB model takes; past it the file is refused and its worker stopped. */
const READ_TIMEOUT_MS = 60_000;

/**
 * Reads and measures a shopper's (or the owner's) STL, OBJ or 3MF in a Worker of its own, as a GPX file is
 * (src/modules/uploads/gpx-analysis.ts): a 50 MB model is a second or more of arithmetic that must not stall
 * the shop's other requests. The bytes move to the worker and back rather than being copied; each file gets a
 * fresh worker, ended as soon as it answers, so its heap (the mesh is tens of MB) is not kept. How many run at
 * once is the caller's: uploads and sliced jobs run it inside the heavy-work slot. The reader's refusals come
 * back as a 400 the sender can act on.
 */
export async function readModel(
  bytes: Uint8Array,
  filename: string,
  printers: PricingPrinter[],
): Promise<{ reading: ModelReading; bytes: Uint8Array }> {
  if (!modelExtension(filename)) throw new BadRequest(MODEL_UPLOAD_MESSAGES.notModel);
  // smol: JavaScriptCore's small heap, enough for one model.
  const worker = new Worker(new URL("./model-worker.ts", import.meta.url).href, { smol: true } as WorkerOptions);
  // A worker must not keep the process (or a test run) alive; the DOM typings do not know Bun's unref().
  (worker as Worker & { unref(): void }).unref();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const answer = await new Promise<ModelWorkerAnswer>((resolve, reject) => {
      timer = setTimeout(() => reject(new BadRequest(MODEL_UPLOAD_MESSAGES.tooSlow)), READ_TIMEOUT_MS);
      worker.onmessage = (event: MessageEvent<ModelWorkerAnswer>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(`model worker crashed: ${event.message}`));
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      worker.postMessage({ bytes: own, filename, printers } satisfies ModelWorkerRequest, [own.buffer as ArrayBuffer]);
    });
    if ("reading" in answer) return answer;
    if ("meshError" in answer) throw new BadRequest(refusalFor(answer.meshError));
    throw new Error(`model worker failed: ${answer.failure}`);
  } finally {
    clearTimeout(timer);
    worker.terminate();
  }
}

/** The reader's words are for the owner's viewer; a sender gets what to do about the file. */
function refusalFor(meshMessage: string): string {
  if (meshMessage === MESH_MESSAGES.tooManyTriangles) return MODEL_UPLOAD_MESSAGES.tooManyTriangles;
  if (meshMessage === MESH_MESSAGES.empty) return MODEL_UPLOAD_MESSAGES.empty;
  return MODEL_UPLOAD_MESSAGES.notModel;
}
