/**
 * The hero description may hold bold, italic and line breaks (docs/product.md#home).
 * What is stored is HTML: the admin save path (src/modules/admin-content/sanitise.ts)
 * leaves only bare <strong>, <em> and <br>, and text in which "&amp;", "&lt;" and
 * the like stand for their characters. Rendering is the last line of defence
 * whatever is stored: the exact bare tags are kept (<b> and <i> as <strong> and
 * <em>, as the sanitiser stores them), and everything between them is text, so
 * no attribute, script or URL can ever survive. A character reference in that
 * text is kept as it is (it can only ever be text): escaping its "&" again is
 * what showed "R&D" as "R&amp;D".
 */
const BARE_TAG = /<(\/?)(strong|em|b|i)>|<br\s*\/?>/gi;
const TAG_NAMES: Record<string, string> = { strong: "strong", b: "strong", em: "em", i: "em" };

/** "&#60;", "&#x3c;", "&amp;", "&eacute;": a whole character reference, semicolon included. */
const CHARACTER_REFERENCE = /^&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;
const ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text that sits between tags, keeping the character references already in it. */
function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char, offset: number) => {
    if (char !== "&") return ESCAPES[char] ?? char;
    return CHARACTER_REFERENCE.test(text.slice(offset, offset + 40)) ? "&" : "&amp;";
  });
}

export function renderSimpleHtml(html: string): string {
  let out = "";
  let last = 0;
  for (const match of html.matchAll(BARE_TAG)) {
    out += escapeText(html.slice(last, match.index));
    const [, slash, name] = match;
    out += name ? `<${slash}${TAG_NAMES[name.toLowerCase()]}>` : "<br>";
    last = match.index + match[0].length;
  }
  return out + escapeText(html.slice(last));
}
