import type { Env } from "../env";
import { log } from "../log";
import type { OutboxDelivery } from "../modules/outbox/service";
import type { Mailer } from "../services/mail/mailer";
import { createResendMailer } from "../services/mail/resend";
import { type PeriodicJob, startPeriodicJob } from "./periodic";

const DELIVER_OUTBOX_INTERVAL_MS = 5_000;

type MailSettings = Pick<Env, "RESEND_API_KEY" | "RESEND_API_BASE" | "MAIL_FROM">;

/**
 * The one place that decides whether email leaves the shop. Resend needs both
 * a key and a sender on a verified domain; without either the shop runs
 * outbox-only and emails wait as 'pending' (the admin shows them as not sent
 * and a banner says email is not set up).
 */
export function mailDeliveryConfigured(env: MailSettings): env is MailSettings & { RESEND_API_KEY: string; MAIL_FROM: string } {
  return Boolean(env.RESEND_API_KEY && env.MAIL_FROM);
}

/** The mailer and sender the outbox delivers with, or null when email is not set up. */
export function mailDeliveryFromEnv(env: MailSettings): { mailer: Mailer; from: string } | null {
  if (!mailDeliveryConfigured(env)) return null;
  return { mailer: createResendMailer({ apiKey: env.RESEND_API_KEY, apiBase: env.RESEND_API_BASE }), from: env.MAIL_FROM };
}

/**
 * Starts delivering the outbox every few seconds. It always runs: the owner's push and ntfy alerts go out
 * whether or not email is set up; without a mailer, emails wait as 'pending' (createOutboxDelivery claims
 * only what it can send).
 */
export function startDeliverOutboxJob({
  outbox,
  env,
  intervalMs = DELIVER_OUTBOX_INTERVAL_MS,
}: {
  outbox: OutboxDelivery;
  env: MailSettings;
  intervalMs?: number;
}): PeriodicJob {
  // Half-configured is worth a warning: the owner set a key and expects mail to go out.
  if (env.RESEND_API_KEY && !env.MAIL_FROM) log("warn", "RESEND_API_KEY is set but MAIL_FROM is not: emails stay in the outbox unsent");
  return startPeriodicJob("deliver-outbox", intervalMs, () => outbox.deliverDue());
}
