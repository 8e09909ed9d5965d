import type sanitizeHtmlModule from "sanitize-html";

let sanitizeHtml: typeof sanitizeHtmlModule | undefined;

/**
 * sanitize-html, loaded the first time the owner saves a hero description: it
 * brings htmlparser2 and PostCSS, the slowest module of the shop's start
 * (~100 ms of a cold start and ~8 MB) for a call a running shop makes a few
 * times a year (docs/decisions/0008-performance.md). `require` loads it at
 * once, so saving stays one synchronous step.
 */
function sanitizer(): typeof sanitizeHtmlModule {
  sanitizeHtml ??= require("sanitize-html") as typeof sanitizeHtmlModule;
  return sanitizeHtml;
}

/**
 * The hero description may hold bold, italic and line breaks — the three
 * buttons of the admin editor — and nothing else (docs/product.md#home). Bare
 * tags only: no attribute survives, so no event handler, style or URL can ride
 * along.
 */
const OPTIONS: sanitizeHtmlModule.IOptions = {
  allowedTags: ["strong", "em", "br"],
  allowedAttributes: {},
  // An owner who types or pastes <b> or <i> means bold or italic: stored as the editor's own tags.
  transformTags: { b: "strong", i: "em" },
  // Keep the words of any other tag (a pasted <p> or <a>), but never the
  // insides of tags whose content is code or hidden text.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "noembed", "noframes", "template", "title", "iframe"],
};

/**
 * What is stored is HTML: sanitize-html answers text with &amp;, &lt; and &gt;,
 * and the storefront (web/lib/simple-html.ts) keeps such a character reference
 * as it is, so "R&amp;D" shows as "R&D". Each entity is still turned back into
 * its character wherever an HTML parser reads that character as plain text
 * anyway, so the owner finds "Fish & chips" in the editor as typed: ">" always,
 * "&" unless it could start another entity, "<" unless it could start a tag or
 * comment. The result means the same to a browser, and sanitising it again
 * changes nothing.
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
  return plainerEntities(sanitizer()(input, OPTIONS).replace(/<br \/>/g, "<br>")).trim();
}
