import { GpxRefusal } from "../../../shared/gpx-limits";
import { parseGpx } from "../../../shared/gpx-reader";
import { routeDetails } from "../../../shared/route-details";
import { trimRoute } from "../../../shared/route-trim";
import { cleanGpxText } from "./gpx-clean";
import type { RouteTrim } from "./model";

// Runs inside a Worker started by gpx-analysis.ts: one GPX file and the
// shopper's trim in; the cleaned, trimmed file (see cleanGpxText) with its
// details out, the bytes moved rather than copied; or the shopper-facing
// refusal. The reader, the trim and the figures are the ones the product page
// ran on the same file before sending it (docs/decisions/0028-route-trim-in-the-browser.md).
declare const self: Worker;

export type GpxWorkerRequest = { bytes: Uint8Array; trim: RouteTrim };
export type GpxWorkerAnswer = { details: ReturnType<typeof routeDetails>; bytes: Uint8Array } | { refusal: string } | { failure: string };

self.onmessage = (event: MessageEvent<GpxWorkerRequest>) => {
  try {
    const { content } = trimRoute(parseGpx(event.data.bytes), event.data.trim);
    const bytes = new TextEncoder().encode(cleanGpxText(content));
    self.postMessage({ details: routeDetails(content), bytes } satisfies GpxWorkerAnswer, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    self.postMessage((error instanceof GpxRefusal ? { refusal: error.message } : { failure: String(error) }) satisfies GpxWorkerAnswer);
  }
};
