/** An absolute URL for a stored image or link, whether stored as "/media/x.webp" or "https://…". */
export function absoluteUrl(pathOrUrl: string, base: string): string {
  return new URL(pathOrUrl, base).href;
}
