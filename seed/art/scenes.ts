import { BACKDROPS, blurFilter, darken, mix, PALETTE, studioBackdrop, svgDoc } from "./common";
import { LIT, lithoPicture } from "./lithophane";
import { planter } from "./planter";
import { COAST_TO_COAST, LAKE_DISTRICT, reliefTile, tileShadow, type ViewOptions } from "./relief";

// Wider pictures for the home page: the three demo projects (1200 × 800, the
// carousel's frame) and the hero banner (1600 × 900).

const TEAL = mix(PALETTE.teal, "#0f766e", 0.25);

function desk(width: number, height: number): string {
  return `<defs><linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eee7dc"/><stop offset="1" stop-color="#d6c9b5"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#desk)"/>`;
}

/** A long Coast to Coast relief, commissioned as a leaving present. */
export function projectCoastToCoast(): string {
  const view: ViewOptions = { cx: 600, cy: 420, scale: 1.15, rotate: -5, squash: 0.72, terrace: 5, slab: 10 };
  return svgDoc(1200, 800, desk(1200, 800) + tileShadow("sh", COAST_TO_COAST, view) + reliefTile(COAST_TO_COAST, view));
}

/** Three lit lighthouse panels for a lifeboat station's raffle. */
export function projectLighthousePanels(): string {
  const dusk = { wallTop: "#342c27", wallBottom: "#28211d", floorTop: "#3a3029", floorBottom: "#211b17", horizon: 0.78 };
  let svg = studioBackdrop("bg", 1200, 800, dusk);
  svg += `<defs>${blurFilter("glow", 50)}</defs>`;
  [270, 600, 930].forEach((cx, i) => {
    const top = 150 + (i === 1 ? -30 : 20);
    svg += `<ellipse cx="${cx}" cy="${top + 180}" rx="190" ry="230" fill="#ffb35c" opacity="0.3" filter="url(#glow)"/>`;
    svg += `<g transform="translate(${cx - 120} ${top})"><rect x="-14" y="-14" width="268" height="364" rx="8" fill="#dccfbd"/>${lithoPicture(`lh${i}`, "lighthouse", 240, 336, LIT)}</g>`;
    svg += `<rect x="${cx - 150}" y="${top + 350}" width="300" height="46" rx="6" fill="#2f2a26"/><rect x="${cx - 150}" y="${top + 350}" width="300" height="4" fill="#ffc27a" opacity="0.55"/>`;
  });
  return svgDoc(1200, 800, svg);
}

/** A run of hexagonal planters printed for a café's window sills. */
export function projectCafePlanters(): string {
  let svg = studioBackdrop("bg", 1200, 800, BACKDROPS.sage);
  const colours = [TEAL, "#ece4d6", PALETTE.terracotta, TEAL, "#ece4d6"];
  const plants = ["snake", "fern", "succulent", "fern", "snake"] as const;
  colours.forEach((colour, i) => {
    const cx = 160 + i * 220;
    svg += planter(`c${i}`, { cx, baseY: 640 + (i % 2) * 40, scale: 0.6, colour, plant: plants[i]!, turn: 0.1 * (i - 2), seed: 3 + i * 5 });
  });
  return svgDoc(1200, 800, svg);
}

/** The hero: a relief map on the desk with a planter beside it. */
export function heroPicture(): string {
  let svg = studioBackdrop("bg", 1600, 900, { ...BACKDROPS.sand, horizon: 0.55 });
  svg += `<defs>${blurFilter("hero-sh", 22)}</defs><ellipse cx="720" cy="650" rx="520" ry="110" fill="#3b2f22" opacity="0.22" filter="url(#hero-sh)"/>`;
  svg += reliefTile(LAKE_DISTRICT, { cx: 700, cy: 560, scale: 1.45, rotate: -18, squash: 0.48, terrace: 12, slab: 24 });
  svg += planter("hp", {
    cx: 1330,
    baseY: 800,
    scale: 0.95,
    colour: darken(PALETTE.orange, 0.05),
    plant: "succulent",
    turn: 0.2,
    seed: 11,
  });
  return svgDoc(1600, 900, svg);
}
