/**
 * Small readers for server-rendered HTML, so page tests can assert what a
 * person sees rather than how React happened to split the text nodes.
 */
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** The page's <main> element, where each page's own content lives (not the header or footer). */
export function mainOf(html: string): string {
  const match = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html);
  if (!match?.[1]) throw new Error("The page has no <main> element");
  return match[1];
}

/** Visible text: no tags, scripts, styles or React's <!-- --> separators; entities decoded; spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The content of the first tag matching `pattern`'s single capture group, or null. */
export function firstMatch(html: string, pattern: RegExp): string | null {
  return pattern.exec(html)?.[1] ?? null;
}

export function titleOf(html: string): string | null {
  return firstMatch(html, /<title>([^<]*)<\/title>/);
}

export function metaDescriptionOf(html: string): string | null {
  return firstMatch(html, /<meta name="description" content="([^"]*)"/);
}
