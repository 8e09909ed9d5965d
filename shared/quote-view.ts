/**
 * How a quote's terms read to the shopper (issue 13): on the quote page and,
 * so the two never differ, anywhere else that states them.
 */

// Parts, not one formatted string: ICU versions differ on the comma after the weekday.
const ukDayParts = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** A UK calendar day ("2026-12-08") in words: "Tuesday 8 December 2026". */
export function formatUkDay(isoDay: string): string {
  // Midday UTC is the same calendar day in London in winter and summer alike.
  const date = new Date(`${isoDay}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  const parts = ukDayParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} ${part("year")}`;
}

/** The quote's lead time as a promise: "Made and dispatched within 5 working days of payment". */
export function leadTimeText(workingDays: number): string {
  if (workingDays === 0) return "Ready to dispatch as soon as you have paid";
  return `Made and dispatched within ${workingDays} working ${workingDays === 1 ? "day" : "days"} of payment`;
}
