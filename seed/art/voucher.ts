import { BACKDROPS, contactShadow, darken, PALETTE, studioBackdrop, svgDoc } from "./common";

/**
 * "Gift voucher": a cream card lying slightly turned, an orange ribbon across it tied in a bow, and a printed
 * hexagon badge in the corner, so it reads as a present from a 3D printing shop. No words: the demo's pictures use
 * no fonts.
 */
export function giftVoucherCard(): string {
  let svg = studioBackdrop("bg", 800, 800, BACKDROPS.mist);
  svg += contactShadow("gv-sh", 400, 600, 300, 40, 0.24);
  svg += `<g transform="rotate(-6 400 420)">`;
  svg += `<rect x="130" y="250" width="540" height="330" rx="26" fill="${PALETTE.cream}" stroke="${darken(PALETTE.oat, 0.1)}" stroke-width="4"/>`;
  svg += `<rect x="130" y="385" width="540" height="56" fill="${PALETTE.orange}"/>`;
  svg += `<rect x="300" y="250" width="56" height="330" fill="${PALETTE.orange}"/>`;
  svg += `<path d="M328 413 C 250 330, 200 360, 240 410 C 270 440, 310 425, 328 413 Z" fill="${darken(PALETTE.orange, 0.15)}"/>`;
  svg += `<path d="M328 413 C 410 330, 460 360, 420 410 C 390 440, 350 425, 328 413 Z" fill="${darken(PALETTE.orange, 0.15)}"/>`;
  svg += `<circle cx="328" cy="413" r="20" fill="${darken(PALETTE.orange, 0.3)}"/>`;
  svg += `<polygon points="580,300 610,317 610,352 580,369 550,352 550,317" fill="${PALETTE.teal}"/>`;
  svg += `<rect x="440" y="480" width="180" height="14" rx="7" fill="${PALETTE.oat}"/>`;
  svg += `<rect x="440" y="510" width="120" height="14" rx="7" fill="${PALETTE.oat}"/>`;
  svg += "</g>";
  return svgDoc(800, 800, svg);
}
