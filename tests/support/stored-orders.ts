import type { Database } from "bun:sqlite";

export type StoredOrder = {
  id: string;
  createdAt: string;
  name?: string;
  email?: string;
  postcode?: string;
  status?: "paid" | "fulfilled" | "canceled";
  subtotalCents?: number;
  deliveryCents?: number;
  discountCents?: number;
  /** `meta` as checkout writes it: a quoted order's lines carry `{ quoteId }`. */
  items?: { productId: string; name: string; unitPriceCents: number; quantity: number; meta?: Record<string, unknown> }[];
};

type StoredLine = NonNullable<StoredOrder["items"]>[number];

/** One of a stored order's lines; a quoted one carries its quote as checkout writes it. */
export const storedLine = (productId: string, name: string, quantity: number, unitPriceCents: number, quoteId?: string): StoredLine => ({
  productId,
  name,
  quantity,
  unitPriceCents,
  meta: quoteId ? { quoteId } : {},
});

let sessions = 0;

/**
 * An order as a payment leaves it, written straight into the real database with the moment it was made: takings,
 * exports and searches are about orders on chosen days, which a checkout made now cannot give.
 */
export function storeOrder(db: Database, order: StoredOrder): void {
  const items = order.items ?? [{ productId: "feeder", name: "Bird feeder", unitPriceCents: order.subtotalCents ?? 2000, quantity: 1 }];
  const subtotal = order.subtotalCents ?? items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
  const delivery = order.deliveryCents ?? 500;
  const discount = order.discountCents ?? 0;
  sessions += 1;
  db.query(
    `INSERT INTO orders (id, status, created_at, updated_at, subtotal_cents, delivery_cents, discount_cents, amount_cents, email,
       shipping_name, shipping_postal_code, payment_provider, payment_session_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'demo', ?)`,
  ).run(
    order.id,
    order.status ?? "paid",
    order.createdAt,
    order.createdAt,
    subtotal,
    delivery,
    discount,
    subtotal + delivery - discount,
    order.email ?? "shopper@example.test",
    order.name ?? "Sam Shopper",
    order.postcode ?? "SW1A 1AA",
    `demo_stored_${sessions}`,
  );
  for (const item of items) {
    db.query(
      "INSERT INTO order_items (order_id, product_id, product_name, unit_price_cents, quantity, meta) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(order.id, item.productId, item.name, item.unitPriceCents, item.quantity, JSON.stringify(item.meta ?? {}));
  }
}

/** A refund the provider agreed to, made at a chosen moment. */
export function storeRefund(db: Database, orderId: string, amountCents: number, createdAt: string): void {
  sessions += 1;
  db.query("INSERT INTO refunds (id, order_id, amount_cents, reason, idempotency_key, created_at) VALUES (?, ?, ?, 'other', ?, ?)").run(
    `rf_stored_${sessions}`,
    orderId,
    amountCents,
    `stored_${sessions}`,
    createdAt,
  );
}

/**
 * `count` orders through the UTC days of `year`, one every few minutes from 1 January (so the days' order is
 * the references' order: ORD-Y0000001 first), stored in one transaction: a shop with a long history in a blink.
 */
export function storeYearOfOrders(db: Database, year: number, count: number): string[] {
  const start = Date.UTC(year, 0, 1);
  const step = Math.floor((Date.UTC(year + 1, 0, 1) - start) / count);
  const ids = Array.from({ length: count }, (_, n) => `ORD-Y${String(n + 1).padStart(7, "0")}`);
  db.transaction(() => {
    ids.forEach((id, n) => {
      storeOrder(db, { id, createdAt: new Date(start + n * step).toISOString(), name: `Shopper ${n + 1}` });
    });
  })();
  return ids;
}
