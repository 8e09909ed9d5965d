/**
 * Sends one email. The only implementation talks to Resend; with no
 * RESEND_API_KEY there is no mailer at all and emails wait in the outbox.
 */
type OutgoingEmail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Stable per outbox row: if a send times out after Resend accepted it, the
   * retry with the same key is recognised and not delivered twice.
   */
  idempotencyKey: string;
};

export interface Mailer {
  /** Resolves with the provider's message id; throws MailerError on failure. */
  send(email: OutgoingEmail): Promise<{ id: string }>;
}

export class MailerError extends Error {
  constructor(
    message: string,
    /** false for failures a retry cannot fix (bad address, bad key). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "MailerError";
  }
}
