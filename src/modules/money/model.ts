import { z } from "zod";
import { isReportDay } from "../../../shared/report-range";
import { addUkDays, isUkDay } from "../../../shared/uk-day";

/** The Money page's words for a query it cannot answer: each its own, so the owner knows which field to fix. */
const MONEY_MESSAGES = {
  period: "Choose the period to sum by: day, month or quarter.",
  missing: "Choose both dates: from and to, as YYYY-MM-DD.",
  badFrom: "The from date must be a real day written YYYY-MM-DD, such as 2026-04-06.",
  badTo: "The to date must be a real day written YYYY-MM-DD, such as 2027-04-05.",
  fromOutOfRange: "The from date must be in the years 2000 to 2100, such as 2026-04-06.",
  toOutOfRange: "The to date must be in the years 2000 to 2100, such as 2027-04-05.",
  reversed: "The from date must be on or before the to date.",
  tooManyDays: "Ask for at most 92 days by day; for longer, sum by month or by quarter.",
  taxYear: "The tax year must be the year it starts, from 2000 to 2099, such as 2026 for 6 April 2026 to 5 April 2027.",
} as const;

/** By day the answer has one period a day: a quarter's worth at most, so the answer stays small. */
const MOST_DAYS_BY_DAY = 92;

const day = (bad: string, outOfRange: string) =>
  z.string({ error: MONEY_MESSAGES.missing }).refine(isUkDay, { error: bad, abort: true }).refine(isReportDay, { error: outOfRange });

/** GET /api/admin/money?period=day|month|quarter&from=&to=: UK days, both inclusive. */
export const moneyQuerySchema = z
  .object({
    period: z.enum(["day", "month", "quarter"], { error: MONEY_MESSAGES.period }),
    from: day(MONEY_MESSAGES.badFrom, MONEY_MESSAGES.fromOutOfRange),
    to: day(MONEY_MESSAGES.badTo, MONEY_MESSAGES.toOutOfRange),
  })
  .refine(({ from, to }) => from <= to, { error: MONEY_MESSAGES.reversed, abort: true })
  .refine(({ period, from, to }) => period !== "day" || addUkDays(from, MOST_DAYS_BY_DAY - 1) >= to, {
    error: MONEY_MESSAGES.tooManyDays,
  });

/** GET /api/admin/money/quarters.csv?tax_year=2026: the tax year named by the year it starts (6 April). */
export const taxYearQuerySchema = z.object({
  tax_year: z
    .string({ error: MONEY_MESSAGES.taxYear })
    .regex(/^\d{4}$/, { error: MONEY_MESSAGES.taxYear })
    .transform(Number)
    .refine((year) => year >= 2000 && year <= 2099, { error: MONEY_MESSAGES.taxYear }),
});

/** One period's money, in pence; gross − discounts − refunds − fees = net, always. */
export type MoneyPeriod = {
  start: string;
  end: string;
  label: string;
  /** Paid plus the discounts taken off: what the goods and delivery were priced at. */
  gross_cents: number;
  discount_cents: number;
  refund_cents: number;
  /** Fees known so far; `fees_unknown` counts the payments and refunds whose fee Stripe has not settled yet. */
  fee_cents: number;
  net_cents: number;
  orders: number;
  fees_unknown: number;
};
