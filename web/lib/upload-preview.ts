/** The server's drawing of an uploaded route (the map alone, drawn for a thumbnail) or the photo as a lit lithophane. */
export function uploadPreview(token: string, format: "svg" | "jpg"): string {
  const path = `/api/uploads/${encodeURIComponent(token)}/preview.${format}`;
  return format === "svg" ? `${path}?size=thumb` : path;
}
