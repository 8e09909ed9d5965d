import type { Database } from "bun:sqlite";
import { quoteLinesTotal } from "../../../shared/quote-view";
import { renderQuoteEmail } from "../../emails/quote";
import { renderQuoteResponseNotice } from "../../emails/quote-response";
import type { Alerts } from "../alerts/alerts";
import { ALERT_TEXTS } from "../alerts/happenings";
import { readShopIdentity } from "../content/service";
import { enqueueEmail } from "../outbox/service";
import { type QuoteRow, quoteQueries } from "./queries";

export type QuoteEmails = ReturnType<typeof quoteEmails>;

const ALERT_EVENT_OF_ANSWER = { accepted: "quote_accepted", changes: "quote_changes", declined: "quote_declined" } as const;

/**
 * The quote's emails, queued in the caller's transaction so each commits with
 * what caused it. Dedupe keys make each one once: a double-clicked Accept tells
 * the owner once per quote.
 */
export function quoteEmails({ publicUrl, ownerEmail, alerts }: { publicUrl: string; ownerEmail: string | undefined; alerts: Alerts }) {
  return {
    /** The shopper's copy of a quote just sent, with the only copy of its link. */
    queueQuote(db: Database, quote: QuoteRow, url: string): void {
      const sql = quoteQueries(db);
      const request = sql.requestOf(quote.custom_request_id);
      if (!request) return;
      const lines = sql.linesOf(quote.id);
      enqueueEmail(db, {
        dedupeKey: `quote:${quote.id}`,
        kind: "quote",
        orderId: null,
        recipient: request.email,
        ...renderQuoteEmail(
          {
            quoteId: quote.id,
            version: quote.version,
            requestId: request.id,
            customerName: request.name,
            lines,
            deliveryCents: quote.delivery_cents,
            totalCents: quoteLinesTotal(lines) + quote.delivery_cents,
            leadTimeDays: quote.lead_time_days,
            validUntil: quote.valid_until,
            message: quote.message,
            url,
          },
          publicUrl,
          readShopIdentity(db),
        ),
      });
    },

    /** The owner's notice of the shopper's answer (no email when no OWNER_EMAIL is set) and their alert. */
    queueAnswerNotice(
      db: Database,
      quote: QuoteRow,
      kind: "accepted" | "changes" | "declined",
      message: string | null,
      totalCents: number,
    ): void {
      const sql = quoteQueries(db);
      const request = sql.requestOf(quote.custom_request_id);
      if (!request) return;
      const itemCount = sql.linesOf(quote.id).reduce((sum, line) => sum + line.quantity, 0);
      alerts.queue(
        ALERT_EVENT_OF_ANSWER[kind],
        `quote-${kind}:${quote.id}`,
        ALERT_TEXTS.quoteAnswer(kind, { id: quote.id, version: quote.version, requestId: request.id, itemCount }, totalCents),
      );
      if (!ownerEmail) return;
      enqueueEmail(db, {
        dedupeKey: `quote-${kind}:${quote.id}`,
        kind: `quote-${kind}`,
        orderId: null,
        recipient: ownerEmail,
        ...renderQuoteResponseNotice(
          {
            quoteId: quote.id,
            version: quote.version,
            requestId: request.id,
            customerName: request.name,
            customerEmail: request.email,
            kind,
            message,
            totalCents,
          },
          publicUrl,
          readShopIdentity(db),
        ),
      });
    },
  };
}
