import {
  BACKDROPS,
  blurFilter,
  contactShadow,
  darken,
  layerLines,
  lighten,
  PALETTE,
  type Pt,
  polyPath,
  r1,
  seededRandom,
  studioBackdrop,
  svgDoc,
} from "./common";

// Box-like objects here use an oblique projection: x to the right, y down,
// z (depth) receding up and to the right. Cheap, and reads as a 3/4 view.
function oblique(ox: number, oy: number, kx = 0.45, ky = 0.3) {
  return (x: number, y: number, z: number): Pt => [ox + x + z * kx, oy + y - z * ky];
}

/** A garden backdrop: soft greens with out-of-focus foliage. */
function gardenBokeh(id: string, seed: number): string {
  const random = seededRandom(seed);
  let circles = "";
  for (let i = 0; i < 26; i++) {
    const green = ["#a9c49a", "#8fb382", "#c7d9b6", "#7ea574", "#dfe9cf"][i % 5]!;
    circles += `<circle cx="${r1(random() * 800)}" cy="${r1(random() * 800)}" r="${r1(30 + random() * 70)}" fill="${green}" opacity="${r1(0.35 + random() * 0.4)}"/>`;
  }
  return `<defs><linearGradient id="${id}-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9f0e0"/><stop offset="1" stop-color="#b9cfa9"/></linearGradient>${blurFilter(`${id}-b`, 22)}</defs>
<rect width="800" height="800" fill="url(#${id}-g)"/><g filter="url(#${id}-b)">${circles}</g>`;
}

/** A robin perched with its feet at the origin, facing right. */
function robin(): string {
  const brown = "#7a5a3e";
  const breast = "#e0622c";
  return `<g>
<path d="M-30 -38L-78 -12L-70 -2L-26 -22Z" fill="${darken(brown, 0.15)}"/>
<ellipse cx="0" cy="-44" rx="44" ry="38" fill="${brown}"/>
<path d="M-34 -30Q-4 6 34 -24Q20 -8 -8 -6Q-28 -10 -34 -30Z" fill="#efe4d3"/>
<ellipse cx="20" cy="-52" rx="27" ry="27" fill="${breast}"/>
<path d="M-28 -56Q-6 -70 12 -50Q-4 -28 -30 -30Z" fill="${darken(brown, 0.18)}"/>
<circle cx="22" cy="-88" r="25" fill="${brown}"/>
<circle cx="31" cy="-80" r="17" fill="${breast}"/>
<circle cx="35" cy="-92" r="4.6" fill="#1d1712"/><circle cx="36.4" cy="-93.4" r="1.5" fill="#fff"/>
<path d="M45 -90L60 -85L45 -81Z" fill="#2b231c"/>
<path d="M-6 -8L-8 2M10 -8L12 2M-14 2H0M4 2H18" stroke="#5c4632" stroke-width="3" stroke-linecap="round"/>
</g>`;
}

type FeederColours = { roof: string; body: string; tray: string };

/** A hopper bird feeder hanging from a cord, drawn around (ox, oy) = front-bottom centre of the body. */
function birdFeeder(id: string, ox: number, oy: number, c: FeederColours, withRobin: boolean): string {
  const P = oblique(ox, oy);
  const face = (points: [number, number, number][], fill: string, extra = "") =>
    `<path d="${polyPath(points.map(([x, y, z]) => P(x, y, z)))}" fill="${fill}"${extra}/>`;
  const [bw, bh, depth] = [100, 190, 150];
  const apexY = -bh - 95;
  let svg = `<defs>${layerLines(`${id}-ll`, 4.5, 0.07)}</defs>`;

  // The cord, from the ridge up out of the picture.
  const ridge = P(0, apexY, depth / 2);
  svg += `<path d="M${r1(ridge[0])} ${r1(ridge[1])}L${r1(ridge[0] + 6)} -10" stroke="#6b5a48" stroke-width="4"/>`;

  // Tray with a raised lip, then scattered seed.
  svg += face(
    [
      [-135, 0, -30],
      [135, 0, -30],
      [135, 0, depth + 20],
      [-135, 0, depth + 20],
    ],
    lighten(c.tray, 0.15),
  );
  svg += face(
    [
      [-122, 0, -18],
      [122, 0, -18],
      [122, 0, depth + 8],
      [-122, 0, depth + 8],
    ],
    darken(c.tray, 0.25),
  );
  const random = seededRandom(id.length * 31 + 7);
  for (let i = 0; i < 70; i++) {
    const [x, y] = P(-115 + random() * 230, -2, -14 + random() * 40);
    svg += `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="3.2" ry="2.2" fill="${random() > 0.4 ? "#d8b878" : "#3a3129"}"/>`;
  }
  svg += face(
    [
      [-135, 0, -30],
      [135, 0, -30],
      [135, 26, -30],
      [-135, 26, -30],
    ],
    c.tray,
  );
  svg += face(
    [
      [135, 0, -30],
      [135, 0, depth + 20],
      [135, 26, depth + 20],
      [135, 26, -30],
    ],
    darken(c.tray, 0.2),
  );

  // Body: right wall, then the front with its gable and seed window.
  svg += face(
    [
      [bw, 0, 0],
      [bw, 0, depth],
      [bw, -bh, depth],
      [bw, -bh, 0],
    ],
    darken(c.body, 0.16),
  );
  const front: [number, number, number][] = [
    [-bw, 0, 0],
    [bw, 0, 0],
    [bw, -bh, 0],
    [0, apexY + 10, 0],
    [-bw, -bh, 0],
  ];
  svg += face(front, c.body);
  svg += face(front, `url(#${id}-ll)`);
  const [wx, wy] = P(-62, -160, 0);
  svg += `<rect x="${r1(wx)}" y="${r1(wy)}" width="124" height="140" rx="14" fill="#cfe0e4" opacity="0.9"/>`;
  // Seed visible through the window, settled in a heap.
  svg += `<path d="M${r1(wx)} ${r1(wy + 70)}Q${r1(wx + 62)} ${r1(wy + 50)} ${r1(wx + 124)} ${r1(wy + 72)}V${r1(wy + 126)}Q${r1(wx + 124)} ${r1(wy + 140)} ${r1(wx + 110)} ${r1(wy + 140)}H${r1(wx + 14)}Q${r1(wx)} ${r1(wy + 140)} ${r1(wx)} ${r1(wy + 126)}Z" fill="#cfa863"/>`;
  for (let i = 0; i < 40; i++) {
    svg += `<circle cx="${r1(wx + 8 + random() * 108)}" cy="${r1(wy + 78 + random() * 56)}" r="2.6" fill="${random() > 0.5 ? "#3a3129" : "#e8d3a0"}"/>`;
  }
  svg += `<path d="M${r1(wx + 14)} ${r1(wy + 12)}L${r1(wx + 40)} ${r1(wy + 12)}L${r1(wx + 14)} ${r1(wy + 50)}Z" fill="#fff" opacity="0.45"/>`;
  svg += `<rect x="${r1(wx)}" y="${r1(wy)}" width="124" height="140" rx="14" fill="none" stroke="${darken(c.body, 0.12)}" stroke-width="4"/>`;

  // Roof: two slabs meeting at the ridge, overhanging all round.
  const eaveY = -bh + 14;
  svg += face(
    [
      [0, apexY, -26],
      [0, apexY, depth + 26],
      [-128, eaveY, depth + 26],
      [-128, eaveY, -26],
    ],
    darken(c.roof, 0.08),
  );
  svg += face(
    [
      [0, apexY, -26],
      [0, apexY, depth + 26],
      [128, eaveY, depth + 26],
      [128, eaveY, -26],
    ],
    darken(c.roof, 0.2),
  );
  svg += face(
    [
      [-128, eaveY, -26],
      [0, apexY, -26],
      [128, eaveY, -26],
      [128, eaveY + 16, -26],
      [0, apexY + 16, -26],
      [-128, eaveY + 16, -26],
    ],
    lighten(c.roof, 0.08),
  );

  // Perch dowel across the front of the tray.
  const [px, py] = P(-150, 14, -48);
  svg += `<rect x="${r1(px)}" y="${r1(py)}" width="300" height="14" rx="7" fill="#b88a5a"/><rect x="${r1(px)}" y="${r1(py + 2)}" width="300" height="4" rx="2" fill="#d8ac7a"/>`;
  if (withRobin) svg += `<g transform="translate(${r1(px + 70)} ${r1(py + 2)})">${robin()}</g>`;
  return svg;
}

export function birdFeederRobin(): string {
  return svgDoc(
    800,
    800,
    gardenBokeh("bg", 4) + birdFeeder("bf", 370, 560, { roof: PALETTE.orange, body: PALETTE.cream, tray: "#2f9e8f" }, true),
  );
}

export function birdFeederSage(): string {
  // Mirrored, so the second photo shows the feeder from the other side.
  return svgDoc(
    800,
    800,
    gardenBokeh("bg", 9) +
      `<g transform="translate(800 0) scale(-1 1)">${birdFeeder("bf", 385, 560, { roof: "#2f9e8f", body: "#cfdcc4", tray: "#e7dccb" }, false)}</g>`,
  );
}

/**
 * A plant label; origin at the soil line, centre of the label. Labels are
 * written along their length, so the "handwriting" is a wavy line that runs
 * down the label rather than letters (no text in the pictures).
 */
function label(colour: string, height: number, tilt: number, seed: number, pointed = false): string {
  const random = seededRandom(seed);
  const w = 34;
  const tip = pointed ? `L0 ${r1(w * 0.9)}L${-w / 2} 0` : "";
  let writing = `M${r1(-3)} ${r1(-height + 46)}`;
  const length = height * (0.45 + random() * 0.25);
  for (let y = 0; y < length; y += 7) {
    writing += `L${r1(Math.sin(y * 0.55 + seed) * 4 + (random() - 0.5) * 2 - 3)} ${r1(-height + 46 + y)}`;
  }
  return `<g transform="rotate(${tilt})">
<path d="M${-w / 2} 0V${-height + w / 2}A${w / 2} ${w / 2} 0 0 1 ${w / 2} ${-height + w / 2}V0${tip}Z" fill="${colour}"/>
<path d="M${w / 2 - 5} 0V${-height + w / 2}A${w / 2} ${w / 2} 0 0 0 ${w / 2 - 9} ${-height + 4}A${w / 2} ${w / 2} 0 0 1 ${w / 2} ${-height + w / 2}V0Z" fill="${darken(colour, 0.15)}"/>
<path d="M0 ${-height + 32}c-7 -4 -8 -12 0 -18c8 6 7 14 0 18z" fill="${darken(colour, 0.22)}"/>
<path d="${writing}" fill="none" stroke="#3b3b3b" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/></g>`;
}

function seedling(x: number, y: number, size: number): string {
  return `<path d="M${r1(x)} ${r1(y)}q2 ${r1(-size * 0.5)} 0 ${r1(-size)}" stroke="#6f9a3e" stroke-width="${r1(size * 0.09)}" fill="none"/>
<ellipse cx="${r1(x - size * 0.28)}" cy="${r1(y - size)}" rx="${r1(size * 0.3)}" ry="${r1(size * 0.14)}" transform="rotate(-20 ${r1(x - size * 0.28)} ${r1(y - size)})" fill="#86b84a"/>
<ellipse cx="${r1(x + size * 0.28)}" cy="${r1(y - size)}" rx="${r1(size * 0.3)}" ry="${r1(size * 0.14)}" transform="rotate(20 ${r1(x + size * 0.28)} ${r1(y - size)})" fill="#76a842"/>`;
}

/** Labels in a seed tray of seedlings, with spares lying on the bench. */
export function seedTrayLabels(): string {
  const P = oblique(90, 590, 0.32, 0.42);
  const [tw, td, th] = [480, 330, 64];
  const face = (points: [number, number, number][], fill: string) =>
    `<path d="${polyPath(points.map(([x, y, z]) => P(x, y, z)))}" fill="${fill}"/>`;
  const trayColour = "#2e3134";
  let svg = studioBackdrop("bg", 800, 800, BACKDROPS.sage);
  svg += contactShadow("sh", 380, 600, 320, 46, 0.3);
  // Soil surface sits a little below the rim; back wall inside shows above it.
  svg += face(
    [
      [0, -th, 0],
      [tw, -th, 0],
      [tw, -th, td],
      [0, -th, td],
    ],
    lighten(trayColour, 0.12),
  );
  svg += face(
    [
      [10, -th + 12, 10],
      [tw - 10, -th + 12, 10],
      [tw - 10, -th + 12, td - 10],
      [10, -th + 12, td - 10],
    ],
    PALETTE.soil,
  );
  const random = seededRandom(17);
  for (let i = 0; i < 90; i++) {
    const [x, y] = P(14 + random() * (tw - 28), -th + 12, 14 + random() * (td - 28));
    svg += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(1.5 + random() * 2)}" fill="${random() > 0.5 ? "#6e4e37" : "#47301f"}"/>`;
  }
  // Rows from the back forward so nearer seedlings overlap farther ones.
  // One label per row, in a different column each, as a gardener would.
  const labelled: Record<number, [number, string, number]> = {
    3: [4, PALETTE.orange, -4],
    2: [1, "#f2ede2", 5],
    1: [3, PALETTE.teal, -6],
    0: [0, "#9cc27a", 3],
  };
  for (let row = 3; row >= 0; row--) {
    const z = 40 + row * 78;
    for (let col = 0; col < 6; col++) {
      const x = 40 + col * 80 + (row % 2) * 20;
      const [sx, sy] = P(x, -th + 12, z);
      const tag = labelled[row];
      if (tag && tag[0] === col) {
        const [, colour, tilt] = tag;
        svg += `<g transform="translate(${r1(sx)} ${r1(sy)})">${label(colour, 175 - row * 8, tilt, row + 3)}</g>`;
        continue;
      }
      svg += seedling(sx, sy, 34 + random() * 16);
    }
  }
  svg += face(
    [
      [0, 0, 0],
      [tw, 0, 0],
      [tw, -th, 0],
      [0, -th, 0],
    ],
    trayColour,
  );
  svg += face(
    [
      [tw, 0, 0],
      [tw, 0, td],
      [tw, -th, td],
      [tw, -th, 0],
    ],
    darken(trayColour, 0.3),
  );
  // Spare labels fanned on the bench in front of the tray.
  const spares = [PALETTE.orange, "#f2ede2", PALETTE.teal, "#9cc27a", PALETTE.terracotta];
  spares.forEach((colour, i) => {
    svg += `<g transform="translate(${330 + i * 42} 745) scale(1 0.45) rotate(${-72 + i * 8})">${label(colour, 230, 0, 40 + i, true)}</g>`;
  });
  return svgDoc(800, 800, svg);
}
