/**
 * A page cursor as the X-Next-Cursor header carries it: the position where the next page starts, written as
 * base64url JSON, opaque to callers. Each list checks the shape of what it decodes itself (the orders list, the
 * "To make" queue): a cursor a caller made up decodes to something that list refuses.
 */
export function encodePageCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** The position a cursor carries, or null when it is not base64url JSON of an array. */
export function decodePageCursor(cursor: string): unknown[] | null {
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
