/**
 * Smaller copies of the shop's own pictures. A picture in /media named
 * `<name>.webp` (content-hashed, so immutable) also exists as
 * `<name>.w400.webp`, `<name>.w800.webp` and `<name>.w1200.webp` for every width
 * below its own: the seed writes them, and the server makes any that is
 * missing (an admin upload) on its first request (src/http/media.ts).
 * Pictures elsewhere (an https URL the owner pasted) are used as they are.
 */
export const DERIVED_WIDTHS = [400, 800, 1200] as const;

const OWN_WEBP = /^\/media\/[A-Za-z0-9][A-Za-z0-9_-]*\.webp$/;

/** How wide a picture shows, for `sizes`: the browser then picks the smallest copy that is sharp enough. */
export const SIZES = {
  /** Catalogue and featured cards: a grid of ≥ 250 px columns inside the 1180 px container. */
  card: "(min-width: 1180px) 280px, (min-width: 560px) 45vw, 100vw",
  /** The product page's main picture: half the container beside the text, full width below 820 px. */
  gallery: "(min-width: 1180px) 600px, (min-width: 820px) 52vw, 100vw",
  thumb: "96px",
  /** Home page hero and project slides. */
  wide: "(min-width: 1180px) 640px, (min-width: 820px) 55vw, 100vw",
} as const;

export type ImageSources = { src: string; srcSet?: string; sizes?: string };

export function imageSources(url: string, width: number | null | undefined, sizes: string): ImageSources {
  if (!width || !OWN_WEBP.test(url)) return { src: url };
  const widths = DERIVED_WIDTHS.filter((candidate) => candidate < width);
  if (widths.length === 0) return { src: url };
  const base = url.slice(0, -".webp".length);
  return { src: url, srcSet: [...widths.map((w) => `${base}.w${w}.webp ${w}w`), `${url} ${width}w`].join(", "), sizes };
}

/** `relief-map-1d0d0811bb.w400.webp` → the original's name and the width asked for; null for any other name. */
export function parseDerivedName(name: string): { original: string; width: number } | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9_-]*)\.w(\d{3,4})\.webp$/.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  return (DERIVED_WIDTHS as readonly number[]).includes(width) ? { original: `${match[1]}.webp`, width } : null;
}

export function derivedName(originalName: string, width: number): string {
  return `${originalName.slice(0, -".webp".length)}.w${width}.webp`;
}
