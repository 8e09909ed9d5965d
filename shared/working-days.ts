import type HolidaysType from "date-holidays";
import { ukDayAndHour } from "./uk-day";

/**
 * Working days and the dispatch date promised before purchase (decision 0015).
 * A working day is Monday to Friday outside the bank holidays of England and Wales, as
 * npm date-holidays knows them (GB, region ENG: Wales has the same days), substitute days
 * included, observances (Mother's Day, Easter Sunday) not. Every day is a UK calendar day
 * ("YYYY-MM-DD"); an instant is turned into one in Europe/London (`ukDayAndHour`, shared/uk-day.ts), never in the server's zone.
 *
 * Server code only: the library with its data for every country costs ~30 MB of resident
 * memory and ~150 ms once loaded, so the server bundle carries the years around its build
 * (see PRECOMPUTED_BANK_HOLIDAYS), the sources load it on the first date asked for, never at
 * start, and it never reaches the browser (pages are rendered with the date already in them).
 */

/**
 * Bank holidays the server bundle's build asked the library for (scripts/server-bundle.ts, a
 * `define`): the running shop then loads the library only for a year outside them, so neither its
 * start nor its memory pays for the data of every country. Undefined when the sources run.
 */
declare const PRECOMPUTED_BANK_HOLIDAYS: Record<string, string[]> | undefined;
const precomputed: Record<string, string[]> = typeof PRECOMPUTED_BANK_HOLIDAYS === "undefined" ? {} : PRECOMPUTED_BANK_HOLIDAYS;

let holidays: HolidaysType | null = null;
/** A year's bank holidays: all of them, and those on a weekday in calendar order (the ones that cost a working day). */
type YearHolidays = { days: ReadonlySet<string>; weekdays: readonly string[] };
const holidaysByYear = new Map<number, YearHolidays>();

/** The bank holidays of England and Wales in a year as npm date-holidays gives them, as UK days. */
export function libraryBankHolidays(year: number): string[] {
  if (!holidays) {
    // Loaded on first use (see above); require keeps the call synchronous.
    const Holidays = require("date-holidays") as typeof HolidaysType;
    holidays = new Holidays("GB", "ENG", { types: ["public", "bank"], timezone: "Europe/London" });
  }
  return holidays
    .getHolidays(year)
    .filter((holiday) => holiday.type === "public" || holiday.type === "bank")
    .map((holiday) => holiday.date.slice(0, 10));
}

let lookups = 0;

/** How many times a year's bank holidays have been asked for: what a working-day count costs, for tests. */
export function bankHolidayLookups(): number {
  return lookups;
}

/** The bank holidays of England and Wales in a year, as UK days. */
function bankHolidays(year: number): YearHolidays {
  lookups += 1;
  let kept = holidaysByYear.get(year);
  if (!kept) {
    const days = new Set(precomputed[year] ?? libraryBankHolidays(year));
    kept = { days, weekdays: [...days].filter((day) => isWeekday(day)).sort() };
    holidaysByYear.set(year, kept);
  }
  return kept;
}

const DAY_MS = 86_400_000;
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAt = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Monday to Friday. */
function isWeekday(day: string): boolean {
  const weekday = asDate(day).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Monday to Friday, and not a bank holiday in England and Wales. */
export function isWorkingDay(day: string): boolean {
  return isWeekday(day) && !bankHolidays(Number(day.slice(0, 4))).days.has(day);
}

/**
 * The `count`th weekday after `day` (0 is `day` itself), by arithmetic: whole weeks are seven days, and
 * what is left crosses one weekend when it runs past Friday. A Saturday or Sunday counts from the Friday before,
 * which has the same weekdays after it.
 */
function weekdaysAfter(day: string, count: number): string {
  if (count === 0) return day;
  const date = asDate(day);
  const weekday = date.getUTCDay();
  const backToFriday = weekday === 6 ? 1 : weekday === 0 ? 2 : 0;
  const mondayIsOne = backToFriday > 0 ? 5 : weekday;
  const left = count % 5;
  const days = Math.floor(count / 5) * 7 + left + (mondayIsOne + left > 5 ? 2 : 0) - backToFriday;
  return dayAt(date.getTime() + days * DAY_MS);
}

/** Bank holidays on a weekday after `after` up to and including `upTo`: one look-up per year in between, never per day. */
function weekdayHolidaysBetween(after: string, upTo: string): number {
  let count = 0;
  for (let year = Number(after.slice(0, 4)); year <= Number(upTo.slice(0, 4)); year++) {
    for (const day of bankHolidays(year).weekdays) if (day > after && day <= upTo) count += 1;
  }
  return count;
}

/**
 * The `count`th working day after `day` (0 is `day` itself, which must then be a working day). Working days are
 * counted, not walked (0026): the weekdays by arithmetic, then each bank holiday on a weekday in the range moves
 * the end one weekday on, and the stretch that adds is checked for holidays in turn. A lead time of a year costs
 * the look-up of two or three years' holidays, not 365 days' checks.
 */
export function workingDaysAfter(day: string, count: number): string {
  let countedTo = day;
  let end = weekdaysAfter(day, count);
  for (let missed = weekdayHolidaysBetween(countedTo, end); missed > 0; missed = weekdayHolidaysBetween(countedTo, end)) {
    countedTo = end;
    end = weekdaysAfter(end, missed);
  }
  return end;
}

/**
 * How many working days fall after `after` up to and including `upTo` (0 when `upTo` is not later): what is left of a
 * promise when its clock stops (docs/decisions/0048-order-holds.md). Counted as `workingDaysAfter` counts: whole weeks
 * by arithmetic, the odd days one by one (at most six), then the weekday bank holidays in the range taken off.
 */
export function workingDaysBetween(after: string, upTo: string): number {
  if (upTo <= after) return 0;
  const days = Math.round((asDate(upTo).getTime() - asDate(after).getTime()) / DAY_MS);
  let weekdays = Math.floor(days / 7) * 5;
  for (let step = Math.floor(days / 7) * 7 + 1; step <= days; step++) {
    if (isWeekday(dayAt(asDate(after).getTime() + step * DAY_MS))) weekdays += 1;
  }
  return weekdays - weekdayHolidaysBetween(after, upTo);
}

/**
 * The working day an order placed at `placedAt` counts from: that UK day if it is a working
 * day and the UK hour is before `cutOffHour`, otherwise the next working day.
 */
export function countingDay(placedAt: Date, cutOffHour: number): string {
  const { day, hour } = ukDayAndHour(placedAt);
  if (isWorkingDay(day) && hour < cutOffHour) return day;
  return workingDaysAfter(day, 1);
}

/**
 * The UK day an order placed at `placedAt` is promised to be dispatched by: `leadTimeDays`
 * working days after the day it counts from (0 = that day itself). One rule for the whole
 * shop: product pages, the basket, the payment page and the order.
 */
export function dispatchBy(placedAt: Date, leadTimeDays: number, cutOffHour: number): string {
  return workingDaysAfter(countingDay(placedAt, cutOffHour), leadTimeDays);
}

/**
 * The last working day an order may be placed (before the cut-off) for it to be dispatched and delivered within
 * `workingDays` working days and arrive by `day` (docs/decisions/0049-gift-orders.md): the last working day on or
 * before `day`, then `workingDays` working days back. Walked back day by day, since it is asked once per lead time
 * and key date an hour (the catalogue's kept list), never per product.
 */
export function lastOrderDay(day: string, workingDays: number): string {
  const dayBefore = (at: string) => dayAt(asDate(at).getTime() - DAY_MS);
  let at = day;
  while (!isWorkingDay(at)) at = dayBefore(at);
  for (let left = workingDays; left > 0; ) {
    at = dayBefore(at);
    if (isWorkingDay(at)) left -= 1;
  }
  return at;
}
