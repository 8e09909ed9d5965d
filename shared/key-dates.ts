import { formatUkDay, isUkDay, ukDayAndHour } from "./uk-day";

/**
 * Key dates (docs/decisions/0049-gift-orders.md): the dates that matter to gift buyers, each with the working days
 * of delivery to allow; the shop works out the last day to order for each product and shows it from six weeks
 * before the date until the date has passed. Server and browser both read these rules and words.
 */
export type KeyDate = { name: string; date: string; delivery_days: number };
/** One key date as a product answer carries it (`order_by`). */
export type OrderBy = { name: string; date: string; last_order_day: string };

const KEY_DATE_SHOWN_DAYS = 42;
export const DEFAULT_DELIVERY_DAYS = 2;
export const MAX_DELIVERY_DAYS = 30;
export const MAX_KEY_DATES = 20;
export const MAX_KEY_DATE_NAME = 40;

export const KEY_DATE_MESSAGES = {
  notAList: 'Key dates must be a list like [{ "name": "Christmas Day", "date": "2026-12-25", "delivery_days": 2 }].',
  tooMany: `There can be at most ${MAX_KEY_DATES} key dates. Remove some that have passed.`,
  name: (index: number) => `Key date ${index + 1} needs a name of 1 to ${MAX_KEY_DATE_NAME} characters, such as "Christmas Day".`,
  date: (index: number) => `Key date ${index + 1} needs a real date written YYYY-MM-DD, such as 2026-12-25.`,
  deliveryDays: (index: number) =>
    `Key date ${index + 1} needs its delivery days as a whole number of working days from 0 to ${MAX_DELIVERY_DAYS}.`,
} as const;

/** The owner's key dates from text: checked, tidied and in date order; the problem in words when there is one. */
export function readKeyDates(text: string): { dates: KeyDate[] } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim() === "" ? "[]" : text);
  } catch {
    return { problem: KEY_DATE_MESSAGES.notAList };
  }
  if (!Array.isArray(parsed)) return { problem: KEY_DATE_MESSAGES.notAList };
  if (parsed.length > MAX_KEY_DATES) return { problem: KEY_DATE_MESSAGES.tooMany };
  const dates: KeyDate[] = [];
  for (const [index, entry] of parsed.entries()) {
    if (!entry || typeof entry !== "object") return { problem: KEY_DATE_MESSAGES.notAList };
    const { name, date, delivery_days = DEFAULT_DELIVERY_DAYS } = entry as Record<string, unknown>;
    const tidyName = typeof name === "string" ? name.trim() : "";
    if (tidyName === "" || tidyName.length > MAX_KEY_DATE_NAME || /\p{Cc}/u.test(tidyName)) {
      return { problem: KEY_DATE_MESSAGES.name(index) };
    }
    if (typeof date !== "string" || !isUkDay(date)) return { problem: KEY_DATE_MESSAGES.date(index) };
    if (!Number.isInteger(delivery_days) || (delivery_days as number) < 0 || (delivery_days as number) > MAX_DELIVERY_DAYS) {
      return { problem: KEY_DATE_MESSAGES.deliveryDays(index) };
    }
    dates.push({ name: tidyName, date, delivery_days: delivery_days as number });
  }
  return { dates: dates.sort((a, b) => a.date.localeCompare(b.date)) };
}

/** Whether a key date is shown on `today`: from six weeks before it up to and including the day itself. */
export function keyDateShown(date: string, today: string): boolean {
  const from = new Date(`${date}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - KEY_DATE_SHOWN_DAYS);
  return today >= from.toISOString().slice(0, 10) && today <= date;
}

/**
 * Whether an order placed `at` is too late for the date: past its last order day, or on it from the cut-off hour on
 * (the last order day is a working day, so that is exactly when the dispatch promise counts from a later day).
 */
export function tooLateFor(orderBy: OrderBy, at: Date, cutOffHour: number): boolean {
  const { day, hour } = ukDayAndHour(at);
  return day > orderBy.last_order_day || (day === orderBy.last_order_day && hour >= cutOffHour);
}

/** "Order by Friday 18 December for Christmas Day", or plainly that it will arrive after the date. */
export function orderByText(orderBy: OrderBy, late: boolean): string {
  if (late) return `Ordered now, it will arrive after ${orderBy.name} (${formatUkDay(orderBy.date, { year: false })}).`;
  return `Order by ${formatUkDay(orderBy.last_order_day, { year: false })} for ${orderBy.name}`;
}

/** A basket's key dates: each date any line shows, with the earliest of its lines' last order days (the whole parcel must make it). */
export function basketOrderBy(lines: readonly (readonly OrderBy[] | undefined)[]): OrderBy[] {
  const soonest = new Map<string, OrderBy>();
  for (const entry of lines.flatMap((line) => line ?? [])) {
    const key = `${entry.date} ${entry.name}`;
    const kept = soonest.get(key);
    if (!kept || entry.last_order_day < kept.last_order_day) soonest.set(key, entry);
  }
  return [...soonest.values()].sort((a, b) => a.date.localeCompare(b.date));
}
