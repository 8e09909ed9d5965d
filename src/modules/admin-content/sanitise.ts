import sanitizeHtml from "sanitize-html";

/**
 * Spec section 2: the hero description may hold bold, italic and line breaks —
 * the three buttons of the admin editor — and nothing else. Bare tags only: no
 * attribute survives, so no event handler, style or URL can ride along.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["strong", "em", "br"],
  allowedAttributes: {},
  // Keep the words of any other tag (a pasted <p> or <a>), but never the
  // insides of tags whose content is code or hidden text.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "noembed", "noframes", "template", "title", "iframe"],
};

/**
 * sanitize-html answers HTML, so text comes back with &amp;, &lt; and &gt;.
 * The storefront (web/lib/simple-html.ts) escapes the stored text once more
 * and restores only the bare tags, so an entity there would show as "&amp;".
 * Each entity is therefore turned back into its character wherever an HTML
 * parser reads that character as plain text anyway: ">" always, "&" unless it
 * could start another entity, "<" unless it could start a tag or comment. The
 * result means the same to a browser, and sanitising it again changes nothing.
 */
function plainerEntities(html: string): string {
  return html.replace(/&(amp|lt|gt);/g, (entity, name: string, offset: number) => {
    const next = html.charAt(offset + entity.length);
    if (name === "gt") return ">";
    if (name === "amp") return /[A-Za-z0-9#]/.test(next) ? entity : "&";
    return /[A-Za-z/!?]/.test(next) ? entity : "<";
  });
}

/** The one way a hero description is cleaned before it is stored. */
export function sanitiseHeroDescription(input: string): string {
  return plainerEntities(sanitizeHtml(input, OPTIONS).replace(/<br \/>/g, "<br>")).trim();
}
