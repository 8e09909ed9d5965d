import {
  BACKDROPS,
  contactShadow,
  darken,
  layerLines,
  lighten,
  mix,
  PALETTE,
  type Pt,
  polyPath,
  r1,
  seededRandom,
  studioBackdrop,
  svgDoc,
} from "./common";

type Plant = "succulent" | "snake" | "fern" | "none";
type PlanterOptions = {
  cx: number;
  /** Screen y of the bottom of the saucer, where it touches the table. */
  baseY: number;
  scale: number;
  colour: string;
  plant: Plant;
  /** Turns the hexagon so the faces are not perfectly symmetrical. */
  turn: number;
  seed: number;
};

// Perspective squash of horizontal circles: how far above the table we look from.
const SQUASH = 0.36;
// Light comes from the front-left, so faces turned that way are brightest.
const LIGHT = (130 * Math.PI) / 180;

function hexagon(cx: number, cy: number, radius: number, turn: number): Pt[] {
  return Array.from({ length: 6 }, (_, i) => {
    const a = turn + (i * Math.PI) / 3;
    return [cx + radius * Math.cos(a), cy + radius * Math.sin(a) * SQUASH] as const;
  });
}

/** The visible, shaded side faces of a tapered hexagonal prism. */
function prismFaces(cx: number, bottomY: number, topY: number, rBottom: number, rTop: number, turn: number, colour: string): string {
  const bottom = hexagon(cx, bottomY, rBottom, turn);
  const top = hexagon(cx, topY, rTop, turn);
  let faces = "";
  for (let i = 0; i < 6; i++) {
    const j = (i + 1) % 6;
    const mid = turn + ((i + 0.5) * Math.PI) / 3;
    if (Math.sin(mid) <= 0.02) continue; // faces turned away from the camera
    const light = Math.cos(mid - LIGHT); // -1..1
    const fill = light > 0 ? lighten(colour, light * 0.18) : darken(colour, -light * 0.3);
    faces += `<path d="${polyPath([bottom[i]!, bottom[j]!, top[j]!, top[i]!])}" fill="${fill}"/>`;
  }
  return faces;
}

function succulent(cx: number, cy: number, size: number, seed: number): string {
  const random = seededRandom(seed);
  const leaves: { tipY: number; d: string; fill: string; ring: number }[] = [];
  // Echeveria-like: wide outer leaves lying flat, tighter inner leaves rising.
  const rings = [
    { count: 10, length: 1, lift: 0.1, width: 0.46 },
    { count: 8, length: 0.78, lift: 0.3, width: 0.44 },
    { count: 6, length: 0.55, lift: 0.5, width: 0.42 },
    { count: 4, length: 0.32, lift: 0.6, width: 0.4 },
  ];
  rings.forEach((ring, ringIndex) => {
    const offset = random() * Math.PI;
    for (let i = 0; i < ring.count; i++) {
      const a = offset + (i / ring.count) * Math.PI * 2;
      const length = size * ring.length * (0.9 + random() * 0.2);
      const tip: Pt = [cx + Math.cos(a) * length, cy + Math.sin(a) * length * 0.42 - length * ring.lift - size * 0.04];
      // The leaf is a lens between base and tip, fattest a third of the way out.
      const nx = -(tip[1] - cy);
      const ny = tip[0] - cx;
      const norm = Math.hypot(nx, ny) || 1;
      const w = size * ring.width * 0.5;
      const c = (t: number, side: number): Pt => [
        cx + (tip[0] - cx) * t + (nx / norm) * w * side,
        cy + (tip[1] - cy) * t + (ny / norm) * w * side,
      ];
      const [a1, a2] = [c(0.4, 1), c(0.4, -1)];
      const d = `M${r1(cx)} ${r1(cy)}Q${r1(a1[0])} ${r1(a1[1])} ${r1(tip[0])} ${r1(tip[1])}Q${r1(a2[0])} ${r1(a2[1])} ${r1(cx)} ${r1(cy)}Z`;
      const base = ["#6f9c84", "#7fab90", "#93bb9c", "#aacda8"][ringIndex]!;
      const shade = Math.sin(a) < 0 ? darken(base, 0.12) : base;
      leaves.push({ tipY: tip[1], d, fill: shade, ring: ringIndex });
    }
  });
  // Outer ring first, and within a ring the leaves furthest back first.
  leaves.sort((p, q) => p.ring - q.ring || p.tipY - q.tipY);
  return leaves.map((leaf) => `<path d="${leaf.d}" fill="${leaf.fill}" stroke="${darken(leaf.fill, 0.2)}" stroke-width="1.2"/>`).join("");
}

function snakePlant(cx: number, cy: number, size: number, seed: number): string {
  const random = seededRandom(seed);
  let out = "";
  const blades = 7;
  // Tallest blades drawn first so the shorter, outer ones overlap them.
  const order = [3, 2, 4, 1, 5, 0, 6];
  for (const i of order) {
    const spread = (i - (blades - 1) / 2) / blades;
    const height = size * (1.45 + random() * 0.8) * (1 - Math.abs(spread) * 0.8);
    const baseX = cx + spread * size * 0.8;
    const lean = spread * size * 0.9 + (random() - 0.5) * size * 0.25;
    const w = size * (0.22 + random() * 0.06);
    // Centre line of the blade as a cubic Bézier; the outline follows it.
    const p0: Pt = [baseX, cy + size * 0.04];
    const p1: Pt = [baseX + lean * 0.1, cy - height * 0.45];
    const p2: Pt = [baseX + lean * 0.7, cy - height * 0.8];
    const p3: Pt = [baseX + lean, cy - height];
    const at = (t: number): Pt => {
      const u = 1 - t;
      return [
        u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
        u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
      ];
    };
    const halfWidth = (t: number) => (w / 2) * Math.min(1, (1 - t) * 1.6) * (t < 0.1 ? 0.8 + t * 2 : 1);
    const left: Pt[] = [];
    const right: Pt[] = [];
    for (let k = 0; k <= 12; k++) {
      const t = k / 12;
      const [x, y] = at(t);
      const [nx, ny] = at(Math.min(1, t + 0.01));
      const dx = nx - x || 0.0001;
      const dy = ny - y;
      const len = Math.hypot(dx, dy);
      const hw = halfWidth(t);
      left.push([x - (dy / len) * hw, y + (dx / len) * hw]);
      right.push([x + (dy / len) * hw, y - (dx / len) * hw]);
    }
    const outline = [...left, ...right.reverse()];
    const green = ["#3f7a4a", "#4a8753", "#37704a"][i % 3]!;
    out += `<path d="${polyPath(outline)}" fill="${green}" stroke="#cfc56a" stroke-width="${r1(size * 0.022)}" stroke-linejoin="round"/>`;
    // Pale wavy cross-bands, the snake plant's markings, following the blade.
    for (let b = 1; b < 7; b++) {
      const t = b / 7.5;
      const [x, y] = at(t);
      const hw = halfWidth(t) * 0.75;
      out += `<path d="M${r1(x - hw)} ${r1(y)}q${r1(hw * 0.5)} ${r1(-size * 0.035)} ${r1(hw)} 0t${r1(hw)} 0" stroke="#7fb07a" stroke-width="${r1(size * 0.018)}" fill="none" opacity="0.55"/>`;
    }
  }
  return out;
}

function fern(cx: number, cy: number, size: number, seed: number): string {
  const random = seededRandom(seed);
  let out = "";
  const fronds = 9;
  for (let i = 0; i < fronds; i++) {
    const a = Math.PI * (0.12 + (0.76 * i) / (fronds - 1)) + (random() - 0.5) * 0.1;
    const length = size * (1.1 + random() * 0.5);
    const tip: Pt = [cx - Math.cos(a) * length, cy - Math.sin(a) * length * 0.85];
    const mid: Pt = [cx - Math.cos(a) * length * 0.55, cy - Math.sin(a) * length * 0.95 - size * 0.15];
    out += `<path d="M${r1(cx)} ${r1(cy)}Q${r1(mid[0])} ${r1(mid[1])} ${r1(tip[0])} ${r1(tip[1])}" stroke="#4f8a3e" stroke-width="${r1(size * 0.03)}" fill="none"/>`;
    // Leaflets along the frond, shrinking toward the tip.
    for (let s = 1; s < 9; s++) {
      const t = s / 9;
      const x = (1 - t) * (1 - t) * cx + 2 * (1 - t) * t * mid[0] + t * t * tip[0];
      const y = (1 - t) * (1 - t) * cy + 2 * (1 - t) * t * mid[1] + t * t * tip[1];
      const leaf = size * 0.16 * (1 - t * 0.7);
      out += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(leaf)}" ry="${r1(leaf * 0.38)}" transform="rotate(${r1((a * 180) / Math.PI + 60)} ${r1(x)} ${r1(y)})" fill="${s % 2 ? "#6aa84f" : "#5e9a46"}"/>`;
      out += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(leaf)}" ry="${r1(leaf * 0.38)}" transform="rotate(${r1((a * 180) / Math.PI - 60)} ${r1(x)} ${r1(y)})" fill="${s % 2 ? "#5e9a46" : "#6aa84f"}"/>`;
    }
  }
  return out;
}

/** One planter on its drip saucer, with a plant, drawn around (cx, baseY). Scenes reuse it. */
export function planter(id: string, o: PlanterOptions): string {
  const s = o.scale;
  const saucerH = 16 * s;
  const saucerTop = o.baseY - saucerH;
  const potBottom = o.baseY - 8 * s;
  const potTop = potBottom - 230 * s;
  const rTop = 170 * s;
  const rBottom = 132 * s;
  const wall = 11 * s;
  const colour = o.colour;

  const rim = hexagon(o.cx, potTop, rTop, o.turn);
  const inner = hexagon(o.cx, potTop, rTop - wall, o.turn);
  const soilY = potTop + 26 * s;
  const soil = hexagon(o.cx, soilY, rTop - wall - 5 * s, o.turn);
  const saucerRim = hexagon(o.cx, saucerTop, rBottom + 20 * s, o.turn);
  const saucerInner = hexagon(o.cx, saucerTop, rBottom + 12 * s, o.turn);

  // The pot's silhouette, so the layer-line texture stays on the pot.
  const body = convexHull([...hexagon(o.cx, potBottom, rBottom, o.turn), ...rim]);

  let plant = "";
  const plantY = soilY + 2 * s;
  if (o.plant === "succulent") plant = succulent(o.cx, plantY, 135 * s, o.seed);
  if (o.plant === "snake") plant = snakePlant(o.cx, plantY, 150 * s, o.seed);
  if (o.plant === "fern") plant = fern(o.cx, plantY, 150 * s, o.seed);

  return `<g>
<defs>${layerLines(`${id}-ll`, 4.5 * Math.max(s, 0.6), 0.08)}
<clipPath id="${id}-inner"><path d="${polyPath(inner)}"/></clipPath>
<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient></defs>
${contactShadow(`${id}-shadow`, o.cx + 10 * s, o.baseY, rBottom * 1.35, rBottom * 0.28)}
${prismFaces(o.cx, o.baseY, saucerTop, rBottom + 16 * s, rBottom + 20 * s, o.turn, darken(colour, 0.06))}
<path d="${polyPath(saucerRim)}" fill="${lighten(colour, 0.22)}"/>
<path d="${polyPath(saucerInner)}" fill="${darken(colour, 0.28)}"/>
<g>${prismFaces(o.cx, potBottom, potTop, rBottom, rTop, o.turn, colour)}</g>
<path d="${polyPath(body)}" fill="url(#${id}-ll)"/>
<path d="${polyPath(rim)}" fill="${lighten(colour, 0.28)}"/>
<path d="${polyPath(inner)}" fill="${darken(colour, 0.35)}"/>
<g clip-path="url(#${id}-inner)"><path d="${polyPath(soil)}" fill="${PALETTE.soil}"/>${soilSpeckles(o.cx, soilY, (rTop - wall) * 0.8, o.seed)}</g>
${plant}
</g>`;
}

function soilSpeckles(cx: number, cy: number, radius: number, seed: number): string {
  const random = seededRandom(seed + 7);
  let out = "";
  for (let i = 0; i < 40; i++) {
    const a = random() * Math.PI * 2;
    const d = Math.sqrt(random()) * radius;
    out += `<circle cx="${r1(cx + Math.cos(a) * d)}" cy="${r1(cy + Math.sin(a) * d * SQUASH)}" r="${r1(1.5 + random() * 2)}" fill="${random() > 0.5 ? "#6e4e37" : "#4a3223"}"/>`;
  }
  return out;
}

function convexHull(points: Pt[]): Pt[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (const p of [...sorted].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const TERRACOTTA = "#d4693c";

export function planterHexTerracotta(): string {
  return svgDoc(
    800,
    800,
    studioBackdrop("bg", 800, 800, BACKDROPS.sand) +
      planter("p", { cx: 400, baseY: 680, scale: 1.22, colour: TERRACOTTA, plant: "succulent", turn: 0.2, seed: 11 }),
  );
}

export function planterHexTeal(): string {
  return svgDoc(
    800,
    800,
    studioBackdrop("bg", 800, 800, BACKDROPS.mist) +
      planter("p", { cx: 400, baseY: 680, scale: 1, colour: mix(PALETTE.teal, "#0f766e", 0.25), plant: "snake", turn: -0.15, seed: 4 }),
  );
}

/** The three sizes side by side, so the variant choice is easy to picture. */
export function planterHexSizes(): string {
  return svgDoc(
    800,
    800,
    studioBackdrop("bg", 800, 800, BACKDROPS.blush) +
      planter("l", { cx: 500, baseY: 600, scale: 0.78, colour: "#ece4d6", plant: "fern", turn: 0.35, seed: 21 }) +
      planter("m", { cx: 255, baseY: 640, scale: 0.62, colour: TERRACOTTA, plant: "succulent", turn: 0.05, seed: 5 }) +
      planter("s", {
        cx: 420,
        baseY: 705,
        scale: 0.47,
        colour: mix(PALETTE.teal, "#0f766e", 0.25),
        plant: "succulent",
        turn: -0.2,
        seed: 9,
      }),
  );
}
