import type { Database } from "bun:sqlite";
import { renderTrackingEmail } from "../../emails/tracking";
import { readShopIdentity } from "../content/service";
import type { Order } from "../orders/model";
import { enqueueEmail, newestEmail, type OutboxRow, refreshWaitingEmail } from "../outbox/service";
import type { AdminOrderEmail, EmailDelivery, TrackingEmailResult } from "./model";

export type TrackingEmailSettings = {
  publicUrl: string;
  /** Whether a mailer delivers the outbox (mailDeliveryConfigured); without one emails wait there unsent. */
  mailConfigured: boolean;
};

const RETIRED = "Replaced by an updated tracking email before it was sent.";

/** An outbox row as the owner reads it; the delivery words come from the row, never from the order. */
export function toAdminEmail(row: OutboxRow, { mailConfigured }: Pick<TrackingEmailSettings, "mailConfigured">): AdminOrderEmail {
  const { kind, recipient, status, attempts, last_error, created_at, sent_at } = row;
  const waiting = status === "pending" || status === "sending";
  const delivery: EmailDelivery = status === "sent" ? "sent" : status === "failed" ? "failed" : mailConfigured ? "queued" : "not-sent";
  return {
    kind,
    recipient,
    status,
    attempts,
    last_error,
    created_at,
    sent_at,
    delivery,
    reason: waiting && !mailConfigured ? "smtp-not-configured" : null,
  };
}

/** An email now waiting in the outbox, as the tracking calls answer it. */
function waitingResult({ mailConfigured }: TrackingEmailSettings): TrackingEmailResult {
  return mailConfigured ? { sent: false, queued: true } : { sent: false, reason: "smtp-not-configured" };
}

/**
 * Decides whether a fulfilled order's shopper gets a tracking email and, if
 * so, puts it in the outbox. Call it inside the transaction that saved the
 * tracking, so the email commits together with it. Only an email the outbox
 * really sent counts as "already sent" (forceResend sends another); one still
 * waiting is brought up to date rather than doubled; a failed one, or none,
 * gets a new row. The outbox delivers later.
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

  const newest = newestEmail(db, { orderId: order.id, kind: "tracking" });
  if (newest?.status === "sent" && !forceResend) return { sent: false, reason: "already-sent" };
  // Being handed to Resend right now: a second one would be a duplicate.
  if (newest?.status === "sending") return waitingResult(settings);
  const content = {
    recipient: order.email,
    ...renderTrackingEmail(order, { carrier, number, url: order.tracking_url }, settings.publicUrl, readShopIdentity(db)),
  };
  if (newest?.status === "pending" && refreshWaitingEmail(db, newest.id, content, RETIRED)) return waitingResult(settings);

  // Each tracking email gets its own numbered key, one past the highest so far, so a
  // deliberate resend is a new row and no number is ever reused. Inside the
  // IMMEDIATE transaction nothing else can take that key; if the insert still
  // finds it taken, that is reported as claim-error rather than hidden.
  const prefix = `tracking:${order.id}:`;
  // Looked for among the order's own emails (their index), not the whole outbox: every tracking email carries its order.
  const highest =
    db
      .query<{ n: number }, [string, string]>(
        `SELECT COALESCE(MAX(CAST(substr(dedupe_key, length(?1) + 1) AS INTEGER)), 0) AS n
       FROM email_outbox WHERE order_id = ?2 AND substr(dedupe_key, 1, length(?1)) = ?1`,
      )
      .get(prefix, order.id)?.n ?? 0;
  const dedupeKey = `${prefix}${highest + 1}`;
  const queued = enqueueEmail(db, { dedupeKey, kind: "tracking", orderId: order.id, ...content });
  if (!queued)
    return {
      sent: false,
      reason: "claim-error",
      error: `The outbox did not accept the email ${dedupeKey}; it may already hold one with that key.`,
    };
  return waitingResult(settings);
}
