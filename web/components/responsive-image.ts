import { DERIVED_WIDTHS, derivedName } from "../../shared/derived-pictures";

/**
 * `srcset` and `sizes` for the shop's own pictures, from their smaller copies
 * (the naming rule: shared/derived-pictures.ts). Pictures elsewhere (an https
 * URL the owner pasted) are used as they are.
 */
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
  return { src: url, srcSet: [...widths.map((w) => `${derivedName(url, w)} ${w}w`), `${url} ${width}w`].join(", "), sizes };
}
