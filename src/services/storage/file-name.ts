const MAX_NAME_LENGTH = 120;
// C0/C1 controls (NUL included) and the bidi overrides that can make
// "gpj.exe" display as "exe.jpg".
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The one rule for a sender's file name (GPX routes, photos, custom request
 * attachments), used when it is stored and again when it is sent back in a
 * download's Content-Disposition. It is kept for display and as the download
 * name only (files are stored under random names): no path, no control or
 * direction-changing characters, no "..", no leading dot, at most 120
 * characters with the extension kept; `fallback` when nothing is left.
 */
export function safeFileName(raw: string, fallback: string): string {
  const withoutControls = raw.replace(UNSAFE_CHARACTERS, "");
  const lastPart = withoutControls.split(/[\\/]/).pop() ?? "";
  const name = lastPart
    .replace(/\.{2,}/g, ".")
    .replace(/^[.\s]+/, "")
    .trim();
  const characters = Array.from(name);
  if (characters.length <= MAX_NAME_LENGTH) return name || fallback;
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? "";
  return (
    characters
      .slice(0, MAX_NAME_LENGTH - extension.length)
      .join("")
      .trimEnd() + extension
  );
}

/** The same name with another extension: a photo is stored as JPEG whatever it arrived as. */
export function withExtension(name: string, extension: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,10}$/, "");
  return `${base || "photo"}.${extension}`;
}
