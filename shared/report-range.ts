/**
 * The range of UK days a report may ask for (the orders export), and what the owner is told when a date is
 * wrong: the server refuses with these words and the admin's form says them before the download starts.
 * 2000 to 2100: no order of the shop is older, and the UK clock that turns a day into instants is held to ICU's
 * for 1996–2100 (shared/uk-day.ts, tests/unit/uk-clock.test.ts). A year outside it is a typing slip, answered
 * with a 400 rather than a silently empty file.
 */
export const FIRST_REPORT_DAY = "2000-01-01";
export const LAST_REPORT_DAY = "2100-12-31";

export const REPORT_RANGE_MESSAGES = {
  missing: "Choose both dates of the export: from and to, as YYYY-MM-DD.",
  badFrom: "The from date must be a real day written YYYY-MM-DD, such as 2026-04-01.",
  badTo: "The to date must be a real day written YYYY-MM-DD, such as 2026-04-30.",
  fromOutOfRange: "The from date must be in the years 2000 to 2100, such as 2026-04-01.",
  toOutOfRange: "The to date must be in the years 2000 to 2100, such as 2026-04-30.",
  reversed: "The from date must be on or before the to date.",
} as const;

/** A day written YYYY-MM-DD within 2000–2100 (such days sort as they read). */
export function isReportDay(day: string): boolean {
  return day >= FIRST_REPORT_DAY && day <= LAST_REPORT_DAY;
}
