import type { Database } from "bun:sqlite";
import { renderNewOrderNotice } from "../../emails/new-order";
import { renderOrderConfirmation } from "../../emails/order-confirmation";
import type { OrderCreatedHook } from "../checkout/fulfil";
import { readShopIdentity } from "../content/service";
import { enqueueEmail } from "../outbox/service";
import type { OrderService } from "./service";

/**
 * Queues the shopper's confirmation and the owner's new-order notice in the
 * order's own transaction: both commit with the order or not at all, and the
 * dedupe keys make each one exactly once per order.
 */
export function queueOrderEmails({
  publicUrl,
  ownerEmail,
  orders,
}: {
  publicUrl: string;
  ownerEmail: string | undefined;
  orders: OrderService;
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
  };
}
