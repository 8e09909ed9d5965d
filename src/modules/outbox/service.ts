import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { type Mailer, MailerError } from "../../services/mail/mailer";

type OutboxStatus = "pending" | "sending" | "sent" | "failed";
/** Where a row goes: an email, one device's Web Push, or the owner's ntfy topic (docs/decisions/0046-owner-alerts.md). */
type OutboxChannel = "email" | "push" | "ntfy";

/** One email_outbox row as stored. Times are ISO-8601 UTC text. */
export type OutboxRow = {
  id: number;
  dedupe_key: string;
  kind: string;
  order_id: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: string;
  sent_at: string | null;
  channel: OutboxChannel;
  /** The /admin screen an alert opens; null for an email. */
  link: string | null;
};

export type NewEmail = {
  /** One row per key, e.g. `order-confirmation:ORD-…`: a replayed webhook adds nothing. */
  dedupeKey: string;
  kind: string;
  orderId: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** "email" when left out. For an alert: push (recipient = the device's id) or ntfy (recipient "ntfy"). */
  channel?: OutboxChannel;
  link?: string | null;
  /** When it is due (ISO-8601 UTC), if not at once: a gift voucher emailed on the day the buyer chose. */
  sendAt?: string;
};

/**
 * Sends one alert row (push or ntfy). Resolves with an id for the row; throws MailerError (retryable or not)
 * as the mailer does, so a failed alert is retried and given up on exactly like an email.
 */
export type AlertSender = (row: OutboxRow) => Promise<{ id: string }>;

/** Longer than any send may take (the Resend mailer gives up after 20 s): past it, the sender is presumed dead. */
const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 8;
/** Wait before attempt n + 1 after attempt n failed; the last step repeats. */
const BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 12 * 60 * 60_000, 24 * 60 * 60_000];

function backoffAfter(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1] ?? 0;
}

/**
 * Adds an email to the outbox. Synchronous on purpose: call it inside the
 * caller's transaction so the email commits (or rolls back) with the order
 * that caused it. Returns false when the dedupe key already had a row.
 */
export function enqueueEmail(db: Database, email: NewEmail): boolean {
  const result = db
    .query(
      `INSERT INTO email_outbox (dedupe_key, kind, order_id, recipient, subject, html, text, channel, link, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) ON CONFLICT(dedupe_key) DO NOTHING`,
    )
    .run(
      email.dedupeKey,
      email.kind,
      email.orderId,
      email.recipient,
      email.subject,
      email.html,
      email.text,
      email.channel ?? "email",
      email.link ?? null,
      email.sendAt ?? null,
    );
  return result.changes === 1;
}

/** Plain email rows for the admin, newest first (the owner's alerts are not emails about the order). */
export function listOutbox(db: Database, { orderId }: { orderId?: string } = {}): OutboxRow[] {
  if (orderId !== undefined) {
    return db
      .query<OutboxRow, [string]>("SELECT * FROM email_outbox WHERE order_id = ? AND channel = 'email' ORDER BY created_at DESC, id DESC")
      .all(orderId);
  }
  return db.query<OutboxRow, []>("SELECT * FROM email_outbox WHERE channel = 'email' ORDER BY created_at DESC, id DESC").all();
}

/** The newest email of one kind about one order (highest id), or null when there is none. */
export function newestEmail(db: Database, { orderId, kind }: { orderId: string; kind: string }): OutboxRow | null {
  return db
    .query<OutboxRow, [string, string]>(
      "SELECT * FROM email_outbox WHERE order_id = ? AND kind = ? AND channel = 'email' ORDER BY id DESC LIMIT 1",
    )
    .get(orderId, kind);
}

export type EmailContent = Pick<NewEmail, "recipient" | "subject" | "html" | "text">;

/**
 * Brings an email still waiting in the outbox up to date instead of adding a
 * second one: it takes the new words and is due at once. Only an email never
 * offered to Resend may change its words, because its idempotency key
 * (outbox-<id>) stands for the payload Resend first saw; one already tried is
 * retired (failed, with `retiredBecause`) so the caller queues a fresh row.
 * Returns true when the waiting email now carries `content`. Call it inside
 * the caller's transaction, like enqueueEmail.
 */
export function refreshWaitingEmail(db: Database, id: number, content: EmailContent, retiredBecause: string): boolean {
  const refreshed = db
    .query(
      `UPDATE email_outbox SET recipient = $recipient, subject = $subject, html = $html, text = $text,
         next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = $id AND status = 'pending'
         AND (attempts = 0 OR (recipient = $recipient AND subject = $subject AND html = $html AND text = $text))`,
    )
    .run({ id, ...content });
  if (refreshed.changes === 1) return true;
  db.query("UPDATE email_outbox SET status = 'failed', last_error = ? WHERE id = ? AND status = 'pending'").run(retiredBecause, id);
  return false;
}

export type OutboxDelivery = ReturnType<typeof createOutboxDelivery>;

export type DeliveryResult = { sent: number; retried: number; failed: number };

/**
 * Sends what is due. A row is claimed (status 'sending', a lease, attempts + 1)
 * in one short IMMEDIATE transaction, so two senders — two calls here or two
 * processes — never both hold it; the network call happens outside any
 * transaction. Each later update names the attempt it belongs to, so a sender
 * that lost its lease cannot overwrite the outcome of the one that took over.
 */
export function createOutboxDelivery({
  db,
  mailer,
  from,
  alerts,
  onEmailFailed,
  now = () => new Date(),
}: {
  db: Database;
  /** Without a mailer (email not set up) emails wait, unclaimed; alerts still go. */
  mailer?: Mailer;
  from?: string;
  alerts?: { push: AlertSender; ntfy: AlertSender };
  /** Told of an email given up on (after its last retry, or one a retry cannot fix): the owner's alert. */
  onEmailFailed?: (row: OutboxRow) => void;
  now?: () => Date;
}) {
  // Only rows some sender here can send are claimed: the others keep waiting as 'pending'.
  const channels = JSON.stringify([...(mailer && from ? ["email"] : []), ...(alerts ? ["push", "ntfy"] : [])]);
  const claimDue = db.query<OutboxRow, { now: string; leaseEnd: string; limit: number; channels: string }>(
    `UPDATE email_outbox SET status = 'sending', locked_until = $leaseEnd, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM email_outbox
       WHERE ((status = 'pending' AND next_attempt_at <= $now)
          OR (status = 'sending' AND locked_until <= $now)) -- its sender died mid-send
         AND channel IN (SELECT value FROM json_each($channels))
       ORDER BY next_attempt_at, id LIMIT $limit
     )
     RETURNING *`,
  );
  const markSent = db.query<unknown, [string, string, number, number]>(
    `UPDATE email_outbox SET status = 'sent', provider_message_id = ?, sent_at = ?, locked_until = NULL, last_error = NULL
     WHERE id = ? AND attempts = ? AND status = 'sending'`,
  );
  const markRetry = db.query<unknown, [string, string, number, number]>(
    `UPDATE email_outbox SET status = 'pending', next_attempt_at = ?, last_error = ?, locked_until = NULL
     WHERE id = ? AND attempts = ? AND status = 'sending'`,
  );
  const markFailed = db.query<unknown, [string, number, number]>(
    `UPDATE email_outbox SET status = 'failed', last_error = ?, locked_until = NULL
     WHERE id = ? AND attempts = ? AND status = 'sending'`,
  );

  function send(row: OutboxRow): Promise<{ id: string }> {
    if (row.channel !== "email") return alerts![row.channel](row);
    return mailer!.send({
      from: from!,
      to: row.recipient,
      subject: row.subject,
      html: row.html,
      text: row.text,
      // Stable across attempts: if Resend accepted an earlier try whose answer never
      // reached us, it recognises this one and does not deliver the email again.
      idempotencyKey: `outbox-${row.id}`,
    });
  }

  async function deliverOne(row: OutboxRow): Promise<keyof DeliveryResult> {
    let messageId: string;
    try {
      ({ id: messageId } = await send(row));
    } catch (error) {
      return recordFailure(row, error);
    }
    markSent.run(messageId, now().toISOString(), row.id, row.attempts);
    return "sent";
  }

  function recordFailure(row: OutboxRow, error: unknown): "retried" | "failed" {
    // Anything that is not a MailerError is unexpected, so it is retried rather than dropped.
    const retryable = error instanceof MailerError ? error.retryable : true;
    const message = error instanceof Error ? error.message : String(error);
    if (retryable && row.attempts < MAX_ATTEMPTS) {
      const next = new Date(now().getTime() + backoffAfter(row.attempts)).toISOString();
      markRetry.run(next, message, row.id, row.attempts);
      return "retried";
    }
    const given = markFailed.run(message, row.id, row.attempts).changes === 1;
    if (given && row.channel === "email") onEmailFailed?.(row);
    return "failed";
  }

  return {
    /** `at` is when to count from: the delivery of a day ahead (a gift voucher's send date) without waiting for it. */
    async deliverDue(limit = 20, at: Date = now()): Promise<DeliveryResult> {
      const leaseEnd = new Date(at.getTime() + LEASE_MS).toISOString();
      const claimed = writeTransaction(db, () => claimDue.all({ now: at.toISOString(), leaseEnd, limit, channels }));
      const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
      // One at a time, oldest first: a shop's outbox is short, and Resend rate-limits bursts.
      for (const row of claimed.sort((a, b) => a.id - b.id)) {
        // A slow batch can outlive a later row's lease; another sender may own it by now.
        if (row.locked_until !== null && now().toISOString() >= row.locked_until) continue;
        result[await deliverOne(row)] += 1;
      }
      return result;
    },
  };
}
