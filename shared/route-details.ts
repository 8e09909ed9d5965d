import type { GpxContent, GpxPoint } from "./gpx-reader";
import type { LatLon, ProfileSample, RouteBBox, RouteDetails } from "./route-drawing";

// The figures and thinned lines of a route, worked out by the shop for what it stores and by the
// product page for the route the shopper has chosen and trimmed (docs/decisions/0028-route-trim-in-the-browser.md).

/** Mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
/**
 * GPS height wobbles by a few metres even standing still; summing every
 * wobble inflates the climb. A change counts only once the height has moved
 * at least this far from the last counted height.
 */
const ELEVATION_HYSTERESIS_M = 3;
const MAX_DRAWN_POINTS = 500;
const MAX_PROFILE_SAMPLES = 200;
const MAX_WAYPOINTS = 100;

/** Great-circle distance between two points (haversine), in metres. */
export function haversineMetres(a: GpxPoint, b: GpxPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Total climb and drop with a hysteresis: keep a reference height; when a
 * point is at least `threshold` above it, the difference is ascent and the
 * point becomes the reference (likewise below for descent); smaller moves are
 * ignored. So 100 → 110 → 111 → 109 → 120 climbs 20 m, not 22 m, and drops 0.
 */
export function climb(elevations: number[], threshold = ELEVATION_HYSTERESIS_M): { ascentM: number; descentM: number } {
  let ascentM = 0;
  let descentM = 0;
  let reference = elevations[0];
  for (const ele of elevations.slice(1)) {
    if (reference === undefined) break;
    if (ele - reference >= threshold) {
      ascentM += ele - reference;
      reference = ele;
    } else if (reference - ele >= threshold) {
      descentM += reference - ele;
      reference = ele;
    }
  }
  return { ascentM, descentM };
}

/** At most `max` items, evenly spread, always keeping the first and the last. */
export function evenlySpaced<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  if (max <= 1) return items.slice(0, max);
  return Array.from({ length: max }, (_, i) => items[Math.round((i * (items.length - 1)) / (max - 1))]!);
}

/**
 * The numbers shown beside a route, and the thinned lines used to draw it.
 * Distance sums each track segment and route on its own: the gap between two
 * segments (the recording was paused) is not walked. The elevation profile
 * runs along the lines in file order.
 */
export function routeDetails({ lines, waypoints }: GpxContent): RouteDetails {
  const all = [...lines.flat(), ...waypoints];
  let distanceM = 0;
  const profile: ProfileSample[] = [];
  const elevations: number[] = [];
  for (const line of lines) {
    line.forEach((point, i) => {
      const previous = line[i - 1];
      if (previous) distanceM += haversineMetres(previous, point);
      if (point.ele !== undefined) {
        elevations.push(point.ele);
        profile.push([Math.round(distanceM), round1(point.ele)]);
      }
    });
  }
  const { ascentM, descentM } = climb(elevations);
  return {
    distanceM: round1(distanceM),
    ascentM: Math.round(ascentM),
    descentM: Math.round(descentM),
    pointCount: all.length,
    bbox: boundingBox(all),
    points: evenlySpaced(lines.flat(), MAX_DRAWN_POINTS).map(toLatLon),
    waypoints: evenlySpaced(waypoints, MAX_WAYPOINTS).map(toLatLon),
    profile: evenlySpaced(profile, MAX_PROFILE_SAMPLES),
  };
}

function boundingBox(points: GpxPoint[]): RouteBBox {
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const { lat, lon } of points) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  return { minLat, minLon, maxLat, maxLon };
}

// Six decimals is about 10 cm: more than a drawing needs.
function toLatLon({ lat, lon }: GpxPoint): LatLon {
  return [Math.round(lat * 1e6) / 1e6, Math.round(lon * 1e6) / 1e6];
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
