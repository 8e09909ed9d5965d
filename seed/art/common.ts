// Shared helpers for the hand-drawn demo artwork. Every drawing is plain SVG
// that librsvg (inside sharp) can render offline: no fonts, no CSS, no
// external references. Randomness is seeded so the same code always renders
// the same bytes, which keeps the content-hashed file names stable.

export type Pt = readonly [number, number];

/** The shop palette: warm orange accent, teal, and soft studio neutrals. */
export const PALETTE = {
  orange: "#f97316",
  teal: "#14b8a6",
  terracotta: "#d9693f",
  charcoal: "#33363b",
  graphite: "#4a4f57",
  cream: "#f3ede2",
  oat: "#e4d6bd",
  sage: "#9fb89a",
  leaf: "#5f9a4e",
  leafDark: "#3f7338",
  soil: "#5a3f2c",
  red: "#dc3b2a",
} as const;

export function svgDoc(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseHex(a);
  const pb = parseHex(b);
  const channel = (i: number) => Math.round(pa[i]! + (pb[i]! - pa[i]!) * t);
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, "0")).join("")}`;
}
export const darken = (colour: string, t: number) => mix(colour, "#000000", t);
export const lighten = (colour: string, t: number) => mix(colour, "#ffffff", t);

function parseHex(colour: string): number[] {
  const hex = colour.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

export function r1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** A closed polygon path through the points. */
export function polyPath(points: readonly Pt[]): string {
  return `M${points.map(([x, y]) => `${r1(x)} ${r1(y)}`).join("L")}Z`;
}

/** A smooth closed path through the points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: readonly Pt[]): string {
  const n = points.length;
  const at = (i: number) => points[((i % n) + n) % n]!;
  let d = `M${r1(at(0)[0])} ${r1(at(0)[1])}`;
  for (let i = 0; i < n; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${r1(c1[0])} ${r1(c1[1])} ${r1(c2[0])} ${r1(c2[1])} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return `${d}Z`;
}

/** A smooth open path through the points. */
export function smoothOpenPath(points: readonly Pt[]): string {
  const n = points.length;
  const at = (i: number) => points[Math.max(0, Math.min(n - 1, i))]!;
  let d = `M${r1(at(0)[0])} ${r1(at(0)[1])}`;
  for (let i = 0; i < n - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${r1(c1[0])} ${r1(c1[1])} ${r1(c2[0])} ${r1(c2[1])} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return d;
}

/** Seeded PRNG (mulberry32) so "random" details are identical on every render. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Backdrop = {
  /** Wall colour at the top and where it meets the table. */
  wallTop: string;
  wallBottom: string;
  /** Table surface, nearest the horizon and nearest the viewer. */
  floorTop: string;
  floorBottom: string;
  /** Where the table meets the wall, as a fraction of the height. */
  horizon: number;
};

export const BACKDROPS = {
  sand: { wallTop: "#f6f1e8", wallBottom: "#ece3d4", floorTop: "#e2d6c2", floorBottom: "#d6c7ae", horizon: 0.62 },
  mist: { wallTop: "#eef2f3", wallBottom: "#dfe6e8", floorTop: "#d4dcdf", floorBottom: "#c5cfd3", horizon: 0.64 },
  sage: { wallTop: "#eef2ea", wallBottom: "#dde6d7", floorTop: "#d2dbc9", floorBottom: "#c2cdb7", horizon: 0.66 },
  blush: { wallTop: "#f8efe9", wallBottom: "#efe0d6", floorTop: "#e6d2c4", floorBottom: "#d9c0af", horizon: 0.63 },
  stone: { wallTop: "#efeeec", wallBottom: "#e2e0dc", floorTop: "#d7d4ce", floorBottom: "#c9c5bd", horizon: 0.6 },
} as const satisfies Record<string, Backdrop>;

/**
 * A photographic "sweep": wall gradient, a table top, a soft blurred seam
 * between them and a gentle vignette, so objects look placed, not pasted.
 */
export function studioBackdrop(id: string, width: number, height: number, b: Backdrop): string {
  const y = Math.round(height * b.horizon);
  return `<defs>
<linearGradient id="${id}-wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b.wallTop}"/><stop offset="1" stop-color="${b.wallBottom}"/></linearGradient>
<linearGradient id="${id}-floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b.floorTop}"/><stop offset="1" stop-color="${b.floorBottom}"/></linearGradient>
<radialGradient id="${id}-vig" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></radialGradient>
<filter id="${id}-seam" x="-10%" y="-200%" width="120%" height="500%"><feGaussianBlur stdDeviation="${Math.round(height * 0.012)}"/></filter>
</defs>
<rect width="${width}" height="${height}" fill="url(#${id}-wall)"/>
<rect y="${y}" width="${width}" height="${height - y}" fill="url(#${id}-floor)"/>
<rect y="${y - 4}" width="${width}" height="10" fill="${b.floorTop}" filter="url(#${id}-seam)"/>
<rect width="${width}" height="${height}" fill="url(#${id}-vig)"/>`;
}

/** A blurred contact shadow under an object standing on the table. */
export function contactShadow(id: string, cx: number, cy: number, rx: number, ry: number, opacity = 0.22): string {
  return `<defs><filter id="${id}" x="-50%" y="-150%" width="200%" height="400%"><feGaussianBlur stdDeviation="${r1(ry * 0.45)}"/></filter></defs>
<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="#2a2118" opacity="${opacity}" filter="url(#${id})"/>`;
}

/**
 * Faint horizontal layer lines, the tell-tale of an FDM print. Drawn as a
 * pattern overlay clipped to a face, kept subtle so WebP stays small.
 */
export function layerLines(id: string, pitch = 5, opacity = 0.07): string {
  return `<pattern id="${id}" width="40" height="${pitch}" patternUnits="userSpaceOnUse"><rect width="40" height="${r1(pitch * 0.35)}" fill="#000" opacity="${opacity}"/></pattern>`;
}

/** A plain blur filter definition. */
export function blurFilter(id: string, deviation: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}
