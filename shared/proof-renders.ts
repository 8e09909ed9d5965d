/**
 * The shop's own render of an order line's file at print size, the proof a question about it shows
 * (docs/decisions/0048-order-holds.md): a photo as the lit lithophane, a route as its relief drawing. Both are the
 * previews the product page shows (src/modules/uploads), drawn when looked at, so naming one draws nothing.
 * "Ask the customer…" offers them in one tap and a "Proof before making" question opens with them.
 */
export type LineRender = { url: string; token: string; kind: "image" | "gpx"; label: string };

export function lineRender(meta: { imageToken?: string; gpxToken?: string } | null | undefined): LineRender | null {
  if (meta?.imageToken) {
    const token = meta.imageToken;
    return { url: `/api/uploads/${encodeURIComponent(token)}/preview.jpg`, token, kind: "image", label: "the lit lithophane" };
  }
  if (meta?.gpxToken) {
    const token = meta.gpxToken;
    return { url: `/api/uploads/${encodeURIComponent(token)}/preview.svg`, token, kind: "gpx", label: "the route relief" };
  }
  return null;
}
