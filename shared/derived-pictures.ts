/**
 * Smaller copies of the shop's own pictures. A picture in /media named
 * `<name>.webp` (content-hashed, so immutable) also exists as
 * `<name>.w400.webp`, `<name>.w800.webp` and `<name>.w1200.webp` for every width
 * below its own: the seed writes them, and the server makes any that is
 * missing (an admin upload) on its first request (src/http/media.ts). Pages
 * offer them in `srcset` (web/components/responsive-image.ts).
 */
export const DERIVED_WIDTHS = [400, 800, 1200] as const;

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

/**
 * The social sharing copy of a /media picture (og:image): 1200 × 630 JPEG,
 * cropped to fill, since link previews want that size and not every one reads
 * WebP (docs/product.md#link-previews-and-search). `<name>.webp` →
 * `<name>.share.jpg`; the seed writes it for the demo pictures and
 * src/http/media.ts makes any other on its first request.
 */
export const SHARING_PICTURE = { width: 1200, height: 630 } as const;

/** `hero-1d0d0811bb.share.jpg` → `hero-1d0d0811bb.webp`; null for any other name. */
export function parseSharingName(name: string): string | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9_-]*)\.share\.jpg$/.exec(name);
  return match ? `${match[1]}.webp` : null;
}

export function sharingName(originalName: string): string {
  return `${originalName.slice(0, -".webp".length)}.share.jpg`;
}

/** A page's og:image for one of its pictures: the sharing copy of a /media WebP, any other address as it is; null for none. */
export function sharingPictureUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const media = /^\/media\/([A-Za-z0-9][A-Za-z0-9_-]*\.webp)$/.exec(url);
  return media ? `/media/${sharingName(media[1]!)}` : url;
}
