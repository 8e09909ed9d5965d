import type { Database } from "bun:sqlite";
import type { Order, OrderItem, OrderItemMeta, OrderRefund } from "./model";
import type { ProductionRecords } from "./production";
import { removedFilesOf } from "./removed-files";
import type { OrderStore } from "./store";

export type OrderService = ReturnType<typeof createOrderService>;

/** Reads orders (through the order store). Who may see which order is decided by the routes (see index.ts). */
export function createOrderService(db: Database, orders: OrderStore, production: ProductionRecords) {
  const refundsOf = db.query<OrderRefund, [string]>(
    "SELECT amount_cents, reason, note, created_at AS at FROM refunds WHERE order_id = ? ORDER BY created_at, rowid",
  );
  const removedFiles = removedFilesOf(db);

  return {
    getOrder(id: string): Order | null {
      const row = orders.row(id);
      if (!row) return null;
      const items: OrderItem[] = orders.items(id).map((item) => ({ ...item, meta: JSON.parse(item.meta) as OrderItemMeta }));
      const refunds = refundsOf.all(id);
      const refunded_cents = refunds.reduce((sum, refund) => sum + refund.amount_cents, 0);
      const { gift_message, gift_from, ...fields } = row;
      return {
        ...fields,
        gift: gift_message === null ? null : { message: gift_message, from: gift_from },
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
