import type { Database } from "bun:sqlite";
import type { OrderStage } from "../../../shared/order-stages";
import { ORDERS_PAGE_SIZE } from "../../../shared/orders-page";
import { writeTransaction } from "../../db/transaction";
import { Conflict } from "../../errors";
import { encodeMomentCursor } from "../../http/page-cursor";
import type { VoucherStore } from "../gift-vouchers/store";
import type { Order } from "../orders/model";
import type { ProductionRecords } from "../orders/production";
import type { OrderService } from "../orders/service";
import type { OrderStore, SummaryRow } from "../orders/store";
import { listOutbox } from "../outbox/service";
import { type DashboardFigures, dashboardFigures } from "./dashboard-figures";
import {
  type AdminOrderDetail,
  type AdminOrderSummary,
  type DashboardStats,
  ORDER_ALREADY_CANCELLED,
  ORDER_CANCELLED,
  type StatusRequest,
  type TrackingEmailResult,
  type TrackingRequest,
} from "./model";
import { listFilterOf, type OrderSearch } from "./order-search";
import { createProductionService } from "./production-service";
import { refundLeftOf } from "./refund-left";
import type { ShelfReturns } from "./shelf-returns";
import { queueTrackingEmail, type TrackingEmailSettings, toAdminEmail } from "./tracking-email";

/** What a write answers; null means there is no such order. */
export type OrderChange = { order: AdminOrderDetail; trackingEmail?: TrackingEmailResult } | null;

/** One page of the owner's list: its orders, how many the request matches in all, and where the next page starts. */
export type OrderListPage = { orders: AdminOrderSummary[]; total: number; nextCursor: string | null };

/**
 * From this many matches a search walks the list's index keeping its matches (about a page over their share of
 * the orders) instead of sorting them all; below it, sorting the few matches is cheaper (decision 0030).
 */
const SEARCH_WALK_FROM = 1000;

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;

export type AdminOrderServiceParts = {
  db: Database;
  /** The one order store (src/deps.ts), and the services built on it once. */
  store: OrderStore;
  orders: OrderService;
  production: ProductionRecords;
  shelf: ShelfReturns;
  settings: TrackingEmailSettings & { lowStockThreshold: () => number };
  /** A gift voucher's part of an order, what of it a refund may still put back (`refund-left.ts`). */
  vouchers: Pick<VoucherStore, "refundable">;
  now?: () => Date;
};

/** The owner's view of orders: the list, one order in full, tracking, status and the dashboard. */
/**
 * The dashboard's counts besides the orders': the active requests through `custom_requests_active`, only the open and
 * in-progress ones (docs/decisions/0059-every-list-bounded.md).
 */
export const DASHBOARD_OTHER_COUNTS_SQL = `SELECT (SELECT COUNT(*) FROM products) AS products,
  (SELECT COUNT(*) FROM projects) AS projects,
  (SELECT COUNT(*) FROM custom_requests WHERE status IN ('open', 'in_progress')) AS activeCustomRequests`;

export function createAdminOrderService({
  db,
  store,
  orders,
  production,
  shelf,
  settings,
  vouchers,
  now = () => new Date(),
}: AdminOrderServiceParts) {
  const refundFeesOf = db.query<{ fee_cents: number | null; balance_transaction: string | null }, [string]>(
    "SELECT fee_cents, balance_transaction FROM refunds WHERE order_id = ? ORDER BY created_at, rowid",
  );
  const otherCounts = db.query<Pick<DashboardStats, "products" | "projects" | "activeCustomRequests">, []>(DASHBOARD_OTHER_COUNTS_SQL);

  /** Rows as the owner reads them, their stage facts read for all of them at once (no query per row). */
  function toSummaries(rows: SummaryRow[]): AdminOrderSummary[] {
    const facts = production.ofMany(rows);
    return rows.map(({ list_rowid: _, refund_required, gift, ...row }) => ({
      ...row,
      refund_required: refund_required === 1,
      gift: gift === 1,
      ...facts.get(row.id)!,
    }));
  }

  /** Orders of a status, or all of them, from order_counts: never a count of the table. */
  function counted(status: string | undefined): number {
    const counts = store.countsByStatus();
    if (status !== undefined) return counts.get(status) ?? 0;
    let total = 0;
    for (const count of counts.values()) total += count;
    return total;
  }

  /**
   * One page of the list, newest first, after the cursor's order (none: the first page). One row more than a
   * page is read to know whether another page follows; its cursor is the page's last order.
   */
  function list(request: OrderSearch, size = ORDERS_PAGE_SIZE): OrderListPage {
    const filter = listFilterOf(request);
    const position = request.cursor ?? null;
    let total: number;
    let rows: SummaryRow[];
    if (filter.search === undefined) {
      total = counted(filter.status);
      rows = store.page(filter, position, size + 1);
    } else {
      // The matches are read once; only a search matching very many orders counts them and walks the list instead.
      const matched = store.matches(filter.search, filter.status ?? null, SEARCH_WALK_FROM);
      const few = matched.length < SEARCH_WALK_FROM;
      total = few ? matched.length : store.matchedCount(filter.search, filter.status ?? null);
      rows = store.page(filter, position, size + 1, few ? { matched } : {});
    }
    const page = rows.slice(0, size);
    const last = page.at(-1);
    const nextCursor = rows.length > size && last ? encodeMomentCursor({ createdAt: last.created_at, rowid: last.list_rowid }) : null;
    return { orders: toSummaries(page), total, nextCursor };
  }

  /**
   * One order as the owner reads it. A write that has already read the order after its change (to queue an
   * email from it) passes it on, so it is read once; the emails are listed here, after anything queued.
   */
  function detail(id: string, order: Order | null = orders.getOrder(id)): AdminOrderDetail | null {
    const extra = store.ownerFields(id);
    if (!order || !extra) return null;
    // Newest first, so the first tracking row is the one the shipment's status line reports.
    const emails = listOutbox(db, { orderId: id }).map((row) => toAdminEmail(row, settings));
    const refundFees = refundFeesOf.all(id);
    return {
      ...order,
      // Each refund with its own balance transaction, in the same order as the order's refunds (decision 0050).
      refunds: order.refunds.map((refund, i) => ({ ...refund, ...(refundFees[i] ?? { fee_cents: null, balance_transaction: null }) })),
      restocked: extra.restocked === 1,
      canceled_at: extra.canceled_at,
      payment_provider: extra.payment_provider,
      fee_cents: extra.fee_cents,
      net_cents: extra.net_cents,
      fee_source: extra.fee_source,
      emails,
      refund_left: refundLeftOf(vouchers, id, order, order.refunded_cents),
      tracking_email: emails.find((email) => email.kind === "tracking") ?? null,
    };
  }

  /**
   * The email rule, on the order as it stands after this transaction's update; the owner's answer is built
   * from the same read of the order.
   */
  function changedWithTrackingEmail(id: string, forceResend: boolean): NonNullable<OrderChange> {
    const order = orders.getOrder(id)!;
    const trackingEmail = queueTrackingEmail(db, order, { forceResend }, settings);
    return { order: detail(id, order)!, trackingEmail };
  }

  /** Made fulfilled by any call: the order has left the workshop (decision 0016), once. */
  function markDispatched(id: string, stage: OrderStage | null): void {
    if (stage !== "dispatched") production.enter(id, "dispatched");
  }

  return {
    list,
    detail,
    ...createProductionService(db, { store, orders, production, publicUrl: settings.publicUrl, now, detail }),

    /** Saving tracking finalises the shipment: paid becomes fulfilled (docs/product.md#order-status) and the shopper is told. */
    saveTracking(id: string, { carrier, number, url, forceResend }: TrackingRequest): OrderChange {
      return writeTransaction(db, () => {
        const current = store.ownerFields(id);
        if (!current) return null;
        if (current.status === "canceled") throw new Conflict(ORDER_CANCELLED);
        store.saveTracking(id, carrier, number, url);
        markDispatched(id, current.stage);
        return changedWithTrackingEmail(id, forceResend);
      });
    },

    changeStatus(id: string, { status, forceResend, restock }: StatusRequest): OrderChange {
      return writeTransaction(db, () => {
        const current = store.ownerFields(id);
        if (!current) return null;
        if (status === "canceled") {
          if (current.status === "canceled") throw new Conflict(ORDER_ALREADY_CANCELLED);
          // A refund-flagged order was paid after its stock had gone elsewhere: it never
          // took any units, so putting "its" units back would invent stock.
          const restocked = restock && current.refund_required === 0;
          // Through the one rule: only what refunds have not put back already goes back.
          if (restocked) shelf.putBack(id, "all");
          store.cancel(id, restocked);
          production.leave(id);
          return { order: detail(id)! };
        }
        if (current.status === "canceled") throw new Conflict(ORDER_CANCELLED);
        store.setStatus(id, status);
        // The stage follows the status: fulfilled has left the workshop; taken back to paid, it waits packed again.
        if (status === "fulfilled") markDispatched(id, current.stage);
        else if (current.status === "fulfilled") production.enter(id, "packed");
        if (status === "fulfilled") return changedWithTrackingEmail(id, forceResend);
        return { order: detail(id)!, trackingEmail: { sent: false, reason: "not-fulfilled" } };
      });
    },

    stats(): DashboardStats {
      // docs/product.md#dashboard: the dashboard shows the 5 latest orders (the list's first five); the figures of
      // decision 0018 ride beside those counts. Orders are counted by order_counts, refunds due read through a partial index.
      return {
        orders: counted(undefined),
        ...otherCounts.get()!,
        recentOrders: list({}, 5).orders,
        refundsDue: toSummaries(store.refundsDue()),
        ...(dashboardFigures(db, now(), settings.lowStockThreshold()) satisfies DashboardFigures),
      };
    },
  };
}
