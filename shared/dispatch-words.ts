import { formatUkDay } from "./uk-day";

/**
 * The words of the dispatch promise (decision 0015). Before the cut-off on a
 * working day an order counts from today, so the page says "Order today"; after it, at a
 * weekend or on a bank holiday it says "Order now", and the date is the later one.
 */
export function dispatchPromiseText(dispatchBy: string, countsFromToday: boolean): string {
  return `${countsFromToday ? "Order today" : "Order now"}, dispatched by ${formatUkDay(dispatchBy, { year: false })}`;
}

/** Why "today" ends at the cut-off, said beside the promise while it is still today. */
export function cutOffText(cutOffHour: number): string {
  const hour = cutOffHour % 12 === 0 ? 12 : cutOffHour % 12;
  const clock = cutOffHour === 0 ? "midnight" : cutOffHour === 12 ? "noon" : `${hour}${cutOffHour < 12 ? "am" : "pm"}`;
  return `Orders placed from ${clock} (UK time) count from the next working day.`;
}

/** The order's promise once paid: the confirmation, its email and the payment page's lines. */
export function dispatchedByText(dispatchBy: string): string {
  return `Dispatched by ${formatUkDay(dispatchBy)}`;
}

/** The latest of some UK days ("YYYY-MM-DD" sorts as it reads), or null when there are none: a basket's or an order's date. */
export function latestDay(days: readonly (string | null | undefined)[]): string | null {
  let latest: string | null = null;
  for (const day of days) if (day && (latest === null || day > latest)) latest = day;
  return latest;
}
