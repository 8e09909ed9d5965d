import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { quoteDelivery } from "../../../shared/basket";
import { quoteLinesTotal } from "../../../shared/quote-view";
import { formatUkDay, ukToday } from "../../../shared/uk-day";
import { rowId } from "../../db/row-id";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { hashLinkToken as hashToken, linkTokenMatches } from "../../http/link-token";
import { REQUEST_NOT_FOUND } from "../admin-requests/model";
import type { QuotePayment } from "../checkout/quote-checkout";
import type { ContentService } from "../content/service";
import { parseOrBadRequest } from "../validate";
import {
  type AdminQuote,
  ANSWER_MESSAGES,
  changesMessageSchema,
  declineMessageSchema,
  LIVE_STATUSES,
  MESSAGES,
  type NewQuote,
  type OrderCustomRequest,
  QUOTE_NOT_FOUND,
  type QuoteCreated,
  type QuoteStatus,
  type QuoteView,
} from "./model";
import { type QuoteRow, quoteQueries } from "./queries";
import type { QuoteEmails } from "./quote-emails";

export type QuoteService = ReturnType<typeof createQuoteService>;

type QuoteServiceOptions = {
  db: Database;
  content: ContentService;
  emails: QuoteEmails;
  /** The shop's public address, for the shopper's absolute link. */
  publicUrl: string;
  now?: () => Date;
};

/**
 * Priced quotes for custom requests (docs/decisions/0014-quotes.md): the owner sends one, the
 * shopper reads and answers it through a secret link, and accepting hands its
 * lines to the checkout (src/modules/checkout/quote-checkout.ts).
 */
export function createQuoteService({ db, content, emails, publicUrl, now = () => new Date() }: QuoteServiceOptions) {
  const sql = quoteQueries(db);

  /** A live quote past its UK day reads as expired; nothing rewrites the row. */
  function statusOf(row: QuoteRow): QuoteStatus {
    return LIVE_STATUSES.includes(row.status) && row.valid_until < ukToday(now()) ? "expired" : row.status;
  }

  function priced(row: QuoteRow) {
    const lines = sql.linesOf(row.id);
    return { lines, total_cents: quoteLinesTotal(lines) + row.delivery_cents };
  }

  function viewOf(row: QuoteRow): QuoteView {
    return {
      id: row.id,
      version: row.version,
      status: statusOf(row),
      ...pricedView(row),
      currency: "gbp",
      attachments: sql.attachmentsOf(row.custom_request_id).map(({ filename }) => ({ filename })),
      // A quote's request always exists: deleting a request deletes its quotes (migrations/0012_quotes.sql).
      request: sql.askedFor(row.custom_request_id)!,
      your_messages: sql.shopperMessages(row.custom_request_id, row.version).map(({ status, ...message }) => ({
        ...message,
        kind: status === "declined" ? "declined" : "changes",
      })),
    };
  }

  function pricedView(row: QuoteRow) {
    const { lines, total_cents } = priced(row);
    return {
      lines,
      delivery_cents: row.delivery_cents,
      total_cents,
      valid_until: row.valid_until,
      lead_time_days: row.lead_time_days,
      message: row.message,
      order_id: row.order_id,
    };
  }

  function adminViewOf(row: QuoteRow): AdminQuote {
    return {
      id: row.id,
      version: row.version,
      status: statusOf(row),
      ...pricedView(row),
      shopper_message: row.shopper_message,
      responded_at: row.responded_at,
      created_at: row.created_at,
    };
  }

  /** The quote behind a link, only with its token; anything else is the one NotFound. */
  function openWithToken(id: string, token: string | undefined): QuoteRow {
    const row = sql.one(id);
    const matches = linkTokenMatches(row?.token_hash ?? null, token);
    if (!row || !matches || !token) throw new NotFound(QUOTE_NOT_FOUND);
    return row;
  }

  /** Refuses an answer to a quote the shopper can no longer act on, saying which state it is in. */
  function requireLive(row: QuoteRow): void {
    const status = statusOf(row);
    if (status === "sent" || status === "changes_requested") return;
    throw new Conflict(status === "expired" ? ANSWER_MESSAGES.expired(formatUkDay(row.valid_until)) : ANSWER_MESSAGES[status]);
  }

  /** Records the shopper's decline or request for changes and tells the owner, all or nothing. */
  function answer(id: string, token: string | undefined, kind: "declined" | "changes_requested", message: string | null): QuoteView {
    return writeTransaction(db, () => {
      const row = openWithToken(id, token);
      requireLive(row);
      sql.answer(row.id, kind, message);
      emails.queueAnswerNotice(db, row, kind === "declined" ? "declined" : "changes", message, priced(row).total_cents);
      return viewOf(sql.one(row.id)!);
    });
  }

  return {
    /**
     * Sends a new version for a request: the previous live one is withdrawn,
     * the request moves to in_progress and the shopper's email is queued, all
     * or nothing. Answers the new quote and the versions it withdrew, whose
     * payment pages the caller ends (src/modules/quotes/index.ts).
     */
    create(requestId: string, quote: NewQuote): QuoteCreated & { withdrawn: string[] } {
      const token = randomBytes(32).toString("base64url");
      const id = rowId("qt");
      const url = `${publicUrl}/quote/${encodeURIComponent(id)}?t=${token}`;
      const withdrawn = writeTransaction(db, () => {
        if (!sql.requestExists(requestId)) throw new NotFound(REQUEST_NOT_FOUND);
        if (quote.valid_until < ukToday(now())) throw new BadRequest(MESSAGES.validUntilPast);
        const linesTotal = quoteLinesTotal(quote.lines);
        const { deliveryFeePence, freeDeliveryThresholdPence } = content.deliverySettings();
        const delivery = quote.delivery_cents ?? quoteDelivery(linesTotal, deliveryFeePence, freeDeliveryThresholdPence).delivery;
        const replaced = sql.withdrawLive(requestId);
        sql.insert({ id, requestId, delivery, tokenHash: hashToken(token), quote });
        sql.markRequestInProgress(requestId);
        emails.queueQuote(db, sql.one(id)!, url);
        return replaced;
      });
      return { id, url, withdrawn };
    },

    /** The shopper's view, only with the link's token. */
    read(id: string, token: string | undefined): QuoteView {
      return viewOf(openWithToken(id, token));
    },

    /**
     * The shopper pressed Accept and pay: what the payment page must charge,
     * once the quote is known to be live. The owner is told once per quote.
     */
    accept(id: string, token: string): QuotePayment {
      return writeTransaction(db, () => {
        const row = openWithToken(id, token);
        requireLive(row);
        const { lines, total_cents } = priced(row);
        emails.queueAnswerNotice(db, row, "accepted", null, total_cents);
        // The request's row exists while its quote does (migrations/0012_quotes.sql cascades deletes).
        const { name, email } = sql.requestOf(row.custom_request_id)!;
        return {
          payer: { name, email },
          quoteId: row.id,
          lines,
          deliveryCents: row.delivery_cents,
          quoteUrl: `${publicUrl}/quote/${encodeURIComponent(row.id)}?t=${encodeURIComponent(token)}`,
        };
      });
    },

    decline(id: string, token: string | undefined, message: unknown): QuoteView {
      // The token is checked before the message, so a wrong link learns nothing from a 400.
      openWithToken(id, token);
      return answer(id, token, "declined", parseOrBadRequest(declineMessageSchema, message));
    },

    askForChanges(id: string, token: string | undefined, message: unknown): QuoteView {
      const row = openWithToken(id, token);
      requireLive(row);
      if (row.status === "changes_requested") throw new Conflict(ANSWER_MESSAGES.changesAlreadyAsked);
      return answer(id, token, "changes_requested", parseOrBadRequest(changesMessageSchema, message));
    },

    /** The owner pulls a live quote; its payment pages are ended by the caller. */
    withdraw(id: string): AdminQuote {
      return writeTransaction(db, () => {
        const row = sql.one(id);
        if (!row) throw new NotFound("Quote not found.");
        const status = statusOf(row);
        if (status !== "sent" && status !== "changes_requested") throw new Conflict(ANSWER_MESSAGES.notLive);
        sql.withdraw(id);
        return adminViewOf(sql.one(id)!);
      });
    },

    /** Every version sent for a request, newest first. */
    forRequest(requestId: string): AdminQuote[] {
      return sql.ofRequest(requestId).map(adminViewOf);
    },

    /** The request a quoted order came from, with its files for download; null for a basket's order. */
    requestOfOrder(orderId: string): OrderCustomRequest | null {
      const found = sql.requestOfOrder(orderId);
      if (!found) return null;
      return {
        id: found.request_id,
        name: found.name,
        quote_id: found.quote_id,
        attachments: sql.attachmentsOf(found.request_id).map(({ id, filename, removed_at }) => ({
          id,
          filename,
          removed_at,
          download_url: `/api/admin/custom-requests/${encodeURIComponent(found.request_id)}/attachments/${encodeURIComponent(id)}/download`,
        })),
      };
    },
  };
}
