import { HttpError } from "../../errors";
import { parseGpx } from "./gpx";
import { routeDetails } from "./gpx-stats";

// Runs inside a Worker started by gpx-analysis.ts: one GPX file in, its
// details (with the file's bytes handed back, moved rather than copied) or
// the shopper-facing refusal out.
declare const self: Worker;

export type GpxWorkerAnswer = { details: ReturnType<typeof routeDetails>; bytes: Uint8Array } | { refusal: string } | { failure: string };

self.onmessage = (event: MessageEvent<Uint8Array>) => {
  const bytes = event.data;
  try {
    const details = routeDetails(parseGpx(bytes));
    self.postMessage({ details, bytes } satisfies GpxWorkerAnswer, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    self.postMessage((error instanceof HttpError ? { refusal: error.message } : { failure: String(error) }) satisfies GpxWorkerAnswer);
  }
};
