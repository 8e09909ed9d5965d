import type { GpxContent, GpxPoint } from "../../../shared/gpx-reader";

/**
 * The file the shop keeps: only what a print is made from. Every line becomes
 * a track segment of one track, every waypoint a bare place; each point keeps
 * its latitude, longitude and height, and nothing else: no times, heart rate,
 * cadence, extensions, names, descriptions, links or the recording device.
 */
export function cleanGpxText({ lines, waypoints }: GpxContent): string {
  const point = (tag: string, { lat, lon, ele }: GpxPoint) =>
    `<${tag} lat="${decimal(lat, 7)}" lon="${decimal(lon, 7)}">${ele === undefined ? "" : `<ele>${decimal(ele, 2)}</ele>`}</${tag}>`;
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Strata" xmlns="http://www.topografix.com/GPX/1/1">'];
  for (const waypoint of waypoints) parts.push(point("wpt", waypoint));
  if (lines.length > 0) {
    parts.push("<trk>");
    for (const line of lines) parts.push(`<trkseg>${line.map((p) => point("trkpt", p)).join("")}</trkseg>`);
    parts.push("</trk>");
  }
  parts.push("</gpx>\n");
  return parts.join("\n");
}

/** A plain decimal (XML Schema's, never 1e-7) to `places`, without trailing zeros: 7 places of a degree are about a centimetre. */
function decimal(value: number, places: number): string {
  const text = value.toFixed(places).replace(/\.?0+$/, "");
  return text === "-0" ? "0" : text;
}
