import type { ReactNode } from "react";
import {
  type Box,
  elevationPaths,
  formatDistanceKm,
  formatMetres,
  type LatLon,
  projectPoints,
  type RouteBBox,
  type RouteDetails,
  routePathData,
} from "../../../shared/route-drawing";
import type { HiddenEnds } from "../../../shared/route-trim";

// Drawn in a small coordinate space so the start and finish dots stay a
// sensible size when the picture shrinks to a phone's width.
const MAP: Box = { width: 480, height: 300, padding: 22 };
const PROFILE: Box = { width: 480, height: 120, padding: 8 };

/** "Your route: 12.3 km, 456 m of ascent and 440 m of descent" — what a screen reader hears for the map. */
function routeLabel(details: Pick<RouteDetails, "distanceM" | "ascentM" | "descentM">): string {
  return `Your route: ${formatDistanceKm(details.distanceM)}, ${formatMetres(details.ascentM)} of ascent and ${formatMetres(details.descentM)} of descent`;
}

/** The route's box grown to take in the hidden ends, so they are drawn beside it at the same scale. */
function boxWith(bbox: RouteBBox, extra: LatLon[]): RouteBBox {
  return extra.reduce(
    (box, [lat, lon]) => ({
      minLat: Math.min(box.minLat, lat),
      minLon: Math.min(box.minLon, lon),
      maxLat: Math.max(box.maxLat, lat),
      maxLon: Math.max(box.maxLon, lon),
    }),
    bbox,
  );
}

/**
 * The uploaded route as the shopper will recognise it: the line with start and
 * finish, the elevation profile, and distance, ascent and descent. Built as
 * React elements from route-drawing's path data, coloured by the theme.
 * `hidden` are the ends the shopper chose to leave off, drawn as a faint dashed
 * line; the shop never stores them. `children` (the trim) sit under the map, so
 * a change to them is seen where it lands (docs/decisions/0028-route-trim-in-the-browser.md).
 */
export function RoutePreview({ details, hidden, children }: { details: RouteDetails; hidden?: HiddenEnds; children?: ReactNode }) {
  const hiddenLines = [hidden?.start ?? [], hidden?.end ?? []].filter((points) => points.length > 1);
  const bbox = boxWith(details.bbox, hiddenLines.flat());
  const line = details.points.length > 1 ? routePathData(details.points, bbox, MAP) : "";
  const ends = projectPoints(details.points, bbox, MAP);
  const start = ends[0];
  const finish = ends.length > 1 ? ends[ends.length - 1] : undefined;
  const waypoints = projectPoints(details.waypoints, bbox, MAP);
  const hasProfile = details.profile.length >= 2;
  const profile = hasProfile ? elevationPaths(details.profile, PROFILE) : null;

  return (
    <div className="route-preview">
      <svg
        className="route-preview__map"
        viewBox={`0 0 ${MAP.width} ${MAP.height}`}
        role="img"
        aria-label={routeLabel(details)}
        preserveAspectRatio="xMidYMid meet"
      >
        {hiddenLines.map((points, index) => (
          <path
            key={index === 0 ? "start" : "end"}
            className="route-preview__hidden"
            d={routePathData(points, bbox, MAP)}
            vectorEffect="non-scaling-stroke"
            data-testid="hidden-route"
          />
        ))}
        {line && <path className="route-preview__line" d={line} vectorEffect="non-scaling-stroke" />}
        {waypoints.map(([x, y], index) => (
          <circle key={index} className="route-preview__waypoint" cx={x} cy={y} r={4} />
        ))}
        {finish && <circle className="route-preview__finish" cx={finish[0]} cy={finish[1]} r={7} />}
        {start && <circle className="route-preview__start" cx={start[0]} cy={start[1]} r={7} />}
      </svg>
      <p className="route-preview__legend" aria-hidden="true">
        {start && <span className="route-preview__key route-preview__key--start">Start</span>}
        {finish && <span className="route-preview__key route-preview__key--finish">Finish</span>}
        {waypoints.length > 0 && <span className="route-preview__key route-preview__key--waypoint">Waypoint</span>}
      </p>
      {children}

      <figure className="route-preview__profile">
        {profile ? (
          <svg
            viewBox={`0 0 ${PROFILE.width} ${PROFILE.height}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={`Elevation profile: from ${formatMetres(profile.minEleM)} to ${formatMetres(profile.maxEleM)} over ${formatDistanceKm(details.distanceM)}`}
          >
            <path className="route-preview__area" d={profile.area} />
            <path className="route-preview__ridge" d={profile.line} vectorEffect="non-scaling-stroke" />
          </svg>
        ) : (
          <p className="route-preview__no-profile">No elevation in this file</p>
        )}
        {profile && (
          <figcaption className="route-preview__axis">
            <span>
              Elevation {formatMetres(profile.minEleM)} – {formatMetres(profile.maxEleM)}
            </span>
            <span>{formatDistanceKm(details.distanceM)}</span>
          </figcaption>
        )}
      </figure>

      <dl className="route-preview__facts">
        <div>
          <dt>Distance</dt>
          <dd>{formatDistanceKm(details.distanceM)}</dd>
        </div>
        <div>
          <dt>Ascent</dt>
          <dd>{formatMetres(details.ascentM)}</dd>
        </div>
        <div>
          <dt>Descent</dt>
          <dd>{formatMetres(details.descentM)}</dd>
        </div>
      </dl>
    </div>
  );
}
