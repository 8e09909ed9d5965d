import type { Database } from "bun:sqlite";
import { addUkDays, ukDayStart, ukToday } from "../../../shared/uk-day";
import { TO_DISPATCH } from "../orders/model";

/** Pence taken in each period: orders paid in it minus refunds made in it. */
type Takings = { today: number; last_7_days: number; last_30_days: number; last_12_months: number };
type LowStockItem = { product_id: string; variant_id: string | null; name: string; stock: number };
type BestSeller = { product_id: string; name: string; units: number; amount_cents: number };

/** What issue 15 adds to the dashboard beside the spec's counts. */
export type DashboardFigures = {
  takings: Takings;
  to_dispatch: number;
  awaiting_reply: number;
  low_stock_threshold: number;
  low_stock: LowStockItem[];
  best_sellers: BestSeller[];
};

const BEST_SELLERS = 5;

/**
 * A quoted order's lines all carry the quote's id as their product (decision 0014), so each is told apart by its
 * description: "2 × bracket" and "1 × design time" are two best-seller rows of 2 and 1, not one of 3 (decision 0027).
 */
const QUOTED_LINE_NAME = "CASE WHEN json_extract(i.meta, '$.quoteId') IS NULL THEN NULL ELSE i.product_name END";

/**
 * The dashboard's business figures. Every order row is money taken (an order exists only once paid), a cancelled
 * one too until it is refunded; a refund counts on the UK day it was made, not its order's day (decision 0018), so a
 * period's figure is what came in and went out in it and never changes after the period is over.
 */
export function dashboardFigures(db: Database, now: Date, lowStockThreshold: number): DashboardFigures {
  const today = ukToday(now);
  const since = (day: string) => ukDayStart(day);
  const takenSince = db.query<{ pence: number }, [string, string]>(
    `SELECT (SELECT COALESCE(SUM(amount_cents), 0) FROM orders WHERE created_at >= ?1)
          - (SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE created_at >= ?2) AS pence`,
  );
  const taken = (day: string) => takenSince.get(since(day), since(day))!.pence;
  // A rolling year ends today: it starts on the day after this date a year ago (HMRC's "last 12 months").
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const counts = db
    .query<{ to_dispatch: number; awaiting_reply: number }, []>(
      `SELECT (SELECT COUNT(*) FROM orders WHERE ${TO_DISPATCH}) AS to_dispatch,
         (SELECT COUNT(*) FROM custom_requests WHERE status = 'open') AS awaiting_reply`,
    )
    .get()!;
  return {
    takings: {
      today: taken(today),
      last_7_days: taken(addUkDays(today, -6)),
      last_30_days: taken(addUkDays(today, -29)),
      last_12_months: taken(addUkDays(yearAgo.endsWith("02-29") ? `${yearAgo.slice(0, 8)}28` : yearAgo, 1)),
    },
    ...counts,
    low_stock_threshold: lowStockThreshold,
    low_stock: db
      .query<LowStockItem, [number]>(
        // A product with variants keeps its stock on the variants; one without keeps it on itself. NULL is unlimited.
        `SELECT p.id AS product_id, NULL AS variant_id, p.name, p.stock FROM products p
           WHERE p.stock IS NOT NULL AND p.stock <= ?1 AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
         UNION ALL
         SELECT v.product_id, v.id, p.name || ' – ' || v.name, v.stock FROM product_variants v JOIN products p ON p.id = v.product_id
           WHERE v.stock IS NOT NULL AND v.stock <= ?1
         ORDER BY stock, name`,
      )
      .all(lowStockThreshold),
    best_sellers: db
      .query<BestSeller, [string]>(
        `SELECT i.product_id, MAX(i.product_name) AS name, SUM(i.quantity) AS units, SUM(i.quantity * i.unit_price_cents) AS amount_cents
         FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.created_at >= ? AND o.status != 'canceled'
         GROUP BY i.product_id, ${QUOTED_LINE_NAME} ORDER BY units DESC, amount_cents DESC, name LIMIT ${BEST_SELLERS}`,
      )
      .all(since(addUkDays(today, -29))),
  };
}
