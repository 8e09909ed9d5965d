import type { Database } from "bun:sqlite";
import { MAX_SHOPPER_MESSAGES, type NewQuote, type QuoteLine, type QuoteStatus } from "./model";

/** One quotes row as stored (status as written: 'expired' is read by the service from the date). */
export type QuoteRow = {
  id: string;
  custom_request_id: string;
  version: number;
  status: QuoteStatus;
  delivery_cents: number;
  lead_time_days: number;
  valid_until: string;
  message: string | null;
  token_hash: string;
  order_id: string | null;
  shopper_message: string | null;
  responded_at: string | null;
  created_at: string;
};

const COLUMNS = `id, custom_request_id, version, status, delivery_cents, lead_time_days, valid_until, message, token_hash, order_id,
  shopper_message, responded_at, created_at`;
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** The SQL of the quotes module, in one place. */
/** The request a paid order came from, through `quotes_by_order` (docs/decisions/0059-every-list-bounded.md). */
export const REQUEST_OF_ORDER_SQL = `SELECT r.id AS request_id, r.name, q.id AS quote_id
  FROM quotes q JOIN custom_requests r ON r.id = q.custom_request_id WHERE q.order_id = ?`;

export function quoteQueries(db: Database) {
  const requestExists = db.query<{ id: string }, [string]>("SELECT id FROM custom_requests WHERE id = ?");
  const nextVersion = db.query<{ version: number }, [string]>(
    "SELECT COALESCE(MAX(version), 0) + 1 AS version FROM quotes WHERE custom_request_id = ?",
  );
  const liveOf = db.query<{ id: string }, [string]>(
    "SELECT id FROM quotes WHERE custom_request_id = ? AND status IN ('sent', 'changes_requested')",
  );
  const setStatus = db.query<unknown, [QuoteStatus, string]>(`UPDATE quotes SET status = ?, updated_at = ${NOW} WHERE id = ?`);
  const insertQuote = db.query<unknown, [string, string, number, number, number, string, string | null, string]>(
    `INSERT INTO quotes (id, custom_request_id, version, delivery_cents, lead_time_days, valid_until, message, token_hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLine = db.query<unknown, [string, number, string, number, number]>(
    "INSERT INTO quote_lines (quote_id, position, description, amount_cents, quantity) VALUES (?, ?, ?, ?, ?)",
  );
  const markInProgress = db.query<unknown, [string]>(`UPDATE custom_requests SET status = 'in_progress', updated_at = ${NOW} WHERE id = ?`);
  const one = db.query<QuoteRow, [string]>(`SELECT ${COLUMNS} FROM quotes WHERE id = ?`);
  const ofRequest = db.query<QuoteRow, [string]>(`SELECT ${COLUMNS} FROM quotes WHERE custom_request_id = ? ORDER BY version DESC`);
  const linesOf = db.query<QuoteLine, [string]>(
    "SELECT description, amount_cents, quantity FROM quote_lines WHERE quote_id = ? ORDER BY position",
  );
  const attachmentsOf = db.query<{ id: string; filename: string; removed_at: string | null }, [string]>(
    "SELECT id, filename, removed_at FROM custom_request_attachments WHERE request_id = ? ORDER BY created_at, rowid",
  );
  const answer = db.query<unknown, [QuoteStatus, string | null, string]>(
    `UPDATE quotes SET status = ?, shopper_message = ?, responded_at = ${NOW}, updated_at = ${NOW} WHERE id = ?`,
  );
  const requestOfOrder = db.query<{ request_id: string; name: string; quote_id: string }, [string]>(REQUEST_OF_ORDER_SQL);
  const askedFor = db.query<{ details: string; material: string | null; color: string | null }, [string]>(
    "SELECT details, material, color FROM custom_requests WHERE id = ?",
  );
  // quotes_by_request serves it; a declined version is never withdrawn later, so its status still says what the answer was.
  const shopperMessages = db.query<{ version: number; status: QuoteStatus; message: string; sent_at: string }, [string, number]>(
    `SELECT version, status, shopper_message AS message, responded_at AS sent_at FROM quotes
     WHERE custom_request_id = ? AND version <= ? AND shopper_message IS NOT NULL AND responded_at IS NOT NULL
     ORDER BY version LIMIT ${MAX_SHOPPER_MESSAGES}`,
  );
  const requestOf = db.query<{ id: string; name: string; email: string }, [string]>(
    "SELECT id, name, email FROM custom_requests WHERE id = ?",
  );

  return {
    requestExists: (id: string) => requestExists.get(id) !== null,
    one: (id: string) => one.get(id),
    ofRequest: (requestId: string) => ofRequest.all(requestId),
    linesOf: (quoteId: string) => linesOf.all(quoteId),
    attachmentsOf: (requestId: string) => attachmentsOf.all(requestId),
    /** The request a quote answers, as the shopper sent it. */
    askedFor: (requestId: string) => askedFor.get(requestId),
    /** The shopper's messages on the request's versions up to `version`, oldest first. */
    shopperMessages: (requestId: string, version: number) => shopperMessages.all(requestId, version),
    /** Who asked for the request a quote answers: its name and email for the emails. */
    requestOf: (requestId: string) => requestOf.get(requestId),
    requestOfOrder: (orderId: string) => requestOfOrder.get(orderId),
    /** Withdraws the request's live quote (at most one); answers the ids withdrawn. */
    withdrawLive(requestId: string): string[] {
      const live = liveOf.all(requestId).map((row) => row.id);
      for (const id of live) setStatus.run("withdrawn", id);
      return live;
    },
    withdraw: (id: string) => setStatus.run("withdrawn", id),
    insert({
      id,
      requestId,
      delivery,
      tokenHash,
      quote,
    }: {
      id: string;
      requestId: string;
      delivery: number;
      tokenHash: string;
      quote: NewQuote;
    }) {
      const version = nextVersion.get(requestId)?.version ?? 1;
      insertQuote.run(id, requestId, version, delivery, quote.lead_time_days, quote.valid_until, quote.message, tokenHash);
      for (const [index, line] of quote.lines.entries()) insertLine.run(id, index + 1, line.description, line.amount_cents, line.quantity);
    },
    markRequestInProgress: (requestId: string) => markInProgress.run(requestId),
    answer: (id: string, status: "declined" | "changes_requested", message: string | null) => answer.run(status, message, id),
  };
}
