import type { PricingPrinter } from "../../../shared/instant-prices";
import { MeshError } from "../../../shared/mesh-reader";
import { type ModelReading, measureModel } from "./measure-model";

// Runs inside a Worker started by read-model.ts: one model's bytes, its file name and the owner's printers in;
// its analysis and the bytes (moved back, not copied) out, or the mesh reader's refusal. It imports only what
// measuring needs, so each fresh worker starts quickly.
declare const self: Worker;

export type ModelWorkerRequest = { bytes: Uint8Array; filename: string; printers: PricingPrinter[] };
export type ModelWorkerAnswer = { reading: ModelReading; bytes: Uint8Array } | { meshError: string } | { failure: string };

self.onmessage = (event: MessageEvent<ModelWorkerRequest>) => {
  const { bytes, filename, printers } = event.data;
  try {
    const reading = measureModel(bytes, filename, printers);
    self.postMessage({ reading, bytes } satisfies ModelWorkerAnswer, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    self.postMessage((error instanceof MeshError ? { meshError: error.message } : { failure: String(error) }) satisfies ModelWorkerAnswer);
  }
};
