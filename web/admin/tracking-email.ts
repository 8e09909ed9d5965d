import type { Tone } from "./parts";
import type { TrackingEmailResult } from "./types";

/** Spec section 8: what each tracking-email outcome tells the owner, and how loudly. */
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

export function trackingEmailNotice(result: TrackingEmailResult | undefined | null): { tone: Tone; text: string } | null {
  if (!result) return null;
  if (result.sent) return { tone: "success", text: "Tracking email sent to the customer." };
  const reason = result.reason ?? "";
  const known = REASONS[reason];
  if (!known) return { tone: "warning", text: `Tracking email not sent${reason ? ` (${reason})` : ""}${result.error ? `: ${result.error}` : "."}` };
  if (WITH_DETAIL.has(reason)) return { tone: known.tone, text: `${known.text}: ${result.error || "unknown error"}` };
  return known;
}
