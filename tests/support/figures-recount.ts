import type { Database } from "bun:sqlite";
import { ukDayStart } from "../../shared/uk-day";
import { BEST_SELLERS } from "../../src/modules/admin-orders/best-sellers";
import { type DashboardFigures, figurePeriods } from "../../src/modules/admin-orders/dashboard-figures";
import { TO_DISPATCH } from "../../src/modules/orders/model";

/**
 * The dashboard's figures counted again from every order, line and refund: the full-scan queries the dashboard ran
 * before it read the summaries the database keeps (migrations/0026_dashboard_figures.sql, decision 0031). Kept
 * here, in the tests, as the answer the kept figures must equal to the penny; never run by the shop.
 */
export function recountFigures(db: Database, now: Date, lowStockThreshold: number): DashboardFigures {
  const periods = figurePeriods(now);
  const takenSince = db.query<{ pence: number }, [string, string]>(
    `SELECT (SELECT COALESCE(SUM(amount_cents), 0) FROM orders WHERE created_at >= ?1)
          - (SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE created_at >= ?2) AS pence`,
  );
  const taken = (day: string) => takenSince.get(ukDayStart(day), ukDayStart(day))!.pence;
  return {
    takings: {
      today: taken(periods.today),
      last_7_days: taken(periods.last_7_days),
      last_30_days: taken(periods.last_30_days),
      last_12_months: taken(periods.last_12_months),
    },
    ...db
      .query<{ to_dispatch: number; awaiting_reply: number }, []>(
        `SELECT (SELECT COUNT(*) FROM orders WHERE ${TO_DISPATCH}) AS to_dispatch,
           (SELECT COUNT(*) FROM custom_requests NOT INDEXED WHERE status = 'open') AS awaiting_reply`,
      )
      .get()!,
    low_stock_threshold: lowStockThreshold,
    low_stock: db
      .query<DashboardFigures["low_stock"][number], [number]>(
        `SELECT p.id AS product_id, NULL AS variant_id, p.name, p.stock FROM products p NOT INDEXED
           WHERE p.stock IS NOT NULL AND p.stock <= ?1 AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
         UNION ALL
         SELECT v.product_id, v.id, p.name || ' – ' || v.name, v.stock FROM product_variants v NOT INDEXED JOIN products p ON p.id = v.product_id
           WHERE v.stock IS NOT NULL AND v.stock <= ?1
         ORDER BY stock, name`,
      )
      .all(lowStockThreshold),
    best_sellers: db
      .query<DashboardFigures["best_sellers"][number], [string]>(
        // product_id last only settles rows equal in everything the dashboard orders by, which SQL leaves in any order.
        `SELECT i.product_id, MAX(i.product_name) AS name, SUM(i.quantity) AS units, SUM(i.quantity * i.unit_price_cents) AS amount_cents
         FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.created_at >= ? AND o.status != 'canceled'
         GROUP BY i.product_id, CASE WHEN json_extract(i.meta, '$.quoteId') IS NULL THEN NULL ELSE i.product_name END
         ORDER BY units DESC, amount_cents DESC, name, i.product_id LIMIT ${BEST_SELLERS}`,
      )
      .all(ukDayStart(periods.last_30_days)),
  };
}

export type ExportCells = { id: string; items: string | null; refunded_cents: number };

/**
 * The orders export's Items and Refunded cells counted again from every line and refund, as the export read them
 * before the order kept them (migrations/0044_export_cells_kept.sql): the answer the kept cells must equal.
 */
export function recountExportCells(db: Database): ExportCells[] {
  return db
    .query<ExportCells, []>(
      `SELECT o.id,
         (SELECT group_concat(i.quantity || ' × ' || i.product_name
             || COALESCE(' (' || json_extract(i.meta, '$.variantName') || ')', ''), '; ')
          FROM (SELECT * FROM order_items WHERE order_id = o.id ORDER BY id) i) AS items,
         COALESCE((SELECT SUM(amount_cents) FROM refunds WHERE order_id = o.id), 0) AS refunded_cents
       FROM orders o ORDER BY o.id`,
    )
    .all();
}

/** The cells the orders keep for the export, in the same shape as the recount. */
export function keptExportCells(db: Database): ExportCells[] {
  return db.query<ExportCells, []>("SELECT id, items_text AS items, refunded_cents FROM orders ORDER BY id").all();
}
