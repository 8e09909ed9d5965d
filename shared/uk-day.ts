/** Built with the UTC zone on purpose: the day is turned into a Date at UTC midnight, so no zone can move it. */
const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/**
 * A UK calendar day as stored ("2026-12-08", e.g. a quote's valid_until) in words: "Tuesday 8 December 2026"
 * ("Tuesday 8 December" with `year: false`, for a date within the coming weeks).
 * The day is already the UK's, so it is named as that calendar date and never passed through a clock: read as a
 * moment in the server's zone, midnight can fall on the day before in London. The parts are joined by hand because
 * ICU versions differ on the comma after the weekday. Anything that is not a real YYYY-MM-DD day is shown as given.
 */
export function formatUkDay(day: string, { year = true }: { year?: boolean } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (date.toISOString().slice(0, 10) !== day) return day;
  const parts = longDay.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  const words = `${part("weekday")} ${part("day")} ${part("month")}`;
  return year ? `${words} ${part("year")}` : words;
}

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** The UK day at an instant, as YYYY-MM-DD, whatever the server's zone: a quote's valid_until is compared with it. */
export function ukToday(at: Date): string {
  return isoDay.format(at);
}
