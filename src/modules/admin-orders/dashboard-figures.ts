import type { Database } from "bun:sqlite";
import { addUkDays, ukDayStart, ukToday } from "../../../shared/uk-day";

/** Pence taken in each period: orders paid in it minus refunds made in it. */
type Takings = { today: number; last_7_days: number; last_30_days: number; last_12_months: number };
type LowStockItem = { product_id: string; variant_id: string | null; name: string; stock: number };
type BestSeller = { product_id: string; name: string; units: number; amount_cents: number };

/** What decision 0018 adds to the dashboard beside the counts of docs/product.md#dashboard. */
export type DashboardFigures = {
  takings: Takings;
  to_dispatch: number;
  awaiting_reply: number;
  low_stock_threshold: number;
  low_stock: LowStockItem[];
  best_sellers: BestSeller[];
};

export const BEST_SELLERS = 5;

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
 * The dashboard's business figures. Every order row is money taken (an order exists only once paid), a cancelled
 * one too until it is refunded; a refund counts on the UK day it was made, not its order's day (decision 0018), so a
 * period's figure is what came in and went out in it and never changes after the period is over.
 *
 * Each is read from what the database keeps as orders, lines and refunds are written (decision 0031): takings and
 * best sellers from hourly sums over the periods shown, the counts from tables and indexes of only the work in
 * hand. None of them reads the shop's history.
 */
export function dashboardFigures(db: Database, now: Date, lowStockThreshold: number): DashboardFigures {
  // Bun keeps each statement prepared by its text, so the dashboard prepares these once.
  const takenSince = db.query<{ pence: number }, [string]>(
    "SELECT COALESCE(SUM(paid_cents - refunded_cents), 0) AS pence FROM takings_by_hour WHERE hour >= ?",
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
  // A quoted order's lines all carry the quote's id as their product (decision 0014), so each is told apart by its
  // name: "2 × bracket" and "1 × design time" are two best-seller rows of 2 and 1, not one of 3 (decision 0027).
  // A row is named by the greatest name among its lines; an hour whose lines were all cancelled sold nothing.
  const bestSellers = db.query<BestSeller, [string]>(
    `SELECT product_id, MAX(product_name) AS name, SUM(units) AS units, SUM(amount_cents) AS amount_cents
     FROM sales_by_hour WHERE hour >= ? AND units > 0
     GROUP BY product_id, iif(quoted, product_name, NULL)
     ORDER BY units DESC, amount_cents DESC, name, product_id LIMIT ${BEST_SELLERS}`,
  );

  const periods = figurePeriods(now);
  const taken = (day: string) => takenSince.get(firstHourOf(day))!.pence;
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
    best_sellers: bestSellers.all(firstHourOf(periods.last_30_days)),
  };
}
