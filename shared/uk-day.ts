import { lazy } from "./lazy";

/** Built with the UTC zone on purpose: the day is turned into a Date at UTC midnight, so no zone can move it. */
const longDay = lazy(
  () => new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);

/**
 * A UK calendar day as stored ("2026-12-08", e.g. a quote's valid_until) in words: "Tuesday 8 December 2026"
 * ("Tuesday 8 December" with `year: false`, for a date within the coming weeks).
 * The day is already the UK's, so it is named as that calendar date and never passed through a clock: read as a
 * moment in the server's zone, midnight can fall on the day before in London. The parts are joined by hand because
 * ICU versions differ on the comma after the weekday. Anything that is not a real YYYY-MM-DD day is shown as given.
 */
export function formatUkDay(day: string, { year = true }: { year?: boolean } = {}): string {
  if (!isUkDay(day)) return day;
  const parts = longDay().formatToParts(new Date(`${day}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  const words = `${part("weekday")} ${part("day")} ${part("month")}`;
  return year ? `${words} ${part("year")}` : words;
}

/** A calendar day written YYYY-MM-DD that exists: 2026-02-30 is not one (it is not rolled over to March). */
export function isUkDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * The UK's clock is GMT, and BST (GMT + 1 hour) from 01:00 GMT on the last Sunday of March to 01:00 GMT on the
 * last Sunday of October (the Summer Time Order 2002). Worked out here rather than asked of Intl's Europe/London
 * zone because the first Intl date formatter of a process loads ICU's date patterns (~11 ms), which every cold
 * start paid on its first page for the dispatch dates it promises (decision 0008). tests/unit/uk-clock.test.ts
 * holds this to ICU's Europe/London for every hour of 2020–2040 and at every change of the clocks 1996–2100,
 * so a change in the law, which would reach ICU's zone data, fails the check.
 */
function ukOffsetMs(at: Date): number {
  const year = at.getUTCFullYear();
  const time = at.getTime();
  return time >= lastSundayAtOneGmt(year, 2) && time < lastSundayAtOneGmt(year, 9) ? 3_600_000 : 0;
}

/** 01:00 GMT on the last Sunday of `month` (0-based), as a timestamp. */
function lastSundayAtOneGmt(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** The UK calendar day (YYYY-MM-DD) and hour (0–23) at an instant, whatever the server's zone. */
export function ukDayAndHour(at: Date): { day: string; hour: number } {
  const uk = new Date(at.getTime() + ukOffsetMs(at));
  return { day: uk.toISOString().slice(0, 10), hour: uk.getUTCHours() };
}

/** The UK clock's time of day at an instant, "HH:MM" (the owner's digest time is compared with it). */
export function ukTimeOfDay(at: Date): string {
  return new Date(at.getTime() + ukOffsetMs(at)).toISOString().slice(11, 16);
}

/** The UK day at an instant, as YYYY-MM-DD, whatever the server's zone: a quote's valid_until is compared with it. */
export function ukToday(at: Date): string {
  return ukDayAndHour(at).day;
}

/**
 * The instant a UK day begins, as the ISO text orders are stored with (UTC): midnight in London is 00:00Z in winter
 * and 23:00Z the evening before in summer, so both are tried and the one London calls that day is kept.
 */
export function ukDayStart(day: string): string {
  const summer = new Date(Date.parse(`${day}T00:00:00Z`) - 3_600_000);
  return (ukToday(summer) === day ? summer : new Date(`${day}T00:00:00Z`)).toISOString();
}

/** The UK day `days` after (or before, when negative) a UK day, counted on the calendar. */
export function addUkDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
