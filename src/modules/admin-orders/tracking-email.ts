import type { Database } from "bun:sqlite";
import { renderTrackingEmail } from "../../emails/tracking";
import type { Order } from "../orders/model";
import { enqueueEmail } from "../outbox/service";
import type { TrackingEmailResult } from "./model";

export type TrackingEmailSettings = {
  publicUrl: string;
  /** Whether a mailer will deliver the outbox (mailDeliveryFromEnv); without one the email waits there. */
  mailConfigured: boolean;
};

/**
 * Decides whether a fulfilled order's shopper gets a tracking email and, if
 * so, puts it in the outbox. Call it inside the transaction that saved the
 * tracking, so the email and tracking_notified_at commit together with it.
 * The outbox delivers later; "sent" here means "on its way to a mailer".
 */
export function queueTrackingEmail(
  db: Database,
  order: Order,
  { forceResend }: { forceResend: boolean },
  settings: TrackingEmailSettings,
): TrackingEmailResult {
  const { tracking_carrier: carrier, tracking_number: number } = order;
  if (!carrier || !number) return { sent: false, reason: "missing-tracking" };
  if (!order.email) return { sent: false, reason: "missing-email" };
  if (order.tracking_notified_at && !forceResend) return { sent: false, reason: "already-sent" };

  // Each tracking email gets its own numbered key, one past the highest so far, so a
  // deliberate resend is a new row and no number is ever reused. Inside the
  // IMMEDIATE transaction nothing else can take that key; if the insert still
  // finds it taken, that is reported as claim-error rather than hidden.
  const prefix = `tracking:${order.id}:`;
  const highest = db
    .query<{ n: number }, [string]>(
      `SELECT COALESCE(MAX(CAST(substr(dedupe_key, length(?1) + 1) AS INTEGER)), 0) AS n
       FROM email_outbox WHERE substr(dedupe_key, 1, length(?1)) = ?1`,
    )
    .get(prefix)?.n ?? 0;
  const dedupeKey = `${prefix}${highest + 1}`;
  const queued = enqueueEmail(db, {
    dedupeKey,
    kind: "tracking",
    orderId: order.id,
    recipient: order.email,
    ...renderTrackingEmail(order, { carrier, number, url: order.tracking_url }, settings.publicUrl),
  });
  if (!queued) return { sent: false, reason: "claim-error", error: `The outbox did not accept the email ${dedupeKey}; it may already hold one with that key.` };

  db.query("UPDATE orders SET tracking_notified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(order.id);
  return settings.mailConfigured ? { sent: true } : { sent: false, reason: "smtp-not-configured" };
}
