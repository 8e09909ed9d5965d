/**
 * Text longer than `limit` is cut to its first `limit` characters and gets an
 * ellipsis (docs/product.md#home); a space left at the cut is dropped so it
 * never reads "word …".
 */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit).trimEnd()}…`;
}

export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
