import { BadRequest } from "../../errors";

/**
 * One short line of plain text (a button label, the shop's name, the announcement):
 * control characters and runs of spaces become one space, and anything that looks
 * like an HTML tag is refused, because an owner typing one expects it to work and
 * it never would (React and the emails print it as text).
 */
export function plainLine(raw: string, label: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const text = raw.replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  if (/<[A-Za-z/!?]/.test(text)) throw new BadRequest(`${label} must be plain text, without HTML tags.`);
  if (text.length > max) throw new BadRequest(`${label} must be at most ${max} characters.`);
  return text;
}
