import type { Database } from "bun:sqlite";
import { addUkDays, ukDayStart, ukToday } from "../../../shared/uk-day";
import { type BestSeller, bestSellersSince } from "./best-sellers";

/** Pence taken in each period: orders paid in it minus refunds made in it. */
type Takings = { today: number; last_7_days: number; last_30_days: number; last_12_months: number };
type LowStockItem = { product_id: string; variant_id: string | null; name: string; stock: number };

/** What decision 0018 adds to the dashboard beside the counts of docs/product.md#dashboard. */
export type DashboardFigures = {
  takings: Takings;
  to_dispatch: number;
  awaiting_reply: number;
  low_stock_threshold: number;
  low_stock: LowStockItem[];
  best_sellers: BestSeller[];
};

/** The first UK day of each takings period, and of the best sellers' 30 days, on the UK day of `now`. */
export function figurePeriods(now: Date): Record<keyof Takings, string> {
  const today = ukToday(now);
  // A rolling year ends today: it starts on the day after this date a year ago (HMRC's "last 12 months").
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  return {
    today,
    last_7_days: addUkDays(today, -6),
    last_30_days: addUkDays(today, -29),
    last_12_months: addUkDays(yearAgo.endsWith("02-29") ? `${yearAgo.slice(0, 8)}28` : yearAgo, 1),
  };
}

/**
 * The hour key of the summaries (migrations/0026_dashboard_figures.sql) at which a UK day starts: its first UTC
 * hour, written as the first 13 characters of a stored time. A UK day always starts on a whole UTC hour.
 */
const firstHourOf = (day: string) => ukDayStart(day).slice(0, 13);

/**
 * The first hour of the first whole UTC day from `hour` on (the hour itself at midnight UTC; else the next midnight):
 * takings are read by the hour up to it and by the UTC day from it (migrations/0029_owner_reads.sql, decision 0037).
 */
function firstWholeUtcDay(hour: string): string {
  if (hour.endsWith("T00")) return hour;
  const next = new Date(`${hour.slice(0, 10)}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return `${next.toISOString().slice(0, 10)}T00`;
}

/**
 * The dashboard's business figures. Every order row is money taken (an order exists only once paid), a cancelled
 * one too until it is refunded; a refund counts on the UK day it was made, not its order's day (decision 0018), so a
 * period's figure is what came in and went out in it and never changes after the period is over.
 *
 * Each is read from what the database keeps as orders, lines and refunds are written (decision 0031): takings from
 * hourly sums over the periods shown, best sellers from sums kept over their 30 days and moved on as the days pass
 * (decision 0037), the counts from tables and indexes of only the work in hand. None of them reads the shop's history.
 */
export function dashboardFigures(db: Database, now: Date, lowStockThreshold: number): DashboardFigures {
  // Bun keeps each statement prepared by its text, so the dashboard prepares these once.
  // From a first hour on: the hours of its UTC day from it (?1 up to ?2), then whole UTC days from ?2's day on.
  const takenSince = db.query<{ pence: number }, [string, string]>(
    `SELECT (SELECT COALESCE(SUM(paid_cents - refunded_cents), 0) FROM takings_by_hour WHERE hour >= ?1 AND hour < ?2)
          + (SELECT COALESCE(SUM(paid_cents - refunded_cents), 0) FROM takings_by_day WHERE day >= substr(?2, 1, 10)) AS pence`,
  );
  const counts = db.query<{ to_dispatch: number; awaiting_reply: number }, []>(
    `SELECT (SELECT COUNT(*) FROM orders_to_dispatch) AS to_dispatch,
       (SELECT COUNT(*) FROM custom_requests WHERE status = 'open') AS awaiting_reply`,
  );
  const lowStock = db.query<LowStockItem, [number]>(
    // A product with variants keeps its stock on the variants; one without keeps it on itself. NULL is unlimited.
    `SELECT p.id AS product_id, NULL AS variant_id, p.name, p.stock FROM products p
       WHERE p.stock IS NOT NULL AND p.stock <= ?1 AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
     UNION ALL
     SELECT v.product_id, v.id, p.name || ' – ' || v.name, v.stock FROM product_variants v JOIN products p ON p.id = v.product_id
       WHERE v.stock IS NOT NULL AND v.stock <= ?1
     ORDER BY stock, name`,
  );
  const periods = figurePeriods(now);
  const taken = (day: string) => {
    const first = firstHourOf(day);
    return takenSince.get(first, firstWholeUtcDay(first))!.pence;
  };
  return {
    takings: {
      today: taken(periods.today),
      last_7_days: taken(periods.last_7_days),
      last_30_days: taken(periods.last_30_days),
      last_12_months: taken(periods.last_12_months),
    },
    ...counts.get()!,
    low_stock_threshold: lowStockThreshold,
    low_stock: lowStock.all(lowStockThreshold),
    best_sellers: bestSellersSince(db, firstHourOf(periods.last_30_days)),
  };
}
