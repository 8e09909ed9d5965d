import type { Database } from "bun:sqlite";
import type { OrderProduction, OrderStage } from "../../../shared/order-stages";
import { ORDERS_PAGE_SIZE } from "../../../shared/orders-page";
import { writeTransaction } from "../../db/transaction";
import { Conflict } from "../../errors";
import { orderProduction } from "../orders/production";
import { createOrderService, trackingNotifiedAt } from "../orders/service";
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
import { type OrderSearch, orderSearchWhere } from "./order-search";
import { createProductionService } from "./production-service";
import { createShelfReturns } from "./shelf-returns";
import { queueTrackingEmail, type TrackingEmailSettings, toAdminEmail } from "./tracking-email";

/** What a write answers; null means there is no such order. */
export type OrderChange = { order: AdminOrderDetail; trackingEmail?: TrackingEmailResult } | null;

type SummaryRow = Omit<AdminOrderSummary, "refund_required" | keyof OrderProduction> & { refund_required: number };
type OwnerFields = {
  status: string;
  stage: OrderStage | null;
  restocked: number;
  refund_required: number;
  canceled_at: string | null;
  payment_provider: string;
};

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export type AdminOrderService = ReturnType<typeof createAdminOrderService>;

/** The owner's view of orders: the list, one order in full, tracking, status and the dashboard. */
export function createAdminOrderService(
  db: Database,
  settings: TrackingEmailSettings & { lowStockThreshold: () => number },
  now: () => Date = () => new Date(),
) {
  const orders = createOrderService(db);
  const production = orderProduction(db);
  const shelf = createShelfReturns(db);
  const summaryColumns = `o.id, o.status, o.created_at, o.amount_cents, o.currency, o.email, o.shipping_name, o.shipping_postal_code,
       COALESCE((SELECT SUM(quantity) FROM order_items WHERE order_id = o.id), 0) AS item_count,
       o.refund_required, o.tracking_carrier, o.tracking_number, ${trackingNotifiedAt("o")}, o.payment_session_id`;
  const summaries = db.query<SummaryRow, [number]>(
    `SELECT ${summaryColumns} FROM orders o ORDER BY o.created_at DESC, o.rowid DESC LIMIT ?`,
  );
  // Late payments flagged for refund (issue 15): on the dashboard until refunded in full, oldest first.
  const refundsDue = db.query<SummaryRow, []>(
    `SELECT ${summaryColumns} FROM orders o WHERE o.refund_required = 1
       AND o.amount_cents > (SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r WHERE r.order_id = o.id)
     ORDER BY o.created_at, o.rowid`,
  );
  const ownerFields = db.query<OwnerFields, [string]>(
    "SELECT status, stage, restocked, refund_required, canceled_at, payment_provider FROM orders WHERE id = ?",
  );

  function toSummary(row: SummaryRow): AdminOrderSummary {
    return { ...row, refund_required: row.refund_required === 1, ...production.of(row.id) };
  }

  function list(limit = -1): AdminOrderSummary[] {
    return summaries.all(limit).map(toSummary);
  }

  /** One page of the orders a search finds, newest first, and how many it finds in all. */
  function search(request: OrderSearch): { orders: AdminOrderSummary[]; total: number } {
    const { where, values } = orderSearchWhere(request);
    const offset = ((request.page ?? 1) - 1) * ORDERS_PAGE_SIZE;
    const rows = db
      .query<SummaryRow, string[]>(
        `SELECT ${summaryColumns} FROM orders o ${where} ORDER BY o.created_at DESC, o.rowid DESC LIMIT ${ORDERS_PAGE_SIZE} OFFSET ${offset}`,
      )
      .all(...values);
    const total = db.query<{ total: number }, string[]>(`SELECT COUNT(*) AS total FROM orders o ${where}`).get(...values)!.total;
    return { orders: rows.map(toSummary), total };
  }

  function detail(id: string): AdminOrderDetail | null {
    const order = orders.getOrder(id);
    const extra = ownerFields.get(id);
    if (!order || !extra) return null;
    // Newest first, so the first tracking row is the one the shipment's status line reports.
    const emails = listOutbox(db, { orderId: id }).map((row) => toAdminEmail(row, settings));
    return {
      ...order,
      restocked: extra.restocked === 1,
      canceled_at: extra.canceled_at,
      payment_provider: extra.payment_provider,
      emails,
      tracking_email: emails.find((email) => email.kind === "tracking") ?? null,
    };
  }

  /** The email rule, on the order as it stands after this transaction's update. */
  function trackingEmailFor(id: string, forceResend: boolean): TrackingEmailResult {
    return queueTrackingEmail(db, orders.getOrder(id)!, { forceResend }, settings);
  }

  /** Made fulfilled by any call: the order has left the workshop (issue 14), once. */
  function markDispatched(id: string, stage: OrderStage | null): void {
    if (stage !== "dispatched") production.enter(id, "dispatched");
  }

  return {
    list,
    search,
    detail,
    ...createProductionService(db, { publicUrl: settings.publicUrl, now, detail }),

    /** Saving tracking finalises the shipment: paid becomes fulfilled (spec 4) and the shopper is told. */
    saveTracking(id: string, { carrier, number, url, forceResend }: TrackingRequest): OrderChange {
      return writeTransaction(db, () => {
        const current = ownerFields.get(id);
        if (!current) return null;
        if (current.status === "canceled") throw new Conflict(ORDER_CANCELLED);
        db.query(
          `UPDATE orders SET tracking_carrier = ?, tracking_number = ?, tracking_url = ?, status = 'fulfilled', updated_at = ${NOW}
           WHERE id = ?`,
        ).run(carrier, number, url, id);
        markDispatched(id, current.stage);
        const trackingEmail = trackingEmailFor(id, forceResend);
        return { order: detail(id)!, trackingEmail };
      });
    },

    changeStatus(id: string, { status, forceResend, restock }: StatusRequest): OrderChange {
      return writeTransaction(db, () => {
        const current = ownerFields.get(id);
        if (!current) return null;
        if (status === "canceled") {
          if (current.status === "canceled") throw new Conflict(ORDER_ALREADY_CANCELLED);
          // A refund-flagged order was paid after its stock had gone elsewhere: it never
          // took any units, so putting "its" units back would invent stock.
          const restocked = restock && current.refund_required === 0;
          // Through the one rule: only what refunds have not put back already goes back.
          if (restocked) shelf.putBack(id, "all");
          db.query(`UPDATE orders SET status = 'canceled', canceled_at = ${NOW}, restocked = ?, updated_at = ${NOW} WHERE id = ?`).run(
            restocked ? 1 : 0,
            id,
          );
          production.leave(id);
          return { order: detail(id)! };
        }
        if (current.status === "canceled") throw new Conflict(ORDER_CANCELLED);
        db.query(`UPDATE orders SET status = ?, updated_at = ${NOW} WHERE id = ?`).run(status, id);
        // The stage follows the status: fulfilled has left the workshop; taken back to paid, it waits packed again.
        if (status === "fulfilled") markDispatched(id, current.stage);
        else if (current.status === "fulfilled") production.enter(id, "packed");
        const trackingEmail: TrackingEmailResult =
          status === "fulfilled" ? trackingEmailFor(id, forceResend) : { sent: false, reason: "not-fulfilled" };
        return { order: detail(id)!, trackingEmail };
      });
    },

    stats(): DashboardStats {
      const counts = db
        .query<Omit<DashboardStats, "recentOrders" | keyof DashboardFigures>, []>(
          `SELECT (SELECT COUNT(*) FROM orders) AS orders,
             (SELECT COUNT(*) FROM products) AS products,
             (SELECT COUNT(*) FROM projects) AS projects,
             (SELECT COUNT(*) FROM custom_requests WHERE status IN ('open', 'in_progress')) AS activeCustomRequests`,
        )
        .get()!;
      // Spec section 9: the dashboard shows the 5 latest orders; issue 15's figures ride beside the spec's counts.
      return {
        ...counts,
        recentOrders: list(5),
        refundsDue: refundsDue.all().map(toSummary),
        ...dashboardFigures(db, now(), settings.lowStockThreshold()),
      };
    },
  };
}
