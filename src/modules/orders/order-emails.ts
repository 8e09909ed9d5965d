import type { Database } from "bun:sqlite";
import { renderNewOrderNotice } from "../../emails/new-order";
import { renderOrderConfirmation } from "../../emails/order-confirmation";
import type { Alerts } from "../alerts/alerts";
import { ALERT_TEXTS } from "../alerts/happenings";
import type { OrderCreatedHook } from "../checkout/fulfil";
import { readShopIdentity } from "../content/service";
import { enqueueEmail } from "../outbox/service";
import type { OrderService } from "./service";

/**
 * Queues the shopper's confirmation, the owner's new-order notice and alerts in the
 * order's own transaction: both commit with the order or not at all, and the
 * dedupe keys make each one exactly once per order.
 */
export function queueOrderEmails({
  publicUrl,
  ownerEmail,
  orders,
  alerts,
}: {
  publicUrl: string;
  ownerEmail: string | undefined;
  orders: OrderService;
  /** The owner's push and ntfy alerts: they go whether or not OWNER_EMAIL or a mail service is set. */
  alerts: Alerts;
}): OrderCreatedHook {
  return (db: Database, orderId: string) => {
    const order = orders.getOrder(orderId);
    if (!order) return;
    const shop = readShopIdentity(db);
    if (order.email) {
      enqueueEmail(db, {
        dedupeKey: `order-confirmation:${order.id}`,
        kind: "order-confirmation",
        orderId: order.id,
        recipient: order.email,
        ...renderOrderConfirmation(order, publicUrl, shop),
      });
    }
    if (ownerEmail) {
      enqueueEmail(db, {
        dedupeKey: `new-order:${order.id}`,
        kind: "new-order",
        orderId: order.id,
        recipient: ownerEmail,
        ...renderNewOrderNotice(order, publicUrl, shop),
      });
    }
    alerts.queue("order_paid", `order-paid:${order.id}`, ALERT_TEXTS.orderPaid(order), order.id);
    if (order.refund_required) alerts.queue("refund_due", `refund-due:${order.id}`, ALERT_TEXTS.refundDue(order), order.id);
  };
}
