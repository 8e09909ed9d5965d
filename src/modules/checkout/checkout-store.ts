import type { Database } from "bun:sqlite";
import type { DiscountCodeName } from "../discount-codes/model";
import { createVoucherStore } from "../gift-vouchers/store";
import { MAX_CHECKOUT_UNITS } from "./model";
import type { PricedLine } from "./price-basket";
import { type HeldUnits, returnStock } from "./stock-hold";

export type CheckoutRow = {
  id: string;
  client_key: string | null;
  /** The browser's basket identity (Basket-Id header), or null. */
  basket_id: string | null;
  /** A keyed hash of the address that asked for it (src/http/address-hash.ts), or null. */
  holder: string | null;
  request_hash: string;
  provider: "stripe" | "demo";
  provider_session_id: string | null;
  payment_url: string | null;
  state: "creating" | "open" | "paid" | "expired" | "failed";
  hold: "held" | "released" | "sold";
  subtotal_cents: number;
  delivery_cents: number;
  /** The discount code this checkout was priced with (as normalised at the edge), and what it took off the subtotal. */
  discount_code: DiscountCodeName | null;
  discount_cents: number;
  /** A gift order's note card: its message and who it is from, or null (docs/decisions/0049-gift-orders.md). */
  gift_message: string | null;
  gift_from: string | null;
  /** The gift voucher paying part of it and how much that part is, held until paid (docs/decisions/0054-gift-vouchers.md). */
  voucher_id: string | null;
  voucher_cents: number;
  /** What the payment provider takes: subtotal − discount + delivery − the voucher's part. */
  amount_cents: number;
  currency: string;
  expires_at: string;
  /** The quote this checkout pays (docs/decisions/0014-quotes.md), or null for a basket's checkout. */
  quote_id: string | null;
  /** When the shopper started it: the dispatch date promised counts from here (docs/decisions/0015-working-days.md). */
  created_at: string;
};

type LineRow = {
  product_id: string;
  variant_id: string | null;
  product_name: string;
  variant_name: string | null;
  unit_price_cents: number;
  quantity: number;
  meta: string;
};

const COLUMNS = `id, client_key, basket_id, holder, request_hash, provider, provider_session_id, payment_url, state, hold,
  subtotal_cents, delivery_cents, discount_code, discount_cents, gift_message, gift_from, voucher_id, voucher_cents, amount_cents, currency, expires_at, quote_id, created_at`;

/** SQL for the checkouts and checkout_lines tables, in one place. */
export type CheckoutStore = ReturnType<typeof checkoutStore>;

export function checkoutStore(db: Database) {
  const vouchers = createVoucherStore(db);
  const byId = db.query<CheckoutRow, [string]>(`SELECT ${COLUMNS} FROM checkouts WHERE id = ?`);
  const bySession = db.query<CheckoutRow, [string]>(`SELECT ${COLUMNS} FROM checkouts WHERE provider_session_id = ?`);
  const byClientKey = db.query<CheckoutRow, [string]>(`SELECT ${COLUMNS} FROM checkouts WHERE client_key = ?`);
  const linesOf = db.query<LineRow, [string]>(
    `SELECT product_id, variant_id, product_name, variant_name, unit_price_cents, quantity, meta
     FROM checkout_lines WHERE checkout_id = ? ORDER BY id`,
  );
  const heldUnitsOf = db.query<{ units: number; ends: string | null }, [string]>(
    `SELECT COALESCE(SUM(l.quantity), 0) AS units, MIN(c.expires_at) AS ends
     FROM checkouts c JOIN checkout_lines l ON l.checkout_id = c.id
     WHERE c.holder = ? AND c.hold = 'held' AND c.state != 'paid'`,
  );
  const heldFromBasket = db.query<CheckoutRow, [string]>(
    `SELECT ${COLUMNS} FROM checkouts WHERE basket_id = ? AND hold = 'held' AND state IN ('creating', 'open')`,
  );
  const unitsHeldByBasket = db.query<HeldUnits, [string]>(
    `SELECT l.product_id AS productId, l.variant_id AS variantId, SUM(l.quantity) AS quantity
     FROM checkouts c JOIN checkout_lines l ON l.checkout_id = c.id
     WHERE c.basket_id = ? AND c.hold = 'held' AND c.state IN ('creating', 'open')
     GROUP BY l.product_id, l.variant_id ORDER BY l.product_id, l.variant_id LIMIT ${MAX_CHECKOUT_UNITS}`,
  );
  const openForQuote = db.query<CheckoutRow, [string]>(
    `SELECT ${COLUMNS} FROM checkouts WHERE quote_id = ? AND hold = 'held' AND state IN ('creating', 'open') ORDER BY expires_at DESC`,
  );
  const setState = db.query(
    `UPDATE checkouts SET state = ?, hold = ?, client_key = CASE WHEN ? = 1 THEN NULL ELSE client_key END,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
  );

  return {
    byId: (id: string) => byId.get(id),
    byClientKey: (key: string) => byClientKey.get(key),
    /** The checkout a payment session was opened for, from our own records only: no provider call. */
    bySession: (sessionId: string) => bySession.get(sessionId),
    /** Units this holder's unpaid checkouts hold right now, and when the first of those holds ends. */
    heldBy: (holder: string) => heldUnitsOf.get(holder) ?? { units: 0, ends: null },
    /** Unpaid checkouts of this basket that still hold stock: a newer checkout of the basket replaces them. */
    heldFromBasket: (basketId: string) => heldFromBasket.all(basketId),
    /** The units this basket's unpaid checkouts hold, by product and variant: what its next checkout gives back. */
    unitsHeldByBasket: (basketId: string) => unitsHeldByBasket.all(basketId),
    /** A quote's checkouts that can still be paid, the one ending last first. */
    openForQuote: (quoteId: string) => openForQuote.all(quoteId),
    /** The checkout a payment session belongs to; the metadata id covers a webhook that beats our own bookkeeping. */
    forSession(sessionId: string, checkoutId: string | null): CheckoutRow | null {
      const found = bySession.get(sessionId);
      if (found) return found;
      const byMeta = checkoutId ? byId.get(checkoutId) : null;
      return byMeta && byMeta.provider_session_id === null ? byMeta : null;
    },
    lines(checkoutId: string): PricedLine[] {
      return linesOf.all(checkoutId).map((line) => ({
        productId: line.product_id,
        variantId: line.variant_id,
        productName: line.product_name,
        variantName: line.variant_name,
        unitPriceCents: line.unit_price_cents,
        quantity: line.quantity,
        meta: JSON.parse(line.meta) as PricedLine["meta"],
      }));
    },
    insert(row: Omit<CheckoutRow, "provider_session_id" | "payment_url" | "state" | "hold" | "created_at">, lines: PricedLine[]): void {
      db.query(
        `INSERT INTO checkouts (id, client_key, basket_id, holder, request_hash, provider, subtotal_cents, delivery_cents,
           discount_code, discount_cents, gift_message, gift_from, voucher_id, voucher_cents, amount_cents, currency, expires_at, quote_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        row.id,
        row.client_key,
        row.basket_id,
        row.holder,
        row.request_hash,
        row.provider,
        row.subtotal_cents,
        row.delivery_cents,
        row.discount_code,
        row.discount_cents,
        row.gift_message,
        row.gift_from,
        row.voucher_id,
        row.voucher_cents,
        row.amount_cents,
        row.currency,
        row.expires_at,
        row.quote_id,
      );
      const insertLine = db.query(
        `INSERT INTO checkout_lines (checkout_id, product_id, variant_id, product_name, variant_name, unit_price_cents, quantity, meta)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const line of lines) {
        insertLine.run(
          row.id,
          line.productId,
          line.variantId,
          line.productName,
          line.variantName,
          line.unitPriceCents,
          line.quantity,
          JSON.stringify(line.meta),
        );
      }
    },
    /** Records the provider's session; false when the checkout ended meanwhile (replaced by a newer one). */
    opened(id: string, sessionId: string, url: string): boolean {
      return (
        db
          .query(
            `UPDATE checkouts SET provider_session_id = ?, payment_url = ?, state = 'open',
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND state = 'creating'`,
          )
          .run(sessionId, url, id).changes === 1
      );
    },
    markPaid(id: string, sessionId: string): void {
      setState.run("paid", "sold", 1, id);
      db.query("UPDATE checkouts SET provider_session_id = ? WHERE id = ? AND provider_session_id IS NULL").run(sessionId, id);
    },
    markPaidWithoutStock(id: string, sessionId: string): void {
      setState.run("paid", "released", 1, id);
      db.query("UPDATE checkouts SET provider_session_id = ? WHERE id = ? AND provider_session_id IS NULL").run(sessionId, id);
    },
    /**
     * Puts a checkout's held units back on the shelf, once: a second call (a
     * replayed event, the sweep after the event) finds the hold gone and does nothing.
     */
    release(checkout: CheckoutRow, state: "expired" | "failed"): boolean {
      const current = byId.get(checkout.id);
      if (current?.hold !== "held" || current.state === "paid") return false;
      returnStock(db, unitsOf(this.lines(checkout.id)));
      // The voucher's part goes back on the voucher with the stock (docs/decisions/0054-gift-vouchers.md).
      if (current.voucher_id !== null) vouchers.release(checkout.id);
      setState.run(state, "released", 1, checkout.id);
      return true;
    },
    /** Held checkouts past their end, oldest first. */
    heldPast(isoTime: string, limit: number): CheckoutRow[] {
      return db
        .query<CheckoutRow, [string, number]>(
          `SELECT ${COLUMNS} FROM checkouts WHERE hold = 'held' AND state != 'paid' AND expires_at < ? ORDER BY expires_at LIMIT ?`,
        )
        .all(isoTime, limit);
    },
  };
}

export function unitsOf(lines: PricedLine[]): HeldUnits[] {
  return lines.map((line) => ({ productId: line.productId, variantId: line.variantId, quantity: line.quantity }));
}
