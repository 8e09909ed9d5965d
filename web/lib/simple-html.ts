/**
 * The hero description may hold bold, italic and line breaks (spec section 2).
 * Rendering escapes everything and then restores only the exact bare tags
 * <strong>, <em> and <br>, so no attribute, script or URL can ever survive,
 * whatever is stored. (The admin save path sanitises too; this is the last line.)
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function renderSimpleHtml(text: string): string {
  return escapeHtml(text)
    .replace(/&lt;(\/?)(strong|em)&gt;/gi, (_, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`)
    .replace(/&lt;br\s*\/?&gt;/gi, "<br>");
}

/** Plain text of the same markup, for meta descriptions. */
export function simpleHtmlToText(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
