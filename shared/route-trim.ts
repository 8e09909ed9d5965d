import { GPX_MESSAGES, GpxRefusal } from "./gpx-limits";
import type { GpxContent, GpxPoint } from "./gpx-reader";
import { evenlySpaced, haversineMetres } from "./route-details";
import type { LatLon } from "./route-drawing";

/** How much of each end of a route the shopper hides, in whole metres (0 to MAX_TRIM_M). */
export type RouteTrim = { startM: number; endM: number };

/** The stretches a trim hid, thinned for the preview to draw faintly; the shop never stores them. */
export type HiddenEnds = { start: LatLon[]; end: LatLon[] };

const MAX_HIDDEN_POINTS = 100;

/**
 * Cuts the first `startM` and the last `endM` metres off the route, so a print
 * (and the stored file) need not start at the shopper's door. Distance runs
 * along the lines in file order, as routeDetails counts it (the gap between two
 * segments is not walked); the cut falls between two points, where a point is
 * put in by straight interpolation. Waypoints closer to the old start than
 * `startM`, or to the old finish than `endM`, go with them. The shop cuts the
 * file it stores with it; the product page the drawing the shopper sees, so
 * both show the same route for the same trim (0028).
 */
export function trimRoute(content: GpxContent, { startM, endM }: RouteTrim): { content: GpxContent; hidden: HiddenEnds } {
  const { lines, waypoints } = content;
  if ((startM === 0 && endM === 0) || lines.length === 0) return { content, hidden: { start: [], end: [] } };
  const lengthM = routeLengthM(content);
  if (!trimFits({ startM, endM }, lengthM)) throw new GpxRefusal(GPX_MESSAGES.gpxTrimTooLong);
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

/** The metres a trim is measured along: every line end to end, in file order (the gaps between lines not walked). */
export function routeLengthM({ lines }: GpxContent): number {
  return lines.reduce((sum, line) => sum + lineLength(line), 0);
}

/** Whether a trim leaves some of a route of `lengthM` metres: hiding all of it (or more) is refused. */
export function trimFits({ startM, endM }: RouteTrim, lengthM: number): boolean {
  return startM + endM === 0 || startM + endM < lengthM;
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
