import { loadSharp } from "../../services/images/load-sharp";

/** The brand's colours (web/styles/tokens.css, as the favicon and the emails wear them): dark ink, the orange accent. */
const INK = "#1c1917";
const ACCENT = "#f97316";
export const ICON_BACKGROUND = INK;

/** The sizes the manifest names: what Android's home screen and install dialog ask for, and Apple's touch icon. */
export const ICON_SIZES = [180, 192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** The shop's initials, one or two letters: "Strata" → "S", "Hill Top Prints" → "HT". */
function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}|^\p{N}/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word][0]!.toLocaleUpperCase("en-GB"));
  return letters.join("") || "S";
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The admin's home-screen icon, drawn from the shop's name: its initials in the accent on the ink, the strata
 * mark's lines below. `maskable` fills the square edge to edge (the phone cuts its own shape) with everything
 * inside the middle 80 %, the safe zone; the plain one has rounded corners of its own.
 */
function iconSvg(name: string, maskable: boolean): string {
  const initials = escapeXml(initialsOf(name));
  const fontSize = initials.length > 1 ? 44 : 58;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="${maskable ? 0 : 22}" fill="${INK}"/>
<text x="50" y="${initials.length > 1 ? 60 : 64}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="${ACCENT}">${initials}</text>
<path d="M24 74l26 8 26-8" fill="none" stroke="#14b8a6" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
}

const rendered = new Map<string, Promise<Uint8Array>>();

/** The icon as PNG, made once per shop name, size and shape while the process runs. */
export function iconPng(name: string, size: IconSize, maskable: boolean): Promise<Uint8Array> {
  const key = `${size}:${maskable}:${name}`;
  let png = rendered.get(key);
  if (!png) {
    png = loadSharp().then(
      async (sharp) =>
        new Uint8Array(
          await sharp(Buffer.from(iconSvg(name, maskable)), { density: (72 * size) / 100 })
            .resize(size, size)
            .png()
            .toBuffer(),
        ),
    );
    // A failed render is not kept: the next ask tries again.
    png.catch(() => rendered.delete(key));
    rendered.set(key, png);
  }
  return png;
}
