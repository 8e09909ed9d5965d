import { z } from "zod";
import { ftsString, MIN_SEARCH, SHORT_SEARCH_MESSAGE } from "../../db/fts-search";
import { cursorField, readMomentPosition } from "../../http/page-cursor";
import type { ListFilter, Search } from "../orders/store";

const MAX_SEARCH = 100;

const ORDER_LIST_MESSAGES = {
  badCursor: "This cursor is not one the orders list gave. Start again from the first page (leave out cursor).",
  pageGone: "The orders list is paged by cursor now: leave out page and pass the X-Next-Cursor of the previous answer as cursor.",
  shortSearch: SHORT_SEARCH_MESSAGE,
} as const;

/**
 * GET /api/admin/orders?q=&status=&cursor=. Every field is optional: nothing passed is the first page of every
 * order, newest first. `page` is from before paging by cursor (docs/decisions/0030-order-store-paging-and-search.md):
 * page 1 is still the first page, so a screen opened before the upgrade still shows it; a later page is refused
 * with the way to ask for it now.
 */
export const orderSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH, { error: `The search must be at most ${MAX_SEARCH} characters.` })
    .refine((q) => q === "" || q.length >= MIN_SEARCH, { error: ORDER_LIST_MESSAGES.shortSearch })
    .optional(),
  status: z.enum(["paid", "fulfilled", "canceled"], { error: "Status must be paid, fulfilled or canceled." }).optional(),
  cursor: cursorField(readMomentPosition, ORDER_LIST_MESSAGES.badCursor),
  page: z.literal("1", { error: ORDER_LIST_MESSAGES.pageGone }).optional(),
});
export type OrderSearch = z.infer<typeof orderSearchSchema>;

/**
 * The FTS5 queries for what the owner typed: the text as one phrase anywhere in reference, name, email or postcode
 * (the trigram index finds it inside a word, in any case; LIKE's % and _ mean nothing here), or, without its
 * spaces, in the postcode written as capitals without spaces, so "sw1a1aa" and "SW1A 1AA" find each other.
 */
function searchOf(q: string): Search {
  const compact = q.replace(/\s+/g, "").toUpperCase();
  return { text: ftsString(q), postcode: compact.length >= MIN_SEARCH ? ftsString(compact) : null };
}

/** The store's filter for a request: a blank search is no search. */
export function listFilterOf({ q, status }: OrderSearch): ListFilter {
  return { ...(q ? { search: searchOf(q) } : {}), ...(status ? { status } : {}) };
}
