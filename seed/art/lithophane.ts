import { BACKDROPS, blurFilter, darken, mix, type Pt, polyPath, r1, seededRandom, studioBackdrop, svgDoc } from "./common";

// A lithophane is a thin panel whose thickness varies with the picture: lit
// from behind, thick parts glow dark amber and thin parts bright. So every
// picture is drawn with a single "tone" scale from bright (0) to dark (1),
// and the same drawing serves lit (amber) and unlit (near white) panels.

export type Tone = (t: number) => string;
export const LIT: Tone = (t) => mix("#fff8e6", "#5a3014", Math.min(1, Math.max(0, t)));
const UNLIT: Tone = (t) => mix("#f8f6f1", "#c9c0b1", Math.min(1, Math.max(0, t)));

export type Scene = "lakeside" | "lighthouse" | "cottage";

/** A picture in a w × h box at the origin, in lithophane tones. */
export function lithoPicture(id: string, scene: Scene, w: number, h: number, tone: Tone): string {
  const sky = `<defs><linearGradient id="${id}-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tone(0.22)}"/><stop offset="0.7" stop-color="${tone(0.04)}"/></linearGradient>
<clipPath id="${id}-clip"><rect width="${w}" height="${h}"/></clipPath>${blurFilter(`${id}-soft`, r1(w * 0.03))}</defs>`;
  const body = scene === "lakeside" ? lakeside(w, h, tone) : scene === "lighthouse" ? lighthouse(w, h, tone) : cottage(w, h, tone);
  return `${sky}<g clip-path="url(#${id}-clip)"><rect width="${w}" height="${h}" fill="url(#${id}-sky)"/><g filter="url(#${id}-soft)" opacity="0.9"><circle cx="${r1(w * 0.68)}" cy="${r1(h * 0.3)}" r="${r1(w * 0.16)}" fill="${tone(0)}"/></g>${body}</g>`;
}

function ridge(w: number, h: number, baseY: number, amplitude: number, seed: number, peaks: number): Pt[] {
  const random = seededRandom(seed);
  const points: Pt[] = [[0, h]];
  for (let i = 0; i <= peaks * 2; i++) {
    const x = (i / (peaks * 2)) * w;
    const up = i % 2 === 0 ? 0.15 + random() * 0.3 : 0.7 + random() * 0.3;
    points.push([x, baseY - amplitude * up]);
  }
  points.push([w, h]);
  return points;
}

function pine(x: number, y: number, height: number, fill: string): string {
  const tiers = 4;
  let out = `<rect x="${r1(x - height * 0.03)}" y="${r1(y - height * 0.12)}" width="${r1(height * 0.06)}" height="${r1(height * 0.14)}" fill="${fill}"/>`;
  for (let i = 0; i < tiers; i++) {
    const top = y - height * (0.35 + (i * 0.65) / tiers) - height * 0.12;
    const bottom = y - height * 0.1 - (i * height * 0.55) / tiers;
    const half = height * 0.22 * (1 - i * 0.18);
    out += `<path d="${polyPath([
      [x, top],
      [x + half, bottom],
      [x - half, bottom],
    ])}" fill="${fill}"/>`;
  }
  return out;
}

function lakeside(w: number, h: number, tone: Tone): string {
  const far = ridge(w, h, h * 0.5, h * 0.22, 5, 4);
  const mid = ridge(w, h, h * 0.6, h * 0.16, 9, 3);
  let out = `<path d="${polyPath(far)}" fill="${tone(0.34)}"/><path d="${polyPath(mid)}" fill="${tone(0.5)}"/>`;
  out += `<rect y="${r1(h * 0.62)}" width="${w}" height="${r1(h * 0.2)}" fill="${tone(0.16)}"/>`;
  for (let i = 0; i < 6; i++) {
    const y = h * (0.65 + i * 0.028);
    out += `<rect x="${r1(w * (0.48 + (i % 3) * 0.04))}" y="${r1(y)}" width="${r1(w * (0.3 - i * 0.035))}" height="${r1(h * 0.008)}" fill="${tone(0.04)}"/>`;
  }
  out += `<path d="M0 ${r1(h * 0.78)}C${r1(w * 0.3)} ${r1(h * 0.74)} ${r1(w * 0.6)} ${r1(h * 0.84)} ${w} ${r1(h * 0.8)}V${h}H0Z" fill="${tone(0.78)}"/>`;
  out += pine(w * 0.14, h * 0.82, h * 0.42, tone(0.95)) + pine(w * 0.27, h * 0.8, h * 0.3, tone(0.9));
  out += pine(w * 0.88, h * 0.83, h * 0.36, tone(0.93));
  for (const [bx, by, s] of [
    [0.38, 0.22, 1],
    [0.45, 0.26, 0.8],
    [0.33, 0.28, 0.7],
  ] as const) {
    const x = w * bx;
    const y = h * by;
    const span = w * 0.03 * s;
    out += `<path d="M${r1(x - span)} ${r1(y - span * 0.4)}Q${r1(x - span * 0.4)} ${r1(y - span * 0.6)} ${r1(x)} ${r1(y)}Q${r1(x + span * 0.4)} ${r1(y - span * 0.6)} ${r1(x + span)} ${r1(y - span * 0.4)}" fill="none" stroke="${tone(0.65)}" stroke-width="${r1(w * 0.008)}"/>`;
  }
  return out;
}

function lighthouse(w: number, h: number, tone: Tone): string {
  let out = `<rect y="${r1(h * 0.58)}" width="${w}" height="${r1(h * 0.42)}" fill="${tone(0.38)}"/>`;
  for (let i = 0; i < 7; i++) {
    const y = h * (0.62 + i * 0.05);
    out += `<path d="M0 ${r1(y)}q${r1(w * 0.06)} ${r1(-h * 0.012)} ${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0t${r1(w * 0.12)} 0" fill="none" stroke="${tone(0.24)}" stroke-width="${r1(h * 0.006)}"/>`;
  }
  // The cliff, and the lighthouse standing on it.
  out += `<path d="M${r1(w * 0.45)} ${h}C${r1(w * 0.5)} ${r1(h * 0.72)} ${r1(w * 0.58)} ${r1(h * 0.6)} ${r1(w * 0.66)} ${r1(h * 0.56)}L${w} ${r1(h * 0.53)}V${h}Z" fill="${tone(0.82)}"/>`;
  const x = w * 0.76;
  const base = h * 0.555;
  const top = h * 0.22;
  out += `<path d="${polyPath([
    [x - w * 0.07, base],
    [x + w * 0.07, base],
    [x + w * 0.045, top],
    [x - w * 0.045, top],
  ])}" fill="${tone(0.55)}"/>`;
  for (let i = 0; i < 3; i++) {
    const y0 = base - (base - top) * (0.15 + i * 0.3);
    const y1 = y0 - (base - top) * 0.13;
    const half0 = w * (0.07 - 0.025 * (0.15 + i * 0.3));
    const half1 = w * (0.07 - 0.025 * (0.28 + i * 0.3));
    out += `<path d="${polyPath([
      [x - half0, y0],
      [x + half0, y0],
      [x + half1, y1],
      [x - half1, y1],
    ])}" fill="${tone(0.8)}"/>`;
  }
  out += `<rect x="${r1(x - w * 0.05)}" y="${r1(top - h * 0.06)}" width="${r1(w * 0.1)}" height="${r1(h * 0.06)}" fill="${tone(0.02)}"/>`;
  out += `<path d="M${r1(x - w * 0.06)} ${r1(top - h * 0.06)}L${r1(x)} ${r1(top - h * 0.11)}L${r1(x + w * 0.06)} ${r1(top - h * 0.06)}Z" fill="${tone(0.85)}"/>`;
  // Beams of light sweeping left across the sky.
  out += `<path d="M${r1(x)} ${r1(top - h * 0.03)}L0 ${r1(h * 0.08)}V${r1(h * 0.26)}Z" fill="${tone(0)}" opacity="0.7"/>`;
  return out;
}

function cottage(w: number, h: number, tone: Tone): string {
  let out = `<path d="M0 ${r1(h * 0.6)}C${r1(w * 0.3)} ${r1(h * 0.48)} ${r1(w * 0.6)} ${r1(h * 0.56)} ${w} ${r1(h * 0.5)}V${h}H0Z" fill="${tone(0.36)}"/>`;
  out += `<path d="M0 ${r1(h * 0.74)}C${r1(w * 0.35)} ${r1(h * 0.66)} ${r1(w * 0.7)} ${r1(h * 0.72)} ${w} ${r1(h * 0.68)}V${h}H0Z" fill="${tone(0.58)}"/>`;
  const cx = w * 0.4;
  const ground = h * 0.73;
  out += `<rect x="${r1(cx - w * 0.16)}" y="${r1(ground - h * 0.17)}" width="${r1(w * 0.32)}" height="${r1(h * 0.17)}" fill="${tone(0.7)}"/>`;
  out += `<path d="${polyPath([
    [cx - w * 0.2, ground - h * 0.16],
    [cx, ground - h * 0.32],
    [cx + w * 0.2, ground - h * 0.16],
  ])}" fill="${tone(0.9)}"/>`;
  out += `<rect x="${r1(cx + w * 0.08)}" y="${r1(ground - h * 0.33)}" width="${r1(w * 0.05)}" height="${r1(h * 0.1)}" fill="${tone(0.9)}"/>`;
  for (const dx of [-0.1, 0.06]) {
    out += `<rect x="${r1(cx + w * dx)}" y="${r1(ground - h * 0.12)}" width="${r1(w * 0.06)}" height="${r1(h * 0.05)}" fill="${tone(0.05)}"/>`;
  }
  out += `<rect x="${r1(cx - w * 0.025)}" y="${r1(ground - h * 0.09)}" width="${r1(w * 0.05)}" height="${r1(h * 0.09)}" fill="${tone(0.95)}"/>`;
  // A big oak beside the cottage and a path to the door.
  out += `<rect x="${r1(w * 0.77)}" y="${r1(h * 0.5)}" width="${r1(w * 0.035)}" height="${r1(h * 0.22)}" fill="${tone(0.92)}"/>`;
  out += `<circle cx="${r1(w * 0.79)}" cy="${r1(h * 0.45)}" r="${r1(w * 0.13)}" fill="${tone(0.8)}"/><circle cx="${r1(w * 0.72)}" cy="${r1(h * 0.5)}" r="${r1(w * 0.08)}" fill="${tone(0.86)}"/><circle cx="${r1(w * 0.87)}" cy="${r1(h * 0.5)}" r="${r1(w * 0.08)}" fill="${tone(0.74)}"/>`;
  out += `<path d="M${r1(cx - w * 0.02)} ${r1(ground)}Q${r1(cx - w * 0.05)} ${r1(h * 0.85)} ${r1(cx - w * 0.14)} ${h}H${r1(cx + w * 0.06)}Q${r1(cx + w * 0.02)} ${r1(h * 0.85)} ${r1(cx + w * 0.02)} ${r1(ground)}Z" fill="${tone(0.3)}"/>`;
  return out;
}

// Panel size in the product shots (portrait, 100 × 150 mm in real life).
const PANEL = { w: 300, h: 420 };

function framedPanel(id: string, scene: Scene, tone: Tone, frame: string): string {
  const border = 24;
  const { w, h } = PANEL;
  return `<rect x="${-border}" y="${-border}" width="${w + border * 2}" height="${h + border * 2}" rx="10" fill="${frame}"/>
<rect x="${-border + 5}" y="${-border + 5}" width="${w + border * 2 - 10}" height="${h + border * 2 - 10}" rx="7" fill="none" stroke="${darken(frame, 0.08)}" stroke-width="3"/>
<rect x="-3" y="-3" width="${w + 6}" height="${h + 6}" fill="${darken(frame, 0.18)}"/>
${lithoPicture(id, scene, w, h, tone)}`;
}

/** Back-lit on its LED stand in a dim room: how it is meant to be seen. */
export function lithophaneLit(): string {
  const dusk = { wallTop: "#3b322c", wallBottom: "#2c2520", floorTop: "#3a3029", floorBottom: "#241e1a", horizon: 0.74 };
  const left = 400 - PANEL.w / 2;
  const top = 118;
  return svgDoc(
    800,
    800,
    studioBackdrop("bg", 800, 800, dusk) +
      `<defs>${blurFilter("halo", 60)}${blurFilter("spill", 30)}</defs>
<ellipse cx="400" cy="360" rx="300" ry="330" fill="#ffb35c" opacity="0.35" filter="url(#halo)"/>
<ellipse cx="400" cy="672" rx="300" ry="50" fill="#ffb35c" opacity="0.35" filter="url(#spill)"/>
<g transform="translate(${left} ${top})">${framedPanel("lit", "lakeside", LIT, "#dccfbd")}</g>` +
      standBase(400, top + PANEL.h + 38, "#2f2a26"),
  );
}

/** The LED stand the panel slots into: a low block with a warm slot on top. */
function standBase(cx: number, topY: number, colour: string): string {
  const half = 200;
  const depth = 26;
  const height = 58;
  const top: Pt[] = [
    [cx - half, topY],
    [cx + half, topY],
    [cx + half - depth * 0.6, topY - depth],
    [cx - half + depth * 0.6, topY - depth],
  ];
  return `<path d="${polyPath(top)}" fill="${mix(colour, "#ffffff", 0.12)}"/>
<rect x="${cx - half}" y="${topY}" width="${half * 2}" height="${height}" rx="6" fill="${colour}"/>
<rect x="${cx - half}" y="${topY}" width="${half * 2}" height="4" fill="#ffc27a" opacity="0.55"/>
<circle cx="${cx + half - 30}" cy="${topY + height / 2}" r="5" fill="#ffd9a0"/>`;
}

/** The same kind of panel unlit, turned a little: white plastic with a faint picture. */
export function lithophaneUnlit(): string {
  // A vertical panel turned about its upright axis projects as scale + skewY.
  const turn = `matrix(0.84 -0.1 0 1 ${400 - PANEL.w * 0.42 - 10} 150)`;
  const border = 24;
  const edge: Pt[] = [
    [PANEL.w + border, -border],
    [PANEL.w + border + 14, -border + 8],
    [PANEL.w + border + 14, PANEL.h + border + 8],
    [PANEL.w + border, PANEL.h + border],
  ];
  return svgDoc(
    800,
    800,
    studioBackdrop("bg", 800, 800, BACKDROPS.sand) +
      `<defs>${blurFilter("sh", 16)}</defs><ellipse cx="420" cy="655" rx="250" ry="34" fill="#3b2f22" opacity="0.25" filter="url(#sh)"/>
<g transform="${turn}"><path d="${polyPath(edge)}" fill="#d8d1c6"/>${framedPanel("unlit", "cottage", UNLIT, "#f1ede6")}${standBase(PANEL.w / 2, PANEL.h + 38, "#cfc6b8")}</g>`,
  );
}
