// Years of a shop's orders, written with the rows and in the steps the shop itself writes them: an order is
// inserted paid and queued with its lines and its first stage (as src/modules/checkout/fulfil.ts does), then moves
// through the workshop's stages, is fulfilled, sometimes cancelled and refunded (as the admin's stage, cancel and
// refund calls do). Each statement carries the moment it happened, days or years ago, which a checkout run now
// cannot give (SQLite stamps "now"): so every trigger the schema has (counts, summaries, search index) sees the
// history as it would have happened. The newest orders go through the real checkout (bench/large-shop.ts).
import type { Database } from "bun:sqlite";
import { addUkDays, ukToday } from "../shared/uk-day";
import { writeTransaction } from "../src/db/transaction";
import { newOrderId } from "../src/modules/orders/order-id";
import { type Person, pick, type Random } from "./people";

/** A product (or one of its variants) as an order line copies it. */
export type SellableLine = { productId: string; variantId: string | null; name: string; variantName: string | null; priceCents: number };

export type HistoryOptions = {
  /** How many orders, spread over three years before `until`. */
  count: number;
  until: Date;
  random: Random;
  /** The catalogue, most popular first (the first products sell far more often than the last). */
  catalogue: SellableLine[];
  people: Person[];
  /** Orders per transaction. */
  batch?: number;
  onProgress?: (written: number) => void;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
/** Share of the orders placed in each of the three years, oldest first: a growing shop whose last year is half of it. */
const YEAR_SHARES = [0.2, 0.3, 0.5];
/** Each stage after the one before it: at least this many hours later, and up to a day more. */
const STAGE_STEPS: readonly (readonly [stage: string, afterHours: number])[] = [
  ["printing", 4],
  ["finishing", 8],
  ["packed", 2],
  ["dispatched", 2],
];
const REFUND_REASONS = ["damaged", "not_as_described", "late", "other"] as const;
const DISCOUNTS = [
  ["WELCOME10", 10],
  ["SPRING15", 15],
  ["LOYAL20", 20],
] as const;

/** The moments of `count` orders over the three years before `until`, oldest first. */
function orderMoments(count: number, until: number, random: Random): number[] {
  const moments: number[] = [];
  const start = until - 3 * YEAR;
  let placed = 0;
  for (const [year, share] of YEAR_SHARES.entries()) {
    const inYear = year === YEAR_SHARES.length - 1 ? count - placed : Math.round(count * share);
    // The last year ends an hour before `until`: the newest orders are made by the real checkout after these.
    const span = year === YEAR_SHARES.length - 1 ? YEAR - HOUR : YEAR;
    for (let index = 0; index < inYear; index++) moments.push(start + year * YEAR + random() * span);
    placed += inYear;
  }
  return moments.sort((a, b) => a - b);
}

/** Writes `count` orders; answers how many were cancelled and how many refunds were made. */
export function writeOrderHistory(db: Database, options: HistoryOptions): { canceled: number; refunds: number; quoted: number } {
  const { count, until, random, catalogue, people, batch = 2_000, onProgress } = options;
  const iso = (at: number) => new Date(at).toISOString();
  const insertOrder = db.query(
    `INSERT INTO orders (id, status, created_at, updated_at, subtotal_cents, delivery_cents, discount_code, discount_cents, amount_cents,
       currency, email, shipping_name, shipping_line1, shipping_line2, shipping_city, shipping_postal_code, shipping_country,
       billing_name, billing_line1, billing_line2, billing_city, billing_postal_code, billing_country,
       payment_provider, payment_session_id, dispatch_by, stage)
     VALUES (?, 'paid', ?, ?, ?, ?, ?, ?, ?, 'gbp', ?, ?, ?, NULL, ?, ?, 'GB', ?, ?, NULL, ?, ?, 'GB', 'demo', ?, ?, 'queued')`,
  );
  const insertItem = db.query(
    "INSERT INTO order_items (order_id, product_id, variant_id, product_name, unit_price_cents, quantity, meta) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertStage = db.query("INSERT INTO order_stage_events (order_id, stage, at) VALUES (?, ?, ?)");
  const moveStage = db.query("UPDATE orders SET stage = ?, updated_at = ? WHERE id = ?");
  const fulfil = db.query(
    "UPDATE orders SET status = 'fulfilled', tracking_carrier = ?, tracking_number = ?, tracking_url = ?, updated_at = ? WHERE id = ?",
  );
  const cancel = db.query(
    "UPDATE orders SET status = 'canceled', stage = NULL, canceled_at = ?, updated_at = ?, restocked = 1 WHERE id = ?",
  );
  const restockItems = db.query("UPDATE order_items SET restocked = quantity WHERE order_id = ?");
  const insertRefund = db.query(
    "INSERT INTO refunds (id, order_id, amount_cents, reason, restocked, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );

  const moments = orderMoments(count, until.getTime(), random);
  const tally = { canceled: 0, refunds: 0, quoted: 0 };
  for (let from = 0; from < count; from += batch) {
    writeTransaction(db, () => {
      for (let index = from; index < Math.min(count, from + batch); index++) {
        const at = moments[index]!;
        const id = newOrderId();
        // A few customers come back often, most once or twice.
        const person = people[Math.floor(people.length * random() ** 1.6)]!;
        const quoted = random() < 0.01;
        const lines: { productId: string; variantId: string | null; name: string; price: number; quantity: number; meta: object }[] = [];
        if (quoted) {
          tally.quoted += 1;
          const quoteId = `Q-${index}`;
          const units = 1 + Math.floor(random() * 4);
          lines.push({
            productId: quoteId,
            variantId: null,
            name: `${units} × custom bracket`,
            price: 1800,
            quantity: units,
            meta: { quoteId },
          });
          if (random() < 0.5)
            lines.push({ productId: quoteId, variantId: null, name: "1 × design time", price: 2500, quantity: 1, meta: { quoteId } });
        } else {
          const lineCount = random() < 0.6 ? 1 : random() < 0.7 ? 2 : 3;
          for (let line = 0; line < lineCount; line++) {
            const sold = catalogue[Math.floor(catalogue.length * random() ** 2.2)]!;
            if (lines.some((taken) => taken.productId === sold.productId && taken.variantId === sold.variantId)) continue;
            lines.push({
              productId: sold.productId,
              variantId: sold.variantId,
              name: sold.name,
              price: sold.priceCents,
              quantity: random() < 0.75 ? 1 : random() < 0.7 ? 2 : 3,
              meta: sold.variantName ? { variantName: sold.variantName } : {},
            });
          }
        }
        const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
        const delivery = subtotal >= 5_000 ? 0 : 395;
        const discount = random() < 0.06 ? pick(random, DISCOUNTS) : null;
        const discountCents = discount ? Math.floor((subtotal * discount[1]) / 100) : 0;
        const amount = subtotal + delivery - discountCents;
        const placed = iso(at);
        insertOrder.run(
          id,
          placed,
          placed,
          subtotal,
          delivery,
          discount?.[0] ?? null,
          discountCents,
          amount,
          person.email,
          person.name,
          person.line1,
          person.city,
          person.postalCode,
          person.name,
          person.line1,
          person.city,
          person.postalCode,
          `cs_demo_history_${index}`,
          addUkDays(ukToday(new Date(at)), quoted ? 10 : 3),
        );
        for (const line of lines)
          insertItem.run(id, line.productId, line.variantId, line.name, line.price, line.quantity, JSON.stringify(line.meta));
        insertStage.run(id, "queued", placed);

        if (random() < 0.02) {
          // Cancelled within the day, its units back on the shelf and its money refunded.
          const canceledAt = at + (1 + random() * 10) * HOUR;
          if (canceledAt > until.getTime()) continue;
          cancel.run(iso(canceledAt), iso(canceledAt), id);
          restockItems.run(id);
          insertRefund.run(`rf_history_${index}`, id, amount, "other", "[]", `history_${index}`, iso(canceledAt));
          tally.canceled += 1;
          tally.refunds += 1;
          continue;
        }
        let last = at;
        for (const [stage, afterHours] of STAGE_STEPS) {
          const reached = last + (afterHours + random() * 24) * HOUR;
          if (reached > until.getTime()) break;
          last = reached;
          if (stage === "dispatched") {
            const tracked = random() < 0.8;
            const number = tracked ? `RM${String(Math.floor(random() * 1e9)).padStart(9, "0")}GB` : null;
            fulfil.run(
              tracked ? "Royal Mail" : null,
              number,
              number ? `https://www.royalmail.com/track-your-item#/tracking-results/${number}` : null,
              iso(reached),
              id,
            );
          }
          moveStage.run(stage, iso(reached), id);
          insertStage.run(id, stage, iso(reached));
          if (stage === "dispatched" && random() < 0.03) {
            // Now and then a part refund for one unit, a few days after it arrived.
            const refundedAt = reached + (3 + random() * 17) * DAY;
            if (refundedAt <= until.getTime()) {
              insertRefund.run(
                `rf_history_${index}`,
                id,
                lines[0]!.price,
                pick(random, REFUND_REASONS),
                "[]",
                `history_${index}`,
                iso(refundedAt),
              );
              tally.refunds += 1;
            }
          }
        }
      }
    });
    onProgress?.(Math.min(count, from + batch));
  }
  return tally;
}
