import { BACKDROPS, blurFilter, contactShadow, darken, layerLines, lighten, PALETTE, r1, studioBackdrop, svgDoc } from "./common";

// Household and sport prints: simple shapes with a light from the upper left,
// a darker right-hand side and faint layer lines so they read as printed.

const CHARCOAL = "#2f3337";

/** A headphone stand on its round foot, with a pair of headphones resting on it. */
export function headphoneStand(): string {
  const cx = 400;
  const footY = 650;
  let svg = studioBackdrop("bg", 800, 800, BACKDROPS.stone);
  svg += `<defs>${layerLines("hs-ll", 5, 0.1)}
<linearGradient id="hs-col" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${lighten(CHARCOAL, 0.2)}"/><stop offset="0.5" stop-color="${CHARCOAL}"/><stop offset="1" stop-color="${darken(CHARCOAL, 0.4)}"/></linearGradient></defs>`;
  svg += contactShadow("hs-sh", cx + 12, footY + 24, 190, 34, 0.3);
  // Foot: a low cylinder.
  svg += `<path d="M${cx - 160} ${footY}v22a160 40 0 0 0 320 0v-22Z" fill="${darken(CHARCOAL, 0.25)}"/>`;
  svg += `<ellipse cx="${cx}" cy="${footY}" rx="160" ry="40" fill="${lighten(CHARCOAL, 0.12)}"/>`;
  // Column, slightly tapered, with layer lines.
  const column = `M${cx - 26} ${footY}L${cx - 20} 250H${cx + 20}L${cx + 26} ${footY}Z`;
  svg += `<path d="${column}" fill="url(#hs-col)"/><path d="${column}" fill="url(#hs-ll)"/>`;
  // Cradle: a shallow arc the headband sits on.
  svg += `<path d="M${cx - 120} 262Q${cx} 214 ${cx + 120} 262" fill="none" stroke="${CHARCOAL}" stroke-width="34" stroke-linecap="round"/>`;
  svg += `<path d="M${cx - 116} 252Q${cx} 204 ${cx + 116} 252" fill="none" stroke="${lighten(CHARCOAL, 0.25)}" stroke-width="8" stroke-linecap="round"/>`;
  // Headphones: band over the cradle, cups hanging either side.
  svg += `<path d="M${cx - 150} 430C${cx - 170} 250 ${cx - 90} 190 ${cx} 190C${cx + 90} 190 ${cx + 170} 250 ${cx + 150} 430" fill="none" stroke="${PALETTE.orange}" stroke-width="26" stroke-linecap="round"/>`;
  svg += `<path d="M${cx - 138} 400C${cx - 150} 262 ${cx - 84} 206 ${cx} 206C${cx + 84} 206 ${cx + 150} 262 ${cx + 138} 400" fill="none" stroke="${lighten(PALETTE.orange, 0.35)}" stroke-width="6" stroke-linecap="round" opacity="0.7"/>`;
  for (const side of [-1, 1]) {
    const x = cx + side * 160;
    svg += `<rect x="${x - 44}" y="395" width="88" height="150" rx="40" fill="${darken(PALETTE.orange, 0.25)}"/>`;
    svg += `<rect x="${x - 44 + side * 8}" y="405" width="80" height="130" rx="36" fill="${PALETTE.orange}"/>`;
    svg += `<rect x="${x - 24 + side * 10}" y="425" width="${r1(40)}" height="90" rx="20" fill="${darken(CHARCOAL, 0.1)}"/>`;
  }
  return svgDoc(800, 800, svg);
}

/** Cable clips along the back edge of a desk, each holding a lead. */
export function cableClips(): string {
  let svg = studioBackdrop("bg", 800, 800, BACKDROPS.mist);
  const deskTop = 430;
  svg += `<defs><linearGradient id="cc-desk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7b98f"/><stop offset="1" stop-color="#c29d6d"/></linearGradient>${blurFilter("cc-soft", 6)}</defs>`;
  // Desk top seen from the front, its edge a darker band.
  // The desk and clips fill the frame: drawn in a 800-wide scene, then enlarged.
  let desk = "";
  desk += `<path d="M40 ${deskTop}L760 ${deskTop - 40}L800 ${deskTop + 20}V560L0 600V${deskTop + 50}Z" fill="url(#cc-desk)"/>`;
  desk += `<path d="M0 600L800 560V600L0 640Z" fill="#a98357"/>`;
  const clips = [
    { x: 170, colour: PALETTE.teal, cable: "#1f2328" },
    { x: 330, colour: PALETTE.orange, cable: "#f4f4f2" },
    { x: 490, colour: CHARCOAL, cable: "#1f2328" },
    { x: 640, colour: "#eae4d8", cable: "#3a6fb0" },
  ];
  for (const [i, clip] of clips.entries()) {
    const y = 560 - (clip.x / 800) * 40 + 4;
    // The lead runs across the desk to the clip, then drops over the edge.
    desk += `<path d="M${clip.x + 70} ${y - 112 + i * 6}C${clip.x + 20} ${y - 104} ${clip.x - 4} ${y - 70} ${clip.x - 4} ${y - 32}V${y + 120}" fill="none" stroke="${clip.cable}" stroke-width="14" stroke-linecap="round"/>`;
    desk += `<ellipse cx="${clip.x + 10}" cy="${y + 6}" rx="46" ry="10" fill="#000" opacity="0.18" filter="url(#cc-soft)"/>`;
    // Clip body: a rounded block with a C-shaped jaw around the lead.
    desk += `<rect x="${clip.x - 40}" y="${y - 56}" width="80" height="60" rx="14" fill="${darken(clip.colour, 0.22)}"/>`;
    desk += `<rect x="${clip.x - 44}" y="${y - 60}" width="80" height="56" rx="14" fill="${clip.colour}"/>`;
    desk += `<circle cx="${clip.x - 4}" cy="${y - 32}" r="16" fill="${darken(clip.colour, 0.4)}"/>`;
    desk += `<circle cx="${clip.x - 4}" cy="${y - 32}" r="9" fill="${clip.cable}"/>`;
    desk += `<rect x="${clip.x - 40}" y="${y - 58}" width="72" height="8" rx="4" fill="#fff" opacity="0.25"/>`;
  }
  svg += `<g transform="translate(-100 -250) scale(1.25)">${desk}</g>`;
  return svgDoc(800, 800, svg);
}

/** A bottle cage bolted to a bike's down tube, holding a bottle. */
export function bottleCage(): string {
  let svg = studioBackdrop("bg", 800, 800, BACKDROPS.blush);
  svg += `<defs><linearGradient id="bc-tube" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#4f6d8a"/><stop offset="0.4" stop-color="#7fa0bf"/><stop offset="1" stop-color="#2f4a63"/></linearGradient>
<linearGradient id="bc-bottle" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${lighten(PALETTE.teal, 0.45)}"/><stop offset="0.5" stop-color="${lighten(PALETTE.teal, 0.2)}"/><stop offset="1" stop-color="${darken(PALETTE.teal, 0.15)}"/></linearGradient></defs>`;
  // Everything leans with the down tube.
  let scene = `<rect x="-60" y="-420" width="120" height="900" rx="60" fill="url(#bc-tube)"/>`;
  scene += `<rect x="-50" y="-420" width="16" height="900" fill="#fff" opacity="0.2"/>`;
  // Bottle: body, shoulder and cap.
  scene += `<path d="M-92 -230Q-92 -270 -60 -285V-310H60V-285Q92 -270 92 -230V250Q92 280 62 280H-62Q-92 280 -92 250Z" fill="url(#bc-bottle)" transform="translate(150 0)"/>`;
  scene += `<rect x="95" y="-352" width="110" height="46" rx="10" fill="${CHARCOAL}"/><rect x="130" y="-380" width="40" height="30" rx="8" fill="${lighten(CHARCOAL, 0.15)}"/>`;
  scene += `<rect x="70" y="-150" width="160" height="18" fill="#fff" opacity="0.35"/><rect x="70" y="60" width="160" height="18" fill="#fff" opacity="0.35"/>`;
  // Cage: two printed rails hugging the bottle, a lip at the bottom.
  const rail = PALETTE.orange;
  scene += `<path d="M60 -200C30 -140 40 120 60 250" fill="none" stroke="${darken(rail, 0.3)}" stroke-width="26" stroke-linecap="round"/>`;
  scene += `<path d="M240 -200C270 -140 260 120 240 250" fill="none" stroke="${darken(rail, 0.15)}" stroke-width="26" stroke-linecap="round"/>`;
  scene += `<path d="M60 -200C30 -140 40 120 60 250" fill="none" stroke="${rail}" stroke-width="16" stroke-linecap="round"/>`;
  scene += `<path d="M240 -200C270 -140 260 120 240 250" fill="none" stroke="${rail}" stroke-width="16" stroke-linecap="round"/>`;
  scene += `<path d="M40 250Q150 320 260 250" fill="none" stroke="${rail}" stroke-width="22" stroke-linecap="round"/>`;
  scene += `<rect x="20" y="-60" width="80" height="40" rx="10" fill="${darken(rail, 0.2)}"/><rect x="20" y="120" width="80" height="40" rx="10" fill="${darken(rail, 0.2)}"/>`;
  for (const y of [-40, 140]) scene += `<circle cx="40" cy="${y}" r="9" fill="#c9ced3" stroke="#8a9097" stroke-width="3"/>`;
  svg += contactShadow("bc-sh", 430, 720, 300, 30, 0.18);
  svg += `<g transform="translate(340 420) rotate(-28) scale(0.86)">${scene}</g>`;
  return svgDoc(800, 800, svg);
}
