import { addUkDays } from "./uk-day";

/**
 * The periods the Money page sums by (docs/decisions/0050-money-that-reconciles.md), as UK days, both ends
 * inclusive: a day, a calendar month, or a UK tax quarter (6 April – 5 July, 6 July – 5 October, 6 October –
 * 5 January, 6 January – 5 April, the quarters of Making Tax Digital for Income Tax). Pure day arithmetic, so the
 * server and the admin's page name the same periods.
 */
export type PeriodKind = "day" | "month" | "quarter";
export type Period = { start: string; end: string; label: string };

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));
const pad = (n: number) => String(n).padStart(2, "0");
const dayOf = (year: number, month: number) => `${year}-${pad(month)}-01`;

/** The tax year a UK day falls in, named by the year it starts: 5 April 2027 is in 2026 (6 April 2026 – 5 April 2027). */
function taxYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= "04-06" ? year : year - 1;
}

/** The four quarters of the tax year that starts on 6 April `taxYear`: each ends the day before the next starts. */
function taxQuarters(taxYear: number): Period[] {
  const starts = [`${taxYear}-04-06`, `${taxYear}-07-06`, `${taxYear}-10-06`, `${taxYear + 1}-01-06`, `${taxYear + 1}-04-06`];
  return starts.slice(0, 4).map((start, i) => {
    const end = addUkDays(starts[i + 1]!, -1);
    return { start, end, label: quarterLabel(taxYear, i, start, end) };
  });
}

function quarterLabel(taxYear: number, index: number, start: string, end: string): string {
  const short = (day: string) => `${Number(day.slice(8))} ${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]}`;
  return `Q${index + 1} ${taxYear}–${pad((taxYear + 1) % 100)} (${short(start)} – ${short(end)} ${end.slice(0, 4)})`;
}

function monthOf(day: string): Period {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const start = dayOf(year, month);
  const end = addUkDays(month === 12 ? dayOf(year + 1, 1) : dayOf(year, month + 1), -1);
  return { start, end, label: `${MONTHS[month - 1]} ${year}` };
}

function quarterOf(day: string): Period {
  const quarters = taxQuarters(taxYearOf(day));
  return quarters.find((quarter) => quarter.start <= day && day <= quarter.end)!;
}

function dayPeriod(day: string): Period {
  const date = new Date(`${day}T00:00:00Z`);
  return { start: day, end: day, label: `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}` };
}

/** Every period of `kind` with a day in from..to (UK days, from ≤ to), oldest first, each whole. */
export function periodsBetween(kind: PeriodKind, from: string, to: string): Period[] {
  const periodAt = kind === "day" ? dayPeriod : kind === "month" ? monthOf : quarterOf;
  const periods: Period[] = [];
  for (let period = periodAt(from); period.start <= to; period = periodAt(addUkDays(period.end, 1))) periods.push(period);
  return periods;
}
