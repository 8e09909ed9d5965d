/**
 * A quote's lead time as the shopper reads it (issue 13): on the quote page and
 * in the quote email, so the two never promise different things. Its valid-until
 * day is named by formatUkDay (shared/uk-day.ts).
 */
export function leadTimeText(workingDays: number): string {
  if (workingDays === 0) return "Dispatched as soon as possible after payment";
  return `Made and dispatched within ${workingDays} working ${workingDays === 1 ? "day" : "days"} of payment`;
}
