import {
  BACKDROPS,
  blurFilter,
  contactShadow,
  darken,
  lighten,
  type Pt,
  polyPath,
  r1,
  seededRandom,
  smoothClosedPath,
  smoothOpenPath,
  studioBackdrop,
  svgDoc,
} from "./common";

// A relief map is drawn the way it is printed: a base slab plus one flat
// terrace per contour level, each terrace an extruded contour polygon. Drawn
// bottom level first, painter's order gives correct overlaps from above.

type Peak = { x: number; y: number; r: number; levels: number; seed: number };
export type Terrain = {
  /** Plan size in map units (the tile keeps A-paper proportions). */
  width: number;
  height: number;
  peaks: Peak[];
  lakes: Pt[][];
  /** The route in plan coordinates; it is smoothed and resampled. */
  route: Pt[];
};
type Projection = (u: number, v: number, level: number) => Pt;

const LEVEL_COLOURS = ["#c7d6a5", "#b2ca90", "#9dbb7e", "#b3b37e", "#c8ba92", "#dad0b6", "#ebe6da", "#f7f5ef"];
const LAKE = "#86b5cf";
const ROUTE = "#d9362b";

export const LAKE_DISTRICT: Terrain = {
  width: 600,
  height: 424,
  peaks: [
    { x: 150, y: 125, r: 175, levels: 7, seed: 3 },
    { x: 430, y: 105, r: 150, levels: 6, seed: 8 },
    { x: 480, y: 330, r: 135, levels: 4, seed: 13 },
    { x: 175, y: 365, r: 115, levels: 3, seed: 21 },
  ],
  lakes: [
    [
      [318, 228],
      [334, 250],
      [340, 300],
      [333, 352],
      [322, 404],
      [306, 402],
      [310, 350],
      [308, 296],
      [306, 252],
    ],
  ],
  route: [
    [30, 405],
    [95, 330],
    [150, 250],
    [210, 200],
    [270, 215],
    [322, 188],
    [390, 150],
    [452, 170],
    [520, 120],
    [575, 40],
  ],
};

export const COAST_TO_COAST: Terrain = {
  width: 900,
  height: 320,
  peaks: [
    { x: 150, y: 150, r: 140, levels: 6, seed: 31 },
    { x: 330, y: 110, r: 120, levels: 5, seed: 37 },
    { x: 300, y: 270, r: 95, levels: 3, seed: 41 },
    { x: 560, y: 200, r: 130, levels: 3, seed: 43 },
    { x: 760, y: 120, r: 120, levels: 4, seed: 47 },
  ],
  lakes: [
    [
      [225, 190],
      [250, 205],
      [262, 240],
      [244, 248],
      [226, 228],
    ],
  ],
  route: [
    [20, 190],
    [90, 200],
    [170, 170],
    [240, 215],
    [330, 175],
    [420, 220],
    [520, 160],
    [640, 210],
    [740, 150],
    [880, 130],
  ],
};

/** Contour ring `level` of a peak, as a star-shaped polygon around a drifting centre. */
function ring(peak: Peak, level: number): Pt[] {
  const random = seededRandom(peak.seed);
  const harmonics = [2, 3, 5, 7].map((k) => ({ k, amp: (0.11 / k) * 2 * (0.5 + random()), phase: random() * 6.283 }));
  const drift = { x: (random() - 0.5) * 0.09, y: (random() - 0.5) * 0.09 };
  const step = 1 / (peak.levels + 0.6);
  const radius = peak.r * (1 - level * step);
  const cx = peak.x + drift.x * peak.r * level;
  const cy = peak.y + drift.y * peak.r * level;
  const points: Pt[] = [];
  for (let i = 0; i < 72; i++) {
    const a = (i / 72) * Math.PI * 2;
    let f = 1;
    for (const h of harmonics) f += h.amp * Math.sin(h.k * a + h.phase + level * 0.35);
    points.push([cx + Math.cos(a) * radius * f, cy + Math.sin(a) * radius * f]);
  }
  return points;
}

/** Sutherland–Hodgman clip of a polygon to the tile rectangle. */
function clipToRect(points: Pt[], width: number, height: number): Pt[] {
  const edges: [(p: Pt) => boolean, (a: Pt, b: Pt) => Pt][] = [
    [(p) => p[0] >= 0, (a, b) => lerpAt(a, b, (0 - a[0]) / (b[0] - a[0]))],
    [(p) => p[0] <= width, (a, b) => lerpAt(a, b, (width - a[0]) / (b[0] - a[0]))],
    [(p) => p[1] >= 0, (a, b) => lerpAt(a, b, (0 - a[1]) / (b[1] - a[1]))],
    [(p) => p[1] <= height, (a, b) => lerpAt(a, b, (height - a[1]) / (b[1] - a[1]))],
  ];
  let output = points;
  for (const [inside, cut] of edges) {
    const input = output;
    output = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i]!;
      const previous = input[(i + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(cut(previous, current));
        output.push(current);
      } else if (inside(previous)) {
        output.push(cut(previous, current));
      }
    }
    if (output.length === 0) break;
  }
  return output;
}
const lerpAt = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

function insideStar(points: Pt[], p: Pt): boolean {
  // Ray casting works for any simple polygon, star-shaped or not.
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The terrace level under a plan point: the highest ring of any peak containing it. */
function levelAt(terrain: Terrain, rings: Map<Peak, Pt[][]>, p: Pt): number {
  if (terrain.lakes.some((lake) => insideStar(lake, p))) return 0;
  let best = 0;
  for (const peak of terrain.peaks) {
    const peakRings = rings.get(peak)!;
    for (let level = peak.levels; level > best; level--) {
      if (insideStar(peakRings[level]!, p)) {
        best = level;
        break;
      }
    }
  }
  return best;
}

/** Resamples a smooth route (Catmull-Rom) into evenly spaced plan points. */
function sampleRoute(route: Pt[], spacing: number): Pt[] {
  const dense: Pt[] = [];
  const at = (i: number) => route[Math.max(0, Math.min(route.length - 1, i))]!;
  for (let i = 0; i < route.length - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    for (let t = 0; t < 1; t += 0.05) {
      const t2 = t * t;
      const t3 = t2 * t;
      const c = (k: 0 | 1) =>
        0.5 *
        (2 * p1[k] +
          (-p0[k] + p2[k]) * t +
          (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 +
          (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3);
      dense.push([c(0), c(1)]);
    }
  }
  dense.push(route[route.length - 1]!);
  // Keep points roughly `spacing` apart so runs per level are well formed.
  const out: Pt[] = [dense[0]!];
  for (const p of dense) {
    const last = out[out.length - 1]!;
    if (Math.hypot(p[0] - last[0], p[1] - last[1]) >= spacing) out.push(p);
  }
  return out;
}

export type ViewOptions = {
  cx: number;
  cy: number;
  scale: number;
  /** Rotation of the tile on the table, in degrees. */
  rotate: number;
  /** Foreshortening: 1 is straight down, smaller is a lower camera. */
  squash: number;
  /** Screen height of one terrace, and of the base slab. */
  terrace: number;
  slab: number;
};

function projection(terrain: Terrain, view: ViewOptions): Projection {
  const a = (view.rotate * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  return (u, v, level) => {
    const x = (u - terrain.width / 2) * view.scale;
    const y = (v - terrain.height / 2) * view.scale;
    return [view.cx + x * cos - y * sin, view.cy + (x * sin + y * cos) * view.squash - level * view.terrace];
  };
}

/** The printed tile: slab, terraces, lakes and the inlaid route, for any scene. */
export function reliefTile(terrain: Terrain, view: ViewOptions): string {
  const project = projection(terrain, view);
  const rings = new Map(terrain.peaks.map((peak) => [peak, Array.from({ length: peak.levels + 1 }, (_, l) => ring(peak, l))]));
  const maxLevel = Math.max(...terrain.peaks.map((p) => p.levels));
  const { width: W, height: H } = terrain;
  const corners: Pt[] = [
    [0, 0],
    [W, 0],
    [W, H],
    [0, H],
  ];
  const at = (points: Pt[], level: number) => points.map(([u, v]) => project(u, v, level));
  const slabDepth = view.slab / view.terrace;

  let svg = "";
  // Slab sides: all four, far ones first; the top hides whatever is behind.
  const sides = corners.map((c, i) => {
    const d = corners[(i + 1) % 4]!;
    const quad = [project(c[0], c[1], 0), project(d[0], d[1], 0), project(d[0], d[1], -slabDepth), project(c[0], c[1], -slabDepth)];
    return { quad, depth: (quad[0]![1] + quad[1]![1]) / 2, lean: quad[1]![0] - quad[0]![0] };
  });
  sides.sort((p, q) => p.depth - q.depth);
  for (const side of sides) {
    const fill = side.lean > 0 ? "#8d8a74" : "#a8a58d";
    svg += `<path d="${polyPath(side.quad)}" fill="${fill}"/>`;
  }
  svg += `<path d="${polyPath(at(corners, 0))}" fill="${LEVEL_COLOURS[0]}"/>`;
  for (const lake of terrain.lakes) {
    svg += `<path d="${smoothClosedPath(at(lake, 0))}" fill="${LAKE}" stroke="${lighten(LAKE, 0.35)}" stroke-width="1.5"/>`;
  }

  // Route runs grouped by the terrace they sit on, drawn right after that
  // terrace so higher ground in front correctly hides the line.
  const samples = sampleRoute(terrain.route, 3);
  const levels = samples.map((p) => levelAt(terrain, rings, p));
  const routeWidth = Math.max(2.2, 4.5 * view.scale);
  const routeAt = (level: number) => {
    let out = "";
    let run: Pt[] = [];
    const flush = () => {
      if (run.length > 1) {
        const d = smoothOpenPath(run);
        out += `<path d="${d}" fill="none" stroke="${darken(ROUTE, 0.4)}" stroke-width="${r1(routeWidth + 1.6)}" stroke-linecap="butt" stroke-linejoin="round"/>`;
        out += `<path d="${d}" fill="none" stroke="${ROUTE}" stroke-width="${r1(routeWidth)}" stroke-linecap="round" stroke-linejoin="round"/>`;
      }
      run = [];
    };
    samples.forEach((p, i) => {
      if (levels[i] !== level) return;
      const prev = i > 0 ? levels[i - 1]! : level;
      const next = i < samples.length - 1 ? levels[i + 1]! : level;
      if (run.length === 0 && i > 0) {
        // Join the neighbour half-way; when climbing onto this terrace the
        // line also runs up the terrace wall, which is drawn by now.
        if (prev < level) run.push(midpoint(samples[i - 1]!, p, prev, project));
        run.push(midpoint(samples[i - 1]!, p, level, project));
      }
      run.push(project(p[0], p[1], level));
      if (next !== level) {
        run.push(midpoint(p, samples[i + 1]!, level, project));
        if (next < level) run.push(midpoint(p, samples[i + 1]!, next, project));
        flush();
      }
    });
    flush();
    return out;
  };
  svg += routeAt(0);

  for (let level = 1; level <= maxLevel; level++) {
    const footprints = terrain.peaks
      .filter((peak) => peak.levels >= level)
      .map((peak) => clipToRect(rings.get(peak)![level]!, W, H))
      .filter((points) => points.length > 2);
    const colour = LEVEL_COLOURS[Math.min(level, LEVEL_COLOURS.length - 1)]!;
    const wall = darken(colour, 0.3);
    // The terrace's wall: the footprint swept up one level in small steps.
    for (const fraction of [0, 0.35, 0.7]) {
      for (const f of footprints) {
        svg += `<path d="${polyPath(at(f, level - 1 + fraction))}" fill="${wall}" stroke="${wall}" stroke-width="1.4"/>`;
      }
    }
    // Edge first, fill second, so overlapping rings merge into one outline.
    for (const f of footprints)
      svg += `<path d="${polyPath(at(f, level))}" fill="none" stroke="${darken(colour, 0.12)}" stroke-width="2"/>`;
    for (const f of footprints) svg += `<path d="${polyPath(at(f, level))}" fill="${colour}"/>`;
    svg += routeAt(level);
  }

  // Start and finish markers, sitting on their terraces.
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const marker = (p: Pt, level: number, fill: string) => {
    const [x, y] = project(p[0], p[1], level);
    return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(routeWidth * 1.3)}" fill="${fill}" stroke="${darken(ROUTE, 0.45)}" stroke-width="${r1(routeWidth * 0.5)}"/>`;
  };
  svg += marker(first, levels[0]!, "#ffffff") + marker(last, levels[levels.length - 1]!, ROUTE);
  return `<g>${svg}</g>`;
}

function midpoint(a: Pt, b: Pt, level: number, project: Projection): Pt {
  return project((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, level);
}

/** A soft shadow the shape of the tile's footprint, cast down and to the right. */
export function tileShadow(id: string, terrain: Terrain, view: ViewOptions, opacity = 0.3): string {
  const project = projection(terrain, view);
  const below = -view.slab / view.terrace;
  const corners = (
    [
      [0, 0],
      [terrain.width, 0],
      [terrain.width, terrain.height],
      [0, terrain.height],
    ] as const
  ).map(([u, v]) => {
    const [x, y] = project(u, v, below);
    return [x + 10 * view.scale, y + 12 * view.scale] as const;
  });
  return `<defs>${blurFilter(id, r1(12 * view.scale))}</defs><path d="${polyPath(corners)}" fill="#3b2f22" opacity="${opacity}" filter="url(#${id})"/>`;
}

const DESK = `<defs><linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eee7dc"/><stop offset="1" stop-color="#d9cdbb"/></linearGradient></defs><rect width="800" height="800" fill="url(#desk)"/>`;

/** Looking down on the tile on a desk: the shape of the route reads first. */
export function reliefMapTop(): string {
  const view: ViewOptions = { cx: 400, cy: 400, scale: 1.08, rotate: -6, squash: 0.97, terrace: 2.4, slab: 4 };
  return svgDoc(800, 800, DESK + tileShadow("sh", LAKE_DISTRICT, view) + reliefTile(LAKE_DISTRICT, view));
}

/** A low, angled view that shows the printed terraces and the slab edge. */
export function reliefMapAngled(): string {
  return svgDoc(
    800,
    800,
    studioBackdrop("bg", 800, 800, BACKDROPS.stone) +
      contactShadow("sh", 410, 540, 350, 95, 0.25) +
      reliefTile(LAKE_DISTRICT, { cx: 400, cy: 440, scale: 1.15, rotate: -24, squash: 0.5, terrace: 10, slab: 20 }),
  );
}

/** A3, A4 and A5 laid on a desk: each A size is √2 times the one before. */
export function reliefMapSizes(): string {
  const tiles: [string, ViewOptions][] = [
    ["a3", { cx: 455, cy: 300, scale: 0.86, rotate: 8, squash: 0.8, terrace: 4.5, slab: 8 }],
    ["a4", { cx: 300, cy: 510, scale: 0.61, rotate: -10, squash: 0.8, terrace: 3.2, slab: 6 }],
    ["a5", { cx: 565, cy: 615, scale: 0.43, rotate: 4, squash: 0.8, terrace: 2.3, slab: 4.5 }],
  ];
  let body = DESK;
  for (const [id, view] of tiles) body += tileShadow(`${id}-sh`, LAKE_DISTRICT, view) + reliefTile(LAKE_DISTRICT, view);
  return svgDoc(800, 800, body);
}
