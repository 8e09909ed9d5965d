import type { Database } from "bun:sqlite";
import type { OrderProduction } from "../../../shared/order-stages";
import type { Order, OrderItem, OrderItemMeta, OrderRefund } from "./model";
import { orderProduction } from "./production";
import { removedFilesOf } from "./removed-files";

type OrderRow = Omit<
  Order,
  "items" | "refund_required" | "discount_over_limit" | "refunded_cents" | "refunds" | "removed_files" | keyof OrderProduction
> & {
  refund_required: number;
  discount_over_limit: number;
};
type ItemRow = { product_id: string; product_name: string; unit_price_cents: number; quantity: number; restocked: number; meta: string };

/**
 * tracking_notified_at is when the newest tracking email really left the shop,
 * read from the outbox: queued or unsent emails never count (issue 11 point 10;
 * migration 0008 dropped the column that was stamped at queue time).
 */
export function trackingNotifiedAt(ordersTable: string): string {
  return `(SELECT MAX(e.sent_at) FROM email_outbox e
    WHERE e.order_id = ${ordersTable}.id AND e.kind = 'tracking' AND e.status = 'sent') AS tracking_notified_at`;
}

const ORDER_COLUMNS = `id, status, created_at, amount_cents, subtotal_cents, delivery_cents, discount_code, discount_cents, currency, email,
  shipping_name, shipping_line1, shipping_line2, shipping_city, shipping_postal_code, shipping_country,
  billing_name, billing_line1, billing_line2, billing_city, billing_postal_code, billing_country,
  tracking_carrier, tracking_number, tracking_url, ${trackingNotifiedAt("orders")}, payment_session_id, refund_required, discount_over_limit`;

export type OrderService = ReturnType<typeof createOrderService>;

/** Reads orders. Who may see which order is decided by the routes (see index.ts). */
export function createOrderService(db: Database) {
  const orderById = db.query<OrderRow, [string]>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`);
  const production = orderProduction(db);
  const refundsOf = db.query<OrderRefund, [string]>(
    "SELECT amount_cents, reason, note, created_at AS at FROM refunds WHERE order_id = ? ORDER BY created_at, rowid",
  );
  const removedFiles = removedFilesOf(db);
  const itemsOf = db.query<ItemRow, [string]>(
    "SELECT product_id, product_name, unit_price_cents, quantity, restocked, meta FROM order_items WHERE order_id = ? ORDER BY id",
  );

  return {
    getOrder(id: string): Order | null {
      const row = orderById.get(id);
      if (!row) return null;
      const items: OrderItem[] = itemsOf.all(id).map((item) => ({ ...item, meta: JSON.parse(item.meta) as OrderItemMeta }));
      const refunds = refundsOf.all(id);
      const refunded_cents = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
      return {
        ...row,
        refund_required: row.refund_required === 1,
        discount_over_limit: row.discount_over_limit === 1,
        refunded_cents,
        refunds,
        items,
        ...production.of(id),
        removed_files: removedFiles(id),
      };
    },
  };
}

/** Postcodes match ignoring case and spaces: "sw1a 1aa" is "SW1A1AA". */
export function samePostcode(a: string | null, b: string | null): boolean {
  const normal = (code: string | null) => (code ?? "").replace(/\s+/g, "").toUpperCase();
  return normal(a) !== "" && normal(a) === normal(b);
}
