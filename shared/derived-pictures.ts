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
