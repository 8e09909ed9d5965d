import type { Database } from "bun:sqlite";
import { type PeriodKind, periodsBetween } from "../../../shared/tax-periods";
import { addUkDays, ukDayStart } from "../../../shared/uk-day";
import type { MoneyPeriod } from "./model";

type Figures = Omit<MoneyPeriod, "start" | "end" | "label" | "net_cents">;
type DayRow = Figures & { day: string };

const NONE: Figures = { gross_cents: 0, discount_cents: 0, refund_cents: 0, fee_cents: 0, orders: 0, fees_unknown: 0 };

export type MoneyService = ReturnType<typeof createMoneyService>;

/**
 * The Money page's figures (docs/decisions/0050-money-that-reconciles.md), read from `money_by_day` (kept by the
 * triggers of migration 0038) and never by summing every order: a period's whole UTC days are its rows there, one
 * per day with money in it. A UK period starts on a UK midnight, a whole UTC hour: in summer time 23:00Z the day
 * before, so the hour before the first UTC day is added from the orders and refunds themselves (through their time
 * indexes), and the last UTC day's final hour, which belongs to the next period, taken away. So each call reads the
 * days of its range and at most an hour of orders at each end, however long the shop's history.
 */
export function createMoneyService(db: Database) {
  const daysBetween = db.query<DayRow, [string, string]>(
    `SELECT day, gross_cents, discount_cents, refund_cents, fee_cents, orders, fees_unknown
     FROM money_by_day WHERE day >= ? AND day < ? ORDER BY day`,
  );
  const ordersBetween = db.query<Omit<Figures, "refund_cents">, [string, string]>(
    `SELECT COALESCE(SUM(amount_cents + discount_cents), 0) AS gross_cents, COALESCE(SUM(discount_cents), 0) AS discount_cents,
            COALESCE(SUM(fee_cents), 0) AS fee_cents, COUNT(*) AS orders, COALESCE(SUM(fee_cents IS NULL), 0) AS fees_unknown
     FROM orders WHERE created_at >= ? AND created_at < ?`,
  );
  const refundsBetween = db.query<Pick<Figures, "refund_cents" | "fee_cents" | "fees_unknown">, [string, string]>(
    `SELECT COALESCE(SUM(amount_cents), 0) AS refund_cents, COALESCE(SUM(fee_cents), 0) AS fee_cents,
            COALESCE(SUM(fee_cents IS NULL), 0) AS fees_unknown
     FROM refunds WHERE created_at >= ? AND created_at < ?`,
  );

  /** Orders and refunds stored from `from` (inclusive) to `to` (exclusive), instants as stored: at most an hour here. */
  function between(from: string, to: string): Figures {
    const orders = ordersBetween.get(from, to)!;
    const refunds = refundsBetween.get(from, to)!;
    return {
      ...orders,
      refund_cents: refunds.refund_cents,
      fee_cents: orders.fee_cents + refunds.fee_cents,
      fees_unknown: orders.fees_unknown + refunds.fees_unknown,
    };
  }

  return {
    /** Every period of `kind` with a day in from..to, each whole, oldest first. */
    periods(kind: PeriodKind, from: string, to: string): MoneyPeriod[] {
      const periods = periodsBetween(kind, from, to);
      const first = periods[0]!.start;
      const afterLast = addUkDays(periods.at(-1)!.end, 1);
      const rows = daysBetween.all(first, afterLast);
      let next = 0;
      return periods.map((period) => {
        const after = addUkDays(period.end, 1);
        const figures = { ...NONE };
        while (next < rows.length && rows[next]!.day < period.start) next += 1;
        for (let i = next; i < rows.length && rows[i]!.day < after; i += 1) add(figures, rows[i]!, 1);
        const start = ukDayStart(period.start);
        const end = ukDayStart(after);
        // Summer time: the period began at 23:00Z the day before, and its last UTC day's final hour is the next period's.
        if (start < `${period.start}T`) add(figures, between(start, `${period.start}T00:00:00.000Z`), 1);
        if (end < `${after}T`) add(figures, between(end, `${after}T00:00:00.000Z`), -1);
        return withNet(period, figures);
      });
    },
  };
}

function add(into: Figures, figures: Figures, sign: 1 | -1) {
  for (const key of Object.keys(NONE) as (keyof Figures)[]) into[key] += sign * figures[key];
}

function withNet(period: { start: string; end: string; label: string }, f: Figures): MoneyPeriod {
  return {
    ...period,
    gross_cents: f.gross_cents,
    discount_cents: f.discount_cents,
    refund_cents: f.refund_cents,
    fee_cents: f.fee_cents,
    net_cents: f.gross_cents - f.discount_cents - f.refund_cents - f.fee_cents,
    orders: f.orders,
    fees_unknown: f.fees_unknown,
  };
}
