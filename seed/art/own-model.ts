import { BACKDROPS, contactShadow, darken, layerLines, lighten, PALETTE, type Pt, polyPath, studioBackdrop, svgDoc } from "./common";

/**
 * "Print your own model": a faceted, low-poly printed shape (an octahedron-topped gem) in teal PLA beside a
 * smaller one in orange PETG, each face shaded by the light from the upper left, so the product reads as "any
 * shape you send".
 */
export function ownModelPrints(): string {
  let svg = studioBackdrop("bg", 800, 800, BACKDROPS.mist);
  svg += `<defs>${layerLines("om-ll", 5, 0.09)}</defs>`;
  svg += contactShadow("om-sh1", 330, 640, 190, 36, 0.28);
  svg += contactShadow("om-sh2", 590, 650, 110, 24, 0.24);
  svg += gem(330, 640, 1, PALETTE.teal);
  svg += gem(590, 650, 0.55, PALETTE.orange);
  return svgDoc(800, 800, svg);
}

/** A gem standing on its base at (cx, baseY): faces from light (left) to dark (right). */
function gem(cx: number, baseY: number, size: number, colour: string): string {
  const at = (x: number, y: number): Pt => [cx + x * size, baseY - y * size];
  const left = at(-170, 150);
  const frontLeft = at(-70, 120);
  const frontRight = at(90, 125);
  const right = at(170, 160);
  const top = at(-10, 430);
  const base = at(0, 0);
  const faces: [Pt[], string][] = [
    [[left, frontLeft, top], lighten(colour, 0.25)],
    [[frontLeft, frontRight, top], colour],
    [[frontRight, right, top], darken(colour, 0.3)],
    [[left, base, frontLeft], lighten(colour, 0.05)],
    [[frontLeft, base, frontRight], darken(colour, 0.15)],
    [[frontRight, base, right], darken(colour, 0.42)],
  ];
  return faces
    .map(([points, fill]) => {
      const d = polyPath(points);
      return `<path d="${d}" fill="${fill}" stroke="${darken(colour, 0.5)}" stroke-width="1.5" stroke-linejoin="round"/><path d="${d}" fill="url(#om-ll)"/>`;
    })
    .join("");
}
