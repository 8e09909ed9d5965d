import type { Database } from "bun:sqlite";
import { formatPence } from "../../../shared/money";
import { enqueueEmail } from "../outbox/service";
import type { Alert, AlertEvent } from "./model";
import type { AlertStore } from "./store";

export type Alerts = ReturnType<typeof createAlerts>;

/** "£24.00 · 2 items": what an order alert says of the order, and no more (no name, no address). */
export function orderSummary(totalCents: number, itemCount: number): string {
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
 * Queues an alert for the owner on every channel they set up: one outbox row per push device (each retried and
 * removed on its own) and one for their ntfy topic. Synchronous, like enqueueEmail: call it inside the
 * transaction of what happened, so the alert commits with it; the dedupe key makes it once per happening.
 * Nothing is queued when the owner switched the event off or set up no channel.
 */
export function createAlerts({ db, store }: { db: Database; store: AlertStore }) {
  return {
    queue(event: AlertEvent | "test", key: string, alert: Alert, orderId: string | null = null): number {
      if (event !== "test" && !store.isOn(event)) return 0;
      const row = { kind: `alert-${event}`, orderId, subject: alert.title, html: "", text: alert.body, link: alert.url };
      let queued = 0;
      for (const device of store.devices()) {
        const added = enqueueEmail(db, {
          ...row,
          dedupeKey: `alert:${key}:push:${device.id}`,
          channel: "push",
          recipient: String(device.id),
        });
        if (added) queued += 1;
      }
      if (store.ntfy() && enqueueEmail(db, { ...row, dedupeKey: `alert:${key}:ntfy`, channel: "ntfy", recipient: "ntfy" })) queued += 1;
      return queued;
    },
  };
}
