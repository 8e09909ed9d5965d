import type HolidaysType from "date-holidays";
import { ukDayAndHour } from "./uk-day";

/**
 * Working days and the dispatch date promised before purchase (issue 14, decision 0015).
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
const holidaysByYear = new Map<number, ReadonlySet<string>>();

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

/** The bank holidays of England and Wales in a year, as UK days. */
function bankHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(precomputed[year] ?? libraryBankHolidays(year));
    holidaysByYear.set(year, days);
  }
  return days;
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** The calendar day after `day`. */
function nextDay(day: string): string {
  const date = asDate(day);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Monday to Friday, and not a bank holiday in England and Wales. */
export function isWorkingDay(day: string): boolean {
  const weekday = asDate(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !bankHolidays(Number(day.slice(0, 4))).has(day);
}

/** The first working day on or after `day`. */
function workingDayFrom(day: string): string {
  let current = day;
  while (!isWorkingDay(current)) current = nextDay(current);
  return current;
}

/**
 * The working day an order placed at `placedAt` counts from: that UK day if it is a working
 * day and the UK hour is before `cutOffHour`, otherwise the next working day.
 */
export function countingDay(placedAt: Date, cutOffHour: number): string {
  const { day, hour } = ukDayAndHour(placedAt);
  if (isWorkingDay(day) && hour < cutOffHour) return day;
  return workingDayFrom(nextDay(day));
}

/**
 * The UK day an order placed at `placedAt` is promised to be dispatched by: `leadTimeDays`
 * working days after the day it counts from (0 = that day itself). One rule for the whole
 * shop: product pages, the basket, the payment page and the order.
 */
export function dispatchBy(placedAt: Date, leadTimeDays: number, cutOffHour: number): string {
  let day = countingDay(placedAt, cutOffHour);
  for (let left = leadTimeDays; left > 0; left--) day = workingDayFrom(nextDay(day));
  return day;
}
