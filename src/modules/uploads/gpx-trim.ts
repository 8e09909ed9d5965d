import type { LatLon } from "../../../shared/route-drawing";
import { BadRequest } from "../../errors";
import { evenlySpaced, type GpxContent, type GpxPoint, haversineMetres } from "./gpx-stats";
import { MESSAGES, type RouteTrim } from "./model";

/** The stretches a trim hid, thinned for the upload's answer only (never stored): the preview draws them faintly. */
export type HiddenEnds = { start: LatLon[]; end: LatLon[] };

const MAX_HIDDEN_POINTS = 100;

/**
 * Cuts the first `startM` and the last `endM` metres off the route, so a print
 * (and the stored file) need not start at the shopper's door. Distance runs
 * along the lines in file order, as routeDetails counts it (the gap between two
 * segments is not walked); the cut falls between two points, where a point is
 * put in by straight interpolation. Waypoints closer to the old start than
 * `startM`, or to the old finish than `endM`, go with them.
 */
export function trimRoute(content: GpxContent, { startM, endM }: RouteTrim): { content: GpxContent; hidden: HiddenEnds } {
  const { lines, waypoints } = content;
  const lengthM = lines.reduce((sum, line) => sum + lineLength(line), 0);
  if ((startM === 0 && endM === 0) || lines.length === 0) return { content, hidden: { start: [], end: [] } };
  if (startM + endM >= lengthM) throw new BadRequest(MESSAGES.gpxTrimTooLong);
  const first = lines[0]![0]!;
  const last = lines.at(-1)!.at(-1)!;
  const near = (point: GpxPoint, end: GpxPoint, metres: number) => metres > 0 && haversineMetres(point, end) < metres;
  return {
    content: {
      lines: sliceLines(lines, startM, lengthM - endM),
      waypoints: waypoints.filter((point) => !near(point, first, startM) && !near(point, last, endM)),
    },
    hidden: { start: thinned(sliceLines(lines, 0, startM)), end: thinned(sliceLines(lines, lengthM - endM, lengthM)) },
  };
}

function lineLength(line: GpxPoint[]): number {
  let metres = 0;
  for (let i = 1; i < line.length; i++) metres += haversineMetres(line[i - 1]!, line[i]!);
  return metres;
}

/** The parts of the lines between `from` and `to` metres along them, cut exactly at both ends. */
function sliceLines(lines: GpxPoint[][], from: number, to: number): GpxPoint[][] {
  const kept: GpxPoint[][] = [];
  let along = 0;
  for (const line of lines) {
    const part: GpxPoint[] = [];
    line.forEach((point, i) => {
      const previous = line[i - 1];
      if (!previous) {
        if (along >= from && along <= to) part.push(point);
        return;
      }
      const step = haversineMetres(previous, point);
      const before = along;
      along += step;
      if (along <= from || before >= to) return;
      if (before < from) part.push(between(previous, point, (from - before) / step));
      part.push(along <= to ? point : between(previous, point, (to - before) / step));
    });
    if (part.length > 0) kept.push(part);
  }
  return kept;
}

function between(a: GpxPoint, b: GpxPoint, t: number): GpxPoint {
  const point: GpxPoint = { lat: a.lat + (b.lat - a.lat) * t, lon: a.lon + (b.lon - a.lon) * t };
  if (a.ele !== undefined && b.ele !== undefined) point.ele = a.ele + (b.ele - a.ele) * t;
  return point;
}

function thinned(lines: GpxPoint[][]): LatLon[] {
  return evenlySpaced(lines.flat(), MAX_HIDDEN_POINTS).map(({ lat, lon }) => [Math.round(lat * 1e6) / 1e6, Math.round(lon * 1e6) / 1e6]);
}

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
