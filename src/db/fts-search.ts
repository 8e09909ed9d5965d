/**
 * What the owner types into a search box, as an FTS5 query over a trigram index (the orders' and the gift vouchers'
 * searches, docs/decisions/0030-order-store-paging-and-search.md): the text is one phrase found inside a word, in any
 * case; LIKE's % and _ mean nothing there.
 */

/** The trigram index finds any part of three characters or more; a shorter one would have to read every row. */
export const MIN_SEARCH = 3;

export const SHORT_SEARCH_MESSAGE = `Type at least ${MIN_SEARCH} characters to search.`;

/** The text as one FTS5 string: a double quote inside it is written twice. */
export const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;
