import { useDeferredValue, useMemo } from "react";
import type { RouteTrim } from "../../../shared/route-trim";
import { type ReadRoute, trimmedRoute } from "../../lib/route-reading";
import { RoutePreview } from "./RoutePreview";
import { RouteTrimPicker } from "./RouteTrimPicker";

// Loaded on first use, when a shopper chooses a GPX file (RouteUpload): the reader, the figures and the
// drawing stay out of the product page's first JavaScript (decision 0008's 80 kB).
export { readRouteFile } from "../../lib/route-reading";

/**
 * The chosen route drawn as the shop will keep it for the trim chosen under it:
 * the same trim and figures the shop runs on the file it stores, worked out
 * again here on each change, with no request
 * (docs/decisions/0028-route-trim-in-the-browser.md).
 */
export function ChosenRoute({
  idPrefix,
  route,
  trim,
  disabled,
  onTrim,
}: {
  idPrefix: string;
  route: ReadRoute;
  trim: RouteTrim;
  disabled: boolean;
  onTrim: (trim: RouteTrim) => void;
}) {
  // The lists answer at once; on a very long recording the drawing may follow a moment later (0028).
  const drawnTrim = useDeferredValue(trim);
  const { details, hidden } = useMemo(() => trimmedRoute(route, drawnTrim), [route, drawnTrim]);
  return (
    <RoutePreview details={details} hidden={hidden}>
      <RouteTrimPicker idPrefix={idPrefix} trim={trim} lengthM={route.lengthM} disabled={disabled} onChange={onTrim} />
    </RoutePreview>
  );
}
