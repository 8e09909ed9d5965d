import { HttpError } from "../../errors";
import { parseGpx } from "./gpx";
import { routeDetails } from "./gpx-stats";

// Runs inside a Worker started by gpx-analysis.ts: one GPX file in, its
// details or the shopper-facing refusal out.
declare const self: Worker;

export type GpxWorkerAnswer = { details: ReturnType<typeof routeDetails> } | { refusal: string } | { failure: string };

self.onmessage = (event: MessageEvent<Uint8Array>) => {
  let answer: GpxWorkerAnswer;
  try {
    answer = { details: routeDetails(parseGpx(event.data)) };
  } catch (error) {
    answer = error instanceof HttpError ? { refusal: error.message } : { failure: String(error) };
  }
  self.postMessage(answer);
  // The worker stays for the next file: free this one's text and points now, not whenever its heap fills.
  Bun.gc(true);
};
