import { shortDate, type Tone } from "./parts";
import type { OrderEmail, TrackingEmailResult } from "./types";

/** What each tracking-email outcome tells the owner, and how loudly (docs/product.md#tracking-email-reasons). */
const REASONS: Record<string, { tone: Tone; text: string }> = {
  "not-fulfilled": { tone: "info", text: "Tracking email not sent: mark as fulfilled to notify." },
  "missing-tracking": { tone: "info", text: "Tracking email not sent: tracking missing." },
  "missing-email": { tone: "warning", text: "Tracking email not sent: order has no customer email." },
  "already-sent": { tone: "info", text: "Tracking email not sent: already emailed." },
  "smtp-not-configured": { tone: "warning", text: "Tracking email skipped: no mail service is configured." },
  "not-found": { tone: "error", text: "Tracking email not sent: order not found." },
  "send-failed": { tone: "error", text: "Tracking email failed to send" },
  "claim-error": { tone: "error", text: "Tracking email could not be queued" },
};

const WITH_DETAIL = new Set(["send-failed", "claim-error"]);

/** The note after a tracking call: what that call did about the email. */
export function trackingEmailNotice(result: TrackingEmailResult | undefined | null): { tone: Tone; text: string } | null {
  if (!result) return null;
  if (result.sent) return { tone: "success", text: "Tracking email sent to the customer." };
  // In the outbox with a mail service set up: on its way, not yet sent.
  if (result.queued && !result.reason) return { tone: "success", text: "Tracking email queued for the customer." };
  const reason = result.reason ?? "";
  const known = REASONS[reason];
  if (!known)
    return { tone: "warning", text: `Tracking email not sent${reason ? ` (${reason})` : ""}${result.error ? `: ${result.error}` : "."}` };
  if (WITH_DETAIL.has(reason)) return { tone: known.tone, text: `${known.text}: ${result.error || "unknown error"}` };
  return known;
}

/** One email's delivery in a word or two, as the order's Emails table shows it. */
export function deliveryLabel(email: Pick<OrderEmail, "delivery">): string {
  switch (email.delivery) {
    case "sent":
      return "sent";
    case "queued":
      return "queued";
    case "not-sent":
      return "not sent (email is not set up)";
    case "failed":
      return "failed";
  }
}

/**
 * The shipment's standing line about the newest tracking email, read from the
 * outbox row: "emailed on" only once it was really sent. `canSendAgain` offers
 * the owner another try when it never went out.
 */
export function trackingEmailLine(email: OrderEmail | null): { tone: Tone; text: string; canSendAgain: boolean } | null {
  if (!email) return null;
  switch (email.delivery) {
    case "sent":
      return { tone: "info", text: `Tracking emailed to the customer on ${shortDate(email.sent_at)}.`, canSendAgain: false };
    case "queued":
      return {
        tone: "info",
        text: email.last_error
          ? `Tracking email queued: the last try failed (${email.last_error}) and it is tried again automatically.`
          : "Tracking email queued: waiting to be sent to the customer.",
        canSendAgain: false,
      };
    case "not-sent":
      return {
        tone: "warning",
        text: "Tracking email not sent (email is not set up). It goes out once email delivery is set up.",
        canSendAgain: true,
      };
    case "failed":
      return { tone: "error", text: `Tracking email failed: ${email.last_error || "unknown error"}`, canSendAgain: true };
  }
}
