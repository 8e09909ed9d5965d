import { z } from "zod";

/**
 * A page cursor as the X-Next-Cursor header carries it: the position where the next page starts, written as
 * base64url JSON, opaque to callers. Each list checks the shape of what it decodes itself (`cursorField` with the
 * list's own reader: the orders list, the "To make" queue, the custom requests, the discount codes): a cursor a caller
 * made up decodes to something that list refuses.
 */
export function encodePageCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** The position a cursor carries, or null when it is not base64url JSON of an array. */
function decodePageCursor(cursor: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** A stored moment as the shop writes it (`strftime('%Y-%m-%dT%H:%M:%fZ')`), as a cursor may carry it. */
export const isStoredMoment = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value);

/** A table's rowid, as a cursor may carry it. */
export const isRowid = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 1;

/**
 * A list's `cursor` query field: the X-Next-Cursor of a page the list gave, its position read by `read` (null: not a
 * position this list writes). Anything else, and anything longer than any cursor the list gives (`longest`: a
 * position of moments and ids is short; one holding a product's name, up to 200 characters, is not), is refused
 * with the list's own `message`, so every list refuses a made-up cursor the same way.
 */
export function cursorField<Position>(read: (value: unknown[]) => Position | null, message: string, longest = 200) {
  return z
    .string()
    .max(longest, { error: message })
    .transform((cursor, context) => {
      const value = decodePageCursor(cursor);
      const position = value ? read(value) : null;
      if (position === null) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return position;
    })
    .optional();
}

/** Where a newest-first list's next page starts: after the row stored at `createdAt`, its `rowid` breaking ties. */
export type MomentPosition = { createdAt: string; rowid: number };

/** The X-Next-Cursor after `position` in a newest-first list (the orders list's, the custom requests'). */
export const encodeMomentCursor = ({ createdAt, rowid }: MomentPosition): string => encodePageCursor([createdAt, rowid]);

/** A newest-first list's position from its decoded cursor, or null when it is not one. */
export function readMomentPosition(value: unknown[]): MomentPosition | null {
  if (value.length !== 2) return null;
  const [createdAt, rowid] = value;
  return isStoredMoment(createdAt) && isRowid(rowid) ? { createdAt, rowid } : null;
}
