import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { enqueueEmail } from "../outbox/service";
import { ALERT_TEXTS } from "./happenings";
import type { Alert, AlertEvent } from "./model";
import type { AlertStore } from "./store";

export type Alerts = ReturnType<typeof createAlerts>;

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
    /**
     * The shop is not ready (/readyz's problems, such as a full disk). Told at most once an hour while it lasts:
     * the key is the UTC hour, so a load balancer asking every few seconds adds nothing more.
     */
    notReady(problems: string[], at: Date): number {
      if (problems.length === 0) return 0;
      return writeTransaction(db, () =>
        this.queue("not_ready", `not-ready:${at.toISOString().slice(0, 13)}`, ALERT_TEXTS.notReady(problems)),
      );
    },
  };
}
