/**
 * Draws an uploaded GPX route from the details the server stored for it:
 * a map of the line and an elevation profile, as SVG strings or path data.
 * Pure functions (no DOM, no server code) so the server's preview endpoint
 * and the storefront islands draw exactly the same picture. No map tiles:
 * the shape of the route is what a relief print is made from.
 */

export type LatLon = [lat: number, lon: number];
/** One elevation sample: distance along the route and height, both in metres. */
export type ProfileSample = [distanceM: number, elevationM: number];
export type RouteBBox = { minLat: number; minLon: number; maxLat: number; maxLon: number };

/** What the server keeps in uploads.details for a GPX file (and answers after an upload). */
export type RouteDetails = {
  distanceM: number;
  ascentM: number;
  descentM: number;
  /** Every trkpt, rtept and wpt in the file. */
  pointCount: number;
  bbox: RouteBBox;
  /** The track/route line, thinned to at most 500 points, in file order. */
  points: LatLon[];
  /** Waypoints (at most 100), drawn as dots. */
  waypoints: LatLon[];
  /** At most 200 samples; empty when the file has no elevation. */
  profile: ProfileSample[];
};

export type Box = { width: number; height: number; padding: number };
/**
 * Line and marker sizes relative to the full-size drawing (line 3, end dots
 * radius 6): a small picture needs a line thicker for its size to be seen.
 */
type MapStrokes = { strokeScale?: number; markerScale?: number };
export type Palette = { background: string; line: string; fill: string; text: string; start: string; finish: string };

const DEFAULT_PALETTE: Palette = {
  background: "#f6f4ef",
  line: "#c2410c",
  fill: "#fdba74",
  text: "#3f3a33",
  start: "#15803d",
  finish: "#b91c1c",
};

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
const km = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeMetres = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/** 12345 → "12.3 km" */
export function formatDistanceKm(metres: number): string {
  return `${km.format(metres / 1000)} km`;
}

/** 1234.4 → "1,234 m" */
export function formatMetres(metres: number): string {
  return `${wholeMetres.format(Math.round(metres))} m`;
}

/** "12.3 km · 456 m ascent · 440 m descent", the one-line summary under a route. */
function routeSummary(details: Pick<RouteDetails, "distanceM" | "ascentM" | "descentM">): string {
  return `${formatDistanceKm(details.distanceM)} · ${formatMetres(details.ascentM)} ascent · ${formatMetres(details.descentM)} descent`;
}

/**
 * Equirectangular projection: longitude is scaled by cos(mean latitude) so a
 * route far from the equator keeps its shape, then everything is fitted into
 * the padded box and centred. Good for the few kilometres a route spans;
 * routes across the 180° meridian are not handled.
 */
export function projectPoints(points: LatLon[], bbox: RouteBBox, box: Box): [x: number, y: number][] {
  const k = Math.cos((((bbox.minLat + bbox.maxLat) / 2) * Math.PI) / 180);
  const spanX = (bbox.maxLon - bbox.minLon) * k;
  const spanY = bbox.maxLat - bbox.minLat;
  const innerW = box.width - 2 * box.padding;
  const innerH = box.height - 2 * box.padding;
  const scale = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity);
  const s = Number.isFinite(scale) ? scale : 0; // a single point sits in the middle
  const offsetX = box.padding + (innerW - spanX * s) / 2;
  const offsetY = box.padding + (innerH - spanY * s) / 2;
  return points.map(([lat, lon]) => [round1(offsetX + (lon - bbox.minLon) * k * s), round1(offsetY + (bbox.maxLat - lat) * s)]);
}

/** SVG path data ("M x y L x y …") for the route line. */
export function routePathData(points: LatLon[], bbox: RouteBBox, box: Box): string {
  return projectPoints(points, bbox, box)
    .map(([x, y], i) => `${i === 0 ? "M" : "L"}${x} ${y}`)
    .join(" ");
}

/** The route map's elements (no <svg> wrapper), for composing. */
function routeMapElements(
  details: RouteDetails,
  box: Box,
  palette: Palette = DEFAULT_PALETTE,
  { strokeScale = 1, markerScale = 1 }: MapStrokes = {},
): string {
  const parts: string[] = [];
  const line = round1(3 * strokeScale);
  const dot = round1(6 * markerScale);
  const ring = round1(2 * markerScale);
  if (details.points.length > 1) {
    parts.push(
      `<path d="${routePathData(details.points, details.bbox, box)}" fill="none" stroke="${palette.line}" stroke-width="${line}" stroke-linejoin="round" stroke-linecap="round"/>`,
    );
  }
  for (const [x, y] of projectPoints(details.waypoints, details.bbox, box)) {
    parts.push(`<circle cx="${x}" cy="${y}" r="${round1(3.5 * markerScale)}" fill="${palette.text}"/>`);
  }
  const ends = projectPoints(details.points, details.bbox, box);
  const start = ends[0];
  const finish = ends[ends.length - 1];
  if (start && finish && ends.length > 1) {
    parts.push(
      `<circle cx="${finish[0]}" cy="${finish[1]}" r="${dot}" fill="${palette.finish}" stroke="#fff" stroke-width="${ring}"><title>Finish</title></circle>`,
    );
  }
  if (start)
    parts.push(
      `<circle cx="${start[0]}" cy="${start[1]}" r="${dot}" fill="${palette.start}" stroke="#fff" stroke-width="${ring}"><title>Start</title></circle>`,
    );
  return parts.join("");
}

/** A standalone SVG of the route map. */
function routeMapSvg(
  details: RouteDetails,
  box: Box = { width: 640, height: 400, padding: 24 },
  palette: Palette = DEFAULT_PALETTE,
  strokes: MapStrokes = {},
): string {
  return svg(box.width, box.height, "Route map", `${background(box, palette)}${routeMapElements(details, box, palette, strokes)}`);
}

/** The basket thumbnail's size: the map alone, drawn at the size it is shown. */
const ROUTE_THUMB_BOX: Box = { width: 80, height: 50, padding: 6 };

/**
 * The map alone at 80 × 50 with a 3.6 px line and small end dots: scaled down
 * from the full preview the line was well under a pixel and hard to see.
 */
export function routeThumbSvg(details: RouteDetails, palette: Palette = DEFAULT_PALETTE): string {
  return routeMapSvg(details, ROUTE_THUMB_BOX, palette, { strokeScale: 1.2, markerScale: 0.5 });
}

/**
 * Path data for the elevation profile: `line` along the top, `area` closed to
 * the baseline. The height axis spans at least 20 m so a flat route does not
 * turn GPS jitter into mountains.
 */
export function elevationPaths(profile: ProfileSample[], box: Box): { line: string; area: string; minEleM: number; maxEleM: number } {
  const elevations = profile.map(([, e]) => e);
  const minEleM = Math.min(...elevations);
  const maxEleM = Math.max(...elevations);
  const mid = (minEleM + maxEleM) / 2;
  const span = Math.max(maxEleM - minEleM, 20);
  const low = mid - span / 2;
  const lastD = profile[profile.length - 1]?.[0] ?? 0;
  const innerW = box.width - 2 * box.padding;
  const innerH = box.height - 2 * box.padding;
  const xy = profile.map(([d, e]) => [
    round1(box.padding + (lastD > 0 ? (d / lastD) * innerW : 0)),
    round1(box.padding + innerH - ((e - low) / span) * innerH),
  ]);
  const line = xy.map(([x, y], i) => `${i === 0 ? "M" : "L"}${x} ${y}`).join(" ");
  const base = round1(box.height - box.padding);
  const first = xy[0];
  const last = xy[xy.length - 1];
  const area = first && last ? `${line} L${last[0]} ${base} L${first[0]} ${base} Z` : "";
  return { line, area, minEleM, maxEleM };
}

/** The elevation profile's elements (no <svg> wrapper), with min/max labels in metres. */
function elevationProfileElements(
  details: Pick<RouteDetails, "profile" | "distanceM">,
  box: Box,
  palette: Palette = DEFAULT_PALETTE,
): string {
  if (details.profile.length < 2) {
    return `<text x="${box.width / 2}" y="${box.height / 2}" text-anchor="middle" dominant-baseline="middle" font-size="14" fill="${palette.text}" ${FONT}>No elevation in this file</text>`;
  }
  const { line, area, minEleM, maxEleM } = elevationPaths(details.profile, box);
  const label = (x: number, y: number, anchor: string, text: string) =>
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-size="12" fill="${palette.text}" ${FONT}>${escapeXml(text)}</text>`;
  return [
    `<path d="${area}" fill="${palette.fill}" fill-opacity="0.6"/>`,
    `<path d="${line}" fill="none" stroke="${palette.line}" stroke-width="2" stroke-linejoin="round"/>`,
    label(box.padding + 4, box.padding - 6, "start", `max ${formatMetres(maxEleM)}`),
    label(box.padding + 4, box.height - box.padding + 14, "start", `min ${formatMetres(minEleM)}`),
    label(box.width - box.padding, box.height - box.padding + 14, "end", formatDistanceKm(details.distanceM)),
  ].join("");
}

/** Map above profile above the summary line: what the preview endpoint serves. */
export function routePreviewSvg(details: RouteDetails, width = 640, palette: Palette = DEFAULT_PALETTE): string {
  const map: Box = { width, height: Math.round(width * 0.625), padding: 24 };
  const profile: Box = { width, height: 160, padding: 20 };
  const height = map.height + profile.height + 36;
  const summary = `<text x="${width / 2}" y="${height - 14}" text-anchor="middle" font-size="14" fill="${palette.text}" ${FONT}>${escapeXml(routeSummary(details))}</text>`;
  return svg(
    width,
    height,
    `Route map and elevation profile: ${routeSummary(details)}`,
    `${background({ width, height }, palette)}${routeMapElements(details, map, palette)}` +
      `<g transform="translate(0 ${map.height})">${elevationProfileElements(details, profile, palette)}</g>${summary}`,
  );
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}

function background(box: Pick<Box, "width" | "height">, palette: Palette): string {
  return `<rect width="${box.width}" height="${box.height}" fill="${palette.background}"/>`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
