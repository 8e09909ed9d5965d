import { formatPence } from "../../../shared/money";
import type { Order } from "../orders/model";
import type { OutboxRow } from "../outbox/service";
import type { Alert } from "./model";

/** "£24.00 · 2 items": what an order alert says of the order, and no more (no name, no address). */
function orderSummary(totalCents: number, itemCount: number): string {
  return `${formatPence(totalCents)} · ${itemCount} ${itemCount === 1 ? "item" : "items"}`;
}

/** The /admin screens alerts open. */
export const ADMIN_LINKS = {
  order: (orderId: string) => `/admin/orders?order=${encodeURIComponent(orderId)}`,
  request: (requestId: string) => `/admin/orders?request=${encodeURIComponent(requestId)}`,
  dashboard: "/admin",
  toMake: "/admin/orders",
  alerts: "/admin/configuration#alerts",
} as const;

/**
 * The words of each alert, in one place. Each carries what the owner needs to act (a reference, a total, an
 * item count) and nothing personal: no name, no address, no email address.
 */
const itemCount = (order: Pick<Order, "items">) => order.items.reduce((sum, item) => sum + item.quantity, 0);

export const ALERT_TEXTS = {
  orderPaid: (order: Order): Alert => ({
    title: `New order ${order.id}`,
    body: `Paid: ${orderSummary(order.amount_cents, itemCount(order))}.`,
    url: ADMIN_LINKS.order(order.id),
  }),
  refundDue: (order: Order): Alert => ({
    title: `Refund needed: ${order.id}`,
    body: `Paid after its stock was gone: ${orderSummary(order.amount_cents, itemCount(order))}. Refund or make it.`,
    url: ADMIN_LINKS.order(order.id),
  }),
  quoteAnswer: (
    kind: "accepted" | "changes" | "declined",
    quote: { id: string; version: number; requestId: string; itemCount: number },
    totalCents: number,
  ): Alert => ({
    title: {
      accepted: `Quote accepted: ${quote.id}`,
      changes: `Changes asked on quote ${quote.id}`,
      declined: `Quote declined: ${quote.id}`,
    }[kind],
    body: `Version ${quote.version}: ${orderSummary(totalCents, quote.itemCount)}.${kind === "changes" ? " Their message is on the request." : ""}`,
    url: ADMIN_LINKS.request(quote.requestId),
  }),
  emailFailed: (row: Pick<OutboxRow, "kind" | "order_id" | "attempts">): Alert => ({
    title: "An email was not delivered",
    body: `The ${row.kind.replaceAll("-", " ")} email${row.order_id ? ` for ${row.order_id}` : ""} failed after ${row.attempts} ${row.attempts === 1 ? "try" : "tries"}.`,
    url: row.order_id ? ADMIN_LINKS.order(row.order_id) : ADMIN_LINKS.dashboard,
  }),
  notReady: (problems: string[]): Alert => ({
    title: "The shop is not taking orders",
    body: problems.join(" "),
    url: ADMIN_LINKS.dashboard,
  }),
  backupFailed: (reason: string): Alert => ({
    title: "The backup check failed",
    body: reason,
    url: ADMIN_LINKS.dashboard,
  }),
};
