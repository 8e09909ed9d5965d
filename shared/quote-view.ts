/**
 * A quote's lead time as the shopper reads it (docs/decisions/0014-quotes.md): on the
 * quote page and in the quote email, so the two never promise different things. Its
 * valid-until day is named by formatUkDay (shared/uk-day.ts).
 */
export function leadTimeText(workingDays: number): string {
  if (workingDays === 0) return "Dispatched as soon as possible after payment";
  return `Made and dispatched within ${workingDays} working ${workingDays === 1 ? "day" : "days"} of payment`;
}

/**
 * The most of one thing a quote line may ask for (decision 0027): far above a
 * one-person print shop's batch, low enough that a slip of the keyboard
 * (10000 for 100) is refused rather than priced.
 */
export const MAX_QUOTE_LINE_QUANTITY = 1000;

/** A quote line: `amount_cents` is the price of one. */
type PricedQuoteLine = { description: string; amount_cents: number; quantity: number };

/** What a line costs: its price of one times its quantity. */
export function quoteLineTotal(line: PricedQuoteLine): number {
  return line.amount_cents * line.quantity;
}

/** What a quote's lines cost together, before delivery. */
export function quoteLinesTotal(lines: readonly PricedQuoteLine[]): number {
  return lines.reduce((sum, line) => sum + quoteLineTotal(line), 0);
}

/** "2 × Bracket": how a quote line is named on the quote page and in its email, as order lines are. */
export function quoteLineText(line: Pick<PricedQuoteLine, "quantity" | "description">): string {
  return `${line.quantity} × ${line.description}`;
}
