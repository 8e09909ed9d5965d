/**
 * Printing a shopper's model takes machine time the product's lead time does not know about
 * (docs/decisions/0042-instant-prices-calls-and-checkout.md). The lead time covers a job of up to one working
 * day's printing; each further HOURS_PRINTED_PER_WORKING_DAY hours, or part of them, adds a working day. One
 * printer is assumed: the shop's other orders share the rest, and a promise must be kept.
 */
export const HOURS_PRINTED_PER_WORKING_DAY = 10;

export function extraPrintingDays(hours: number): number {
  if (!(hours > HOURS_PRINTED_PER_WORKING_DAY)) return 0;
  return Math.ceil(hours / HOURS_PRINTED_PER_WORKING_DAY) - 1;
}
