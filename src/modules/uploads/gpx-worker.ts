import { HttpError } from "../../errors";
import { parseGpx } from "./gpx";
import { routeDetails } from "./gpx-stats";
import { cleanGpxText, type HiddenEnds, trimRoute } from "./gpx-trim";
import type { RouteTrim } from "./model";

// Runs inside a Worker started by gpx-analysis.ts: one GPX file and the
// shopper's trim in; the cleaned, trimmed file (see cleanGpxText) with its
// details and the hidden ends out, the bytes moved rather than copied; or the
// shopper-facing refusal.
declare const self: Worker;

export type GpxWorkerRequest = { bytes: Uint8Array; trim: RouteTrim };
export type GpxWorkerAnswer =
  | { details: ReturnType<typeof routeDetails>; bytes: Uint8Array; hidden: HiddenEnds }
  | { refusal: string }
  | { failure: string };

self.onmessage = (event: MessageEvent<GpxWorkerRequest>) => {
  try {
    const { content, hidden } = trimRoute(parseGpx(event.data.bytes), event.data.trim);
    const bytes = new TextEncoder().encode(cleanGpxText(content));
    self.postMessage({ details: routeDetails(content), bytes, hidden } satisfies GpxWorkerAnswer, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    self.postMessage((error instanceof HttpError ? { refusal: error.message } : { failure: String(error) }) satisfies GpxWorkerAnswer);
  }
};
