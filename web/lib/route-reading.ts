import { GPX_MAX_BYTES, GPX_MESSAGES, GpxRefusal } from "../../shared/gpx-limits";
import { type GpxContent, parseGpx } from "../../shared/gpx-reader";
import { routeDetails } from "../../shared/route-details";
import type { RouteDetails } from "../../shared/route-drawing";
import { type HiddenEnds, type RouteTrim, routeLengthM, trimRoute } from "../../shared/route-trim";

/** A chosen GPX file as the product page holds it: its points, and the length a trim is measured along. */
export type ReadRoute = { content: GpxContent; lengthM: number };

/**
 * Reads the chosen file in the browser with the shop's own reader and limits
 * (docs/decisions/0028-route-trim-in-the-browser.md), so a file the shop would
 * refuse is refused here with the same words and never sent.
 */
export async function readRouteFile(file: Blob): Promise<{ route: ReadRoute } | { refusal: string }> {
  if (file.size > GPX_MAX_BYTES) return { refusal: GPX_MESSAGES.gpxTooLarge };
  try {
    const content = parseGpx(new Uint8Array(await file.arrayBuffer()));
    return { route: { content, lengthM: routeLengthM(content) } };
  } catch (error) {
    if (error instanceof GpxRefusal) return { refusal: error.message };
    throw error;
  }
}

/** What the preview shows for a trim: the figures the shop will store for the same file and trim, and the hidden ends. */
export function trimmedRoute(route: ReadRoute, trim: RouteTrim): { details: RouteDetails; hidden: HiddenEnds } {
  const { content, hidden } = trimRoute(route.content, trim);
  return { details: routeDetails(content), hidden };
}
