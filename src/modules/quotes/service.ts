import type { Database } from "bun:sqlite";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { quoteDelivery } from "../../../shared/basket";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, NotFound } from "../../errors";
import { REQUEST_NOT_FOUND } from "../admin-requests/model";
import type { ContentService } from "../content/service";
import {
  LIVE_STATUSES,
  MESSAGES,
  type NewQuote,
  QUOTE_NOT_FOUND,
  type QuoteCreated,
  type QuoteLine,
  type QuoteStatus,
  type QuoteView,
} from "./model";

type QuoteRow = {
  id: string;
  custom_request_id: string;
  status: QuoteStatus;
  delivery_cents: number;
  lead_time_days: number;
  valid_until: string;
  message: string | null;
  token_hash: string;
  order_id: string | null;
};

export type QuoteService = ReturnType<typeof createQuoteService>;

type QuoteServiceOptions = {
  db: Database;
  content: ContentService;
  /** The shop's public address, for the shopper's absolute link. */
  publicUrl: string;
  now?: () => Date;
};

/** Priced quotes for custom requests (issue 13): the owner sends one, the shopper reads it through a secret link. */
export function createQuoteService({ db, content, publicUrl, now = () => new Date() }: QuoteServiceOptions) {
  const requestExists = db.query<{ id: string }, [string]>("SELECT id FROM custom_requests WHERE id = ?");
  const nextVersion = db.query<{ version: number }, [string]>(
    "SELECT COALESCE(MAX(version), 0) + 1 AS version FROM quotes WHERE custom_request_id = ?",
  );
  const withdrawLive = db.query<unknown, [string]>(
    `UPDATE quotes SET status = 'withdrawn', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE custom_request_id = ? AND status IN ('sent', 'changes_requested')`,
  );
  const insertQuote = db.query<unknown, [string, string, number, number, number, string, string | null, string]>(
    `INSERT INTO quotes (id, custom_request_id, version, delivery_cents, lead_time_days, valid_until, message, token_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLine = db.query<unknown, [string, number, string, number]>(
    "INSERT INTO quote_lines (quote_id, position, description, amount_cents) VALUES (?, ?, ?, ?)",
  );
  const markInProgress = db.query<unknown, [string]>(
    "UPDATE custom_requests SET status = 'in_progress', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
  );
  const oneQuote = db.query<QuoteRow, [string]>(
    `SELECT id, custom_request_id, status, delivery_cents, lead_time_days, valid_until, message, token_hash, order_id
     FROM quotes WHERE id = ?`,
  );
  const linesOf = db.query<QuoteLine, [string]>("SELECT description, amount_cents FROM quote_lines WHERE quote_id = ? ORDER BY position");
  const attachmentsOf = db.query<{ filename: string }, [string]>(
    "SELECT filename FROM custom_request_attachments WHERE request_id = ? ORDER BY created_at, rowid",
  );

  return {
    /**
     * Sends a new version for a request: the previous live one is withdrawn and
     * the request moves to in_progress, all or nothing. Throws NotFound for an
     * unknown request and BadRequest for a date before today in the UK.
     */
    create(requestId: string, quote: NewQuote): QuoteCreated {
      const token = randomBytes(32).toString("base64url");
      const id = `qt_${randomBytes(12).toString("hex")}`;
      writeTransaction(db, () => {
        if (!requestExists.get(requestId)) throw new NotFound(REQUEST_NOT_FOUND);
        if (quote.valid_until < ukToday(now())) throw new BadRequest(MESSAGES.validUntilPast);
        const linesTotal = quote.lines.reduce((sum, line) => sum + line.amount_cents, 0);
        const { deliveryFeePence, freeDeliveryThresholdPence } = content.deliverySettings();
        const delivery = quote.delivery_cents ?? quoteDelivery(linesTotal, deliveryFeePence, freeDeliveryThresholdPence).delivery;
        withdrawLive.run(requestId);
        const version = nextVersion.get(requestId)?.version ?? 1;
        insertQuote.run(id, requestId, version, delivery, quote.lead_time_days, quote.valid_until, quote.message, hashToken(token));
        for (const [index, line] of quote.lines.entries()) insertLine.run(id, index + 1, line.description, line.amount_cents);
        markInProgress.run(requestId);
      });
      return { id, url: `${publicUrl}/quote/${encodeURIComponent(id)}?t=${token}` };
    },

    /** The shopper's view, only with the link's token; anything else is the one NotFound. */
    read(id: string, token: string | undefined): QuoteView {
      const row = oneQuote.get(id);
      // Compared even when there is no such quote, so the answer takes as long either way.
      const matches = sameHash(row?.token_hash ?? UNMATCHABLE_HASH, hashToken(token ?? ""));
      if (!row || !matches || !token) throw new NotFound(QUOTE_NOT_FOUND);
      const lines = linesOf.all(row.id);
      const linesTotal = lines.reduce((sum, line) => sum + line.amount_cents, 0);
      const expired = LIVE_STATUSES.includes(row.status) && row.valid_until < ukToday(now());
      return {
        id: row.id,
        status: expired ? "expired" : row.status,
        lines,
        delivery_cents: row.delivery_cents,
        total_cents: linesTotal + row.delivery_cents,
        currency: "gbp",
        valid_until: row.valid_until,
        lead_time_days: row.lead_time_days,
        message: row.message,
        attachments: attachmentsOf.all(row.custom_request_id),
        order_id: row.order_id,
      };
    },
  };
}

/** The quote's link token as stored: its SHA-256 in hex (the token has 256 random bits, so no salt is needed). */
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const UNMATCHABLE_HASH = "-".repeat(64);

function sameHash(stored: string, given: string): boolean {
  return timingSafeEqual(Buffer.from(stored), Buffer.from(given));
}

const ukDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today's date in the UK as YYYY-MM-DD: valid_until is a UK day, whatever the server's zone. */
export function ukToday(at: Date): string {
  return ukDate.format(at);
}
