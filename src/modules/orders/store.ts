import type { Database, Statement } from "bun:sqlite";
import type { OrderProduction, OrderStage } from "../../../shared/order-stages";
import type { MomentPosition } from "../../http/page-cursor";
import type { Order } from "./model";

/**
 * The one store of the `orders` table and its `order_items`, built once in src/deps.ts and handed to every
 * service that reads or writes an order (docs/decisions/0030-order-store-paging-and-search.md). Every statement
 * on them is here, prepared once; the services keep the rules. The dashboard's figures and the CSV export still
 * carry their own SQL (admin-orders/dashboard-figures.ts, admin-orders/orders-export.ts) until they move here.
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * An order waiting to go out (SQL on `orders`): paid and not yet dispatched, and not a late payment flagged for
 * refund, which the shop gives back rather than packs, nor one whose every unit went back on the shelf (decision
 * 0024). The dashboard counts these and the packing slips print them.
 */
export const TO_DISPATCH = `status = 'paid' AND refund_required = 0
  AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = orders.id AND i.quantity > i.restocked)`;

/**
 * tracking_notified_at is when the newest tracking email really left the shop, read from the outbox: queued or
 * unsent emails never count (migration 0008 dropped the column that was stamped at queue time).
 */
const trackingNotifiedAt = (table: string) => `(SELECT MAX(e.sent_at) FROM email_outbox e
    WHERE e.order_id = ${table}.id AND e.kind = 'tracking' AND e.status = 'sent') AS tracking_notified_at`;

const ORDER_COLUMNS = `id, status, created_at, amount_cents, subtotal_cents, delivery_cents, discount_code, discount_cents, gift_message, gift_from, voucher_cents, currency, email,
  shipping_name, shipping_line1, shipping_line2, shipping_city, shipping_postal_code, shipping_country,
  billing_name, billing_line1, billing_line2, billing_city, billing_postal_code, billing_country,
  tracking_carrier, tracking_number, tracking_url, ${trackingNotifiedAt("orders")}, payment_session_id, refund_required, discount_over_limit`;

/** One order's own columns, as stored (flags as 0 or 1). */
export type OrderRow = Omit<
  Order,
  "items" | "gift" | "refund_required" | "discount_over_limit" | "refunded_cents" | "refunds" | "removed_files" | keyof OrderProduction
> & {
  /** The gift note as stored (docs/decisions/0049-gift-orders.md): a message makes the order a gift. */
  gift_message: string | null;
  gift_from: string | null;
  refund_required: number;
  discount_over_limit: number;
};
export type ItemRow = {
  product_id: string;
  product_name: string;
  unit_price_cents: number;
  quantity: number;
  restocked: number;
  meta: string;
};
/** A line with what the shelf rule needs (decision 0024). */
export type ShelfLine = {
  id: number;
  product_id: string;
  variant_id: string | null;
  product_name: string;
  quantity: number;
  restocked: number;
  refund_required: number;
};
export type ProductionFields = { stage: OrderStage | null; dispatch_by: string | null };
export type OwnerFields = ProductionFields & {
  status: string;
  restocked: number;
  refund_required: number;
  canceled_at: string | null;
  payment_provider: string;
  /** The payment's fee and what the shop received, null while not known (docs/decisions/0050-money-that-reconciles.md). */
  fee_cents: number | null;
  net_cents: number | null;
  fee_source: "stripe" | "demo" | null;
  balance_transaction: string | null;
};
export type OrderMoney = {
  amount_cents: number;
  payment_provider: string;
  payment_session_id: string;
  refund_required: number;
  email: string | null;
};
export type QueueRow = ProductionFields & {
  id: string;
  created_at: string;
  shipping_name: string | null;
  email: string | null;
  gift_message: string | null;
  gift_from: string | null;
  /** The order's rowid: the tie-break of the queue's order, carried into the next cursor. */
  queue_rowid: number;
};
/** Where a page of the "To make" queue starts: after the order promised for `dispatchBy`, made at `createdAt`, with `rowid`. */
export type QueuePosition = { dispatchBy: string | null; createdAt: string; rowid: number };
export type QueueItemRow = { order_id: string; product_id: string; product_name: string; quantity: number; meta: string };

/**
 * One row of the owner's list as stored: the fields the list shows (the one place they are listed;
 * `AdminOrderSummary` in admin-orders/model.ts is this row as the owner reads it), its stage facts, and where it
 * sits in the list.
 */
export type SummaryRow = {
  id: string;
  status: string;
  created_at: string;
  amount_cents: number;
  currency: string;
  email: string | null;
  shipping_name: string | null;
  shipping_postal_code: string | null;
  item_count: number;
  refund_required: number;
  tracking_carrier: string | null;
  tracking_number: string | null;
  tracking_notified_at: string | null;
  payment_session_id: string;
  stage: OrderStage | null;
  dispatch_by: string | null;
  /** 1 for a gift order (docs/decisions/0049-gift-orders.md): the list marks it "Gift". */
  gift: number;
  /** The order's rowid: the tie-break of the list's order, carried into the next cursor. */
  list_rowid: number;
};

/** Where a page starts: after the order made at `createdAt` with `rowid` (the last one of the page before). */
export type ListPosition = MomentPosition;
/**
 * What the owner searched for, as FTS5 queries: `text` over order_search (reference, name, email, postcode) and
 * `postcode` over order_postcode_search (the postcode as capitals without spaces), null when there is none to ask.
 */
export type Search = { text: string; postcode: string | null };
/** Which orders the list shows: the search's matches, and a status. */
export type ListFilter = { search?: Search; status?: string };

export type NewOrder = {
  id: string;
  subtotal_cents: number;
  delivery_cents: number;
  discount_code: string | null;
  discount_cents: number;
  gift_message: string | null;
  gift_from: string | null;
  /** What a gift voucher paid (docs/decisions/0054-gift-vouchers.md); 0 without one. Left out by older callers. */
  voucher_cents?: number;
  amount_cents: number;
  currency: string;
  email: string | null;
  shipping: (string | null)[];
  billing: (string | null)[];
  payment_provider: string;
  payment_session_id: string;
  refund_required: boolean;
  discount_over_limit: boolean;
  dispatch_by: string | null;
  /**
   * The fee when known at payment: the demo checkout's, worked out at the published rate, or none on an order nothing
   * was charged for (a gift voucher paid it all). A Stripe payment's fee is read later by the fees job.
   */
  fee?: { feePence: number; netPence: number; source: "stripe" | "demo" } | null;
};
export type NewItem = {
  product_id: string;
  variant_id: string | null;
  product_name: string;
  unit_price_cents: number;
  quantity: number;
  meta: string;
};

export type OrderStore = ReturnType<typeof createOrderStore>;

const SUMMARY_COLUMNS = `o.id, o.status, o.created_at, o.amount_cents, o.currency, o.email, o.shipping_name, o.shipping_postal_code,
  COALESCE((SELECT SUM(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0) AS item_count,
  o.refund_required, o.tracking_carrier, o.tracking_number, ${trackingNotifiedAt("o")}, o.payment_session_id,
  o.stage, o.dispatch_by, o.gift_message IS NOT NULL AS gift, o.rowid AS list_rowid`;
/**
 * Of the orders named (a JSON array of ids), those whose stage is dispatched and whose latest move there came before
 * ?1: each read by its key, so the cost follows the orders asked about, never every order dispatched in the shop's
 * history (docs/decisions/0059-every-list-bounded.md).
 */
export const DISPATCHED_BEFORE_SQL = `SELECT o.id FROM orders o
  WHERE o.id IN (SELECT value FROM json_each(?2)) AND o.stage = 'dispatched'
    AND (SELECT MAX(e.at) FROM order_stage_events e WHERE e.order_id = o.id AND e.stage = 'dispatched') < ?1`;

/** Newest first; `orders_newest` and `orders_newest_by_status` (migration 0025) give this order walked backwards. */
const NEWEST_FIRST = "ORDER BY o.created_at DESC, o.rowid DESC";
const AFTER = "(o.created_at, o.rowid) < (?1, ?2)";
/** The rowids of the orders a search matches: either index finding it is a match (migration 0029). */
const matchedRowids = (text: string, postcode: string) =>
  `SELECT rowid FROM order_search WHERE order_search MATCH ${text}
   UNION SELECT rowid FROM order_postcode_search WHERE ${postcode} IS NOT NULL AND order_postcode_search MATCH ${postcode}`;
/** A search with few matches: their rowids were read once (a JSON array) and the page is made of them. */
const AMONG = "o.rowid IN (SELECT value FROM json_each(?4))";
/** A search with many: the indexes are asked once for the set, which the walk of the list's index keeps to. */
const MATCHED = `o.rowid IN (${matchedRowids("?4", "?6")})`;

/**
 * The list's SQL, one statement per shape of request, so each keeps a plan that walks an index in the list's order
 * and never sorts the table (tests/unit/order-list-migration.test.ts reads their plans). ?1, ?2: the position
 * after which the page starts; ?3: the status; ?4: the matches' rowids, or the search's text; ?5: how many rows;
 * ?6: the search's postcode.
 */
export function listQueries() {
  const where = (terms: string[]) => (terms.length > 0 ? `WHERE ${terms.join(" AND ")}` : "");
  const page = (terms: string[]) => `SELECT ${SUMMARY_COLUMNS} FROM orders o ${where(terms)} ${NEWEST_FIRST} LIMIT ?5`;
  // A search with few matches is driven by them (read once from the FTS indexes): it sorts only the matched orders'
  // keys, keeping the top page, and reads the summaries of that page alone.
  const matched = (terms: string[]) =>
    `SELECT ${SUMMARY_COLUMNS} FROM (SELECT o.rowid AS hit FROM orders o ${where(terms)} ${NEWEST_FIRST} LIMIT ?5) AS page
     JOIN orders o ON o.rowid = page.hit ${NEWEST_FIRST}`;
  // A search that matches many of the orders walks the list's index instead, keeping the orders in the set of
  // matches (built once from the FTS index): the page fills after about a page's worth over their share.
  const walked = (terms: string[]) =>
    `SELECT ${SUMMARY_COLUMNS} FROM orders o INDEXED BY orders_newest ${where(terms)} ${NEWEST_FIRST} LIMIT ?5`;
  const status = "o.status = ?3";
  const anyStatus = "(?3 IS NULL OR o.status = ?3)";
  return {
    first: page([]),
    after: page([AFTER]),
    firstWithStatus: page([status]),
    afterWithStatus: page([status, AFTER]),
    firstMatched: matched([AMONG, anyStatus]),
    afterMatched: matched([AMONG, anyStatus, AFTER]),
    firstMatchedWalked: walked([MATCHED, anyStatus]),
    afterMatchedWalked: walked([MATCHED, anyStatus, AFTER]),
  };
}

type ListArguments = [string | null, number | null, string | null, string | null, number];
/** The walked search's statements take the search's postcode as ?6 too. */
type ListStatementArguments = ListArguments | [...ListArguments, string | null];

export function createOrderStore(db: Database) {
  const exists = db.query<{ id: string }, [string]>("SELECT id FROM orders WHERE id = ?");
  const byId = db.query<OrderRow, [string]>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`);
  const itemsOf = db.query<ItemRow, [string]>(
    "SELECT product_id, product_name, unit_price_cents, quantity, restocked, meta FROM order_items WHERE order_id = ? ORDER BY id",
  );
  const productionOf = db.query<ProductionFields, [string]>("SELECT stage, dispatch_by FROM orders WHERE id = ?");
  const ownerOf = db.query<OwnerFields, [string]>(
    `SELECT status, stage, dispatch_by, restocked, refund_required, canceled_at, payment_provider,
       fee_cents, net_cents, fee_source, balance_transaction FROM orders WHERE id = ?`,
  );
  const moneyOf = db.query<OrderMoney, [string]>(
    "SELECT amount_cents, payment_provider, payment_session_id, refund_required, email FROM orders WHERE id = ?",
  );
  const insertOrder = db.query<{ created_at: string }, (string | number | null)[]>(
    `INSERT INTO orders (id, status, subtotal_cents, delivery_cents, discount_code, discount_cents, gift_message, gift_from, voucher_cents, amount_cents, currency, email,
       shipping_name, shipping_line1, shipping_line2, shipping_city, shipping_postal_code, shipping_country,
       billing_name, billing_line1, billing_line2, billing_city, billing_postal_code, billing_country,
       payment_provider, payment_session_id, refund_required, discount_over_limit, dispatch_by, fee_cents, net_cents, fee_source)
     VALUES (?, 'paid', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING created_at`,
  );
  const insertItem = db.query<unknown, [string, string, string | null, string, number, number, string]>(
    `INSERT INTO order_items (order_id, product_id, variant_id, product_name, unit_price_cents, quantity, meta)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const setStage = db.query<unknown, [OrderStage | null, string]>(`UPDATE orders SET stage = ?, updated_at = ${NOW} WHERE id = ?`);
  const setDispatchBy = db.query<unknown, [string, string]>(`UPDATE orders SET dispatch_by = ?, updated_at = ${NOW} WHERE id = ?`);
  const feesUnknown = db.query<{ id: string; payment_session_id: string }, [number]>(
    `SELECT id, payment_session_id FROM orders WHERE fee_source IS NULL AND payment_provider = 'stripe'
     ORDER BY created_at LIMIT ?`,
  );
  const recordFee = db.query<unknown, [number, number, string | null, string]>(
    `UPDATE orders SET fee_cents = ?, net_cents = ?, fee_source = 'stripe', balance_transaction = ?
     WHERE id = ? AND fee_source IS NULL`,
  );
  const flagRefund = db.query<unknown, [string]>("UPDATE orders SET refund_required = 1 WHERE id = ?");
  const setTracking = db.query<unknown, [string, string, string | null, string]>(
    `UPDATE orders SET tracking_carrier = ?, tracking_number = ?, tracking_url = ?, status = 'fulfilled', updated_at = ${NOW} WHERE id = ?`,
  );
  const setCanceled = db.query<unknown, [number, string]>(
    `UPDATE orders SET status = 'canceled', canceled_at = ${NOW}, restocked = ?, updated_at = ${NOW} WHERE id = ?`,
  );
  const setStatus = db.query<unknown, [string, string]>(`UPDATE orders SET status = ?, updated_at = ${NOW} WHERE id = ?`);
  const shelfLines = db.query<ShelfLine, [string]>(
    `SELECT i.id, i.product_id, i.variant_id, i.product_name, i.quantity, i.restocked, o.refund_required
     FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.order_id = ? ORDER BY i.id`,
  );
  const raiseRestocked = db.query<unknown, [number, number]>("UPDATE order_items SET restocked = restocked + ? WHERE id = ?");
  // The nth line of an order (counting from 0, in the order the lines were written).
  const setLineMeta = db.query<unknown, [string, string, number]>(
    "UPDATE order_items SET meta = ? WHERE id = (SELECT id FROM order_items WHERE order_id = ? ORDER BY id LIMIT 1 OFFSET ?)",
  );
  // The queue: paid orders not dispatched, soonest promise first and none last, a page at a time. Its orders are read
  // through orders_newest_by_status (status = 'paid': the work in hand) and only they are sorted (decision 0037).
  const queueOf = (after: string) =>
    `SELECT id, created_at, shipping_name, email, gift_message, gift_from, stage, dispatch_by, rowid AS queue_rowid FROM orders
     WHERE status = 'paid' AND stage IS NOT NULL AND stage <> 'dispatched' AND (?1 IS NULL OR stage = ?1) ${after}
     ORDER BY dispatch_by IS NULL, dispatch_by, created_at, rowid LIMIT ?5`;
  const queueFirst = db.query<QueueRow, [OrderStage | null, null, null, null, number]>(queueOf(""));
  // After (?2 the promised day or none, ?3 the moment, ?4 the rowid): a later day, or no day after any day, or the
  // same day (or none again) and a later (created_at, rowid).
  const queueAfter = db.query<QueueRow, [OrderStage | null, string | null, string, number, number]>(
    queueOf(`AND (CASE WHEN ?2 IS NULL THEN dispatch_by IS NULL AND (created_at, rowid) > (?3, ?4)
       ELSE dispatch_by IS NULL OR dispatch_by > ?2 OR (dispatch_by = ?2 AND (created_at, rowid) > (?3, ?4)) END)`),
  );
  const queueCount = db.query<{ total: number }, [OrderStage | null]>(
    `SELECT COUNT(*) AS total FROM orders
     WHERE status = 'paid' AND stage IS NOT NULL AND stage <> 'dispatched' AND (?1 IS NULL OR stage = ?1)`,
  );
  const queueItems = db.query<QueueItemRow, [string]>(
    `SELECT order_id, product_id, product_name, quantity, meta FROM order_items
     WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  // The orders TO_DISPATCH holds for, as the triggers of migration 0026 keep them: the work in hand, never the history.
  const toDispatch = db.query<{ id: string }, [number]>(
    "SELECT o.id FROM orders_to_dispatch d JOIN orders o ON o.id = d.order_id ORDER BY o.created_at, o.rowid LIMIT ?",
  );
  const dispatchedBefore = db.query<{ id: string }, [string, string]>(DISPATCHED_BEFORE_SQL);
  const queries = listQueries();
  const list = Object.fromEntries(
    Object.entries(queries).map(([shape, sql]) => [shape, db.query<SummaryRow, ListStatementArguments>(sql)]),
  ) as Record<keyof typeof queries, Statement<SummaryRow, ListStatementArguments>>;
  const countsByStatus = db.query<{ status: string; orders: number }, []>("SELECT status, orders FROM order_counts");
  const matches = db.query<{ rowid: number }, [string, string | null, number]>(`${matchedRowids("?1", "?2")} LIMIT ?3`);
  // With a status, each match's order is looked up by its rowid: CROSS JOIN keeps the matches first, where the
  // planner would otherwise walk every order of the status checking each against the matches.
  const matchesWithStatus = db.query<{ rowid: number }, [string, string | null, number, string]>(
    `SELECT o.rowid FROM (${matchedRowids("?1", "?2")}) AS m CROSS JOIN orders o ON o.rowid = m.rowid WHERE o.status = ?4 LIMIT ?3`,
  );
  const matchedCount = db.query<{ total: number }, [string, string | null]>(`SELECT COUNT(*) AS total FROM (${matchedRowids("?1", "?2")})`);
  const matchedCountWithStatus = db.query<{ total: number }, [string, string | null, string]>(
    `SELECT COUNT(*) AS total FROM (${matchedRowids("?1", "?2")}) AS m CROSS JOIN orders o ON o.rowid = m.rowid WHERE o.status = ?3`,
  );
  // Late payments flagged for refund: until refunded in full, oldest first, through the partial index orders_refund_required.
  const refundsDue = db.query<SummaryRow, []>(
    `SELECT ${SUMMARY_COLUMNS} FROM orders o WHERE o.refund_required = 1
       AND o.amount_cents > (SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r WHERE r.order_id = o.id)
     ORDER BY o.created_at, o.rowid`,
  );

  return {
    exists: (id: string): boolean => exists.get(id) !== null,
    row: (id: string): OrderRow | null => byId.get(id),
    items: (id: string): ItemRow[] => itemsOf.all(id),
    productionFields: (id: string): ProductionFields | null => productionOf.get(id),
    /** A line's meta rewritten: a replacement file the shopper sent for it (docs/decisions/0048-order-holds.md). */
    setLineMeta(orderId: string, lineIndex: number, meta: string): void {
      setLineMeta.run(meta, orderId, lineIndex);
    },
    ownerFields: (id: string): OwnerFields | null => ownerOf.get(id),
    money: (id: string): OrderMoney | null => moneyOf.get(id),

    /** A paid checkout's order, in its fulfilment's transaction; answers when it was made. */
    insert(order: NewOrder, items: readonly NewItem[]): { created_at: string } {
      const made = insertOrder.get(
        order.id,
        order.subtotal_cents,
        order.delivery_cents,
        order.discount_code,
        order.discount_cents,
        order.gift_message,
        order.gift_from,
        order.voucher_cents ?? 0,
        order.amount_cents,
        order.currency,
        order.email,
        ...order.shipping,
        ...order.billing,
        order.payment_provider,
        order.payment_session_id,
        order.refund_required ? 1 : 0,
        order.discount_over_limit ? 1 : 0,
        order.dispatch_by,
        order.fee?.feePence ?? null,
        order.fee?.netPence ?? null,
        order.fee?.source ?? null,
      )!;
      for (const item of items) {
        insertItem.run(order.id, item.product_id, item.variant_id, item.product_name, item.unit_price_cents, item.quantity, item.meta);
      }
      return made;
    },

    setStage: (id: string, stage: OrderStage | null) => void setStage.run(stage, id),
    setDispatchBy: (id: string, day: string) => void setDispatchBy.run(day, id),
    /** Stripe orders whose fee is not known yet, oldest first, through the partial index orders_fee_unknown (decision 0050). */
    feesUnknown: (limit: number) => feesUnknown.all(limit),
    /** Stripe's fee and net from the payment's balance transaction; only fills an unknown fee, so a second run changes nothing. */
    recordStripeFee: (id: string, fee: { feePence: number; netPence: number; balanceTransaction: string | null }) =>
      void recordFee.run(fee.feePence, fee.netPence, fee.balanceTransaction, id),
    /** A payment that must go back (a quote paid twice): still an order, flagged. */
    flagRefundRequired: (id: string) => void flagRefund.run(id),
    /** Tracking saved: the order is fulfilled. */
    saveTracking: (id: string, carrier: string, number: string, url: string | null) => void setTracking.run(carrier, number, url, id),
    cancel: (id: string, restocked: boolean) => void setCanceled.run(restocked ? 1 : 0, id),
    setStatus: (id: string, status: string) => void setStatus.run(status, id),

    shelfLines: (id: string): ShelfLine[] => shelfLines.all(id),
    raiseRestocked: (lineId: number, units: number) => void raiseRestocked.run(units, lineId),

    /**
     * A page of the "To make" queue: paid orders not dispatched, soonest promise first (none last), optionally in one
     * stage, after `position` (none: the first page), at most `limit` of them.
     */
    queue(stage: OrderStage | null, position: QueuePosition | null, limit: number): QueueRow[] {
      if (!position) return queueFirst.all(stage, null, null, null, limit);
      return queueAfter.all(stage, position.dispatchBy, position.createdAt, position.rowid, limit);
    },
    /** How many orders the queue holds (in one stage, when given). */
    queueCount: (stage: OrderStage | null): number => queueCount.get(stage)!.total,
    /** The lines of many orders at once, in each order's line order. */
    itemsOfOrders: (ids: readonly string[]): QueueItemRow[] => (ids.length === 0 ? [] : queueItems.all(JSON.stringify(ids))),
    /** The oldest `most` orders to dispatch, oldest first. */
    toDispatchIds: (most: number): string[] => toDispatch.all(most).map((row) => row.id),
    /** Orders dispatched (their stage now) whose latest move to dispatched is before `cutoff`. */
    /** Of the orders `among`, those dispatched (their stage now, from its latest move there) before `cutoff`. */
    dispatchedBefore: (cutoff: string, among: readonly string[]): string[] =>
      dispatchedBefore.all(cutoff, JSON.stringify(among)).map((row) => row.id),

    /**
     * The rowids of the orders a search matches (with `status`, when given), at most `most` of them: every match when
     * fewer come back. Read once and handed to `page`, so a search with few matches asks the FTS indexes once
     * (decision 0037).
     */
    matches({ text, postcode }: Search, status: string | null, most: number): number[] {
      const rows = status === null ? matches.all(text, postcode, most) : matchesWithStatus.all(text, postcode, most, status);
      return rows.map((row) => row.rowid);
    },

    /**
     * One page of the list, newest first, after `position` (none: the first page), at most `limit` rows: of the
     * orders among `matched` (rowids from `matches`), or of the search's matches walking the list's index (a search
     * matching many orders walks it keeping matches, rather than sorting every match, decision 0030), or of every
     * order. Each shape of request has its own statement; none uses OFFSET.
     */
    page(
      { search, status }: ListFilter,
      position: ListPosition | null,
      limit: number,
      { matched }: { matched?: readonly number[] } = {},
    ): SummaryRow[] {
      const at = (match: string | null): ListArguments => [
        position?.createdAt ?? null,
        position?.rowid ?? null,
        status ?? null,
        match,
        limit,
      ];
      if (matched !== undefined) return (position ? list.afterMatched : list.firstMatched).all(...at(JSON.stringify(matched)));
      if (search !== undefined)
        return (position ? list.afterMatchedWalked : list.firstMatchedWalked).all(...at(search.text), search.postcode);
      if (status !== undefined) return (position ? list.afterWithStatus : list.firstWithStatus).all(...at(null));
      return (position ? list.after : list.first).all(...at(null));
    },

    /** How many orders have each status, from order_counts (kept by migration 0025's triggers). */
    countsByStatus(): Map<string, number> {
      return new Map(countsByStatus.all().map((row) => [row.status, row.orders]));
    },
    /** How many orders a search matches (its work is bounded by its matches, never the history). */
    matchedCount: ({ text, postcode }: Search, status: string | null): number =>
      (status === null ? matchedCount.get(text, postcode) : matchedCountWithStatus.get(text, postcode, status))!.total,
    refundsDue: (): SummaryRow[] => refundsDue.all(),
  };
}
