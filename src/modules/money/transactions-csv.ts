import type { Database } from "bun:sqlite";
import {
  type CsvPage,
  csvLine,
  EXPORT_PAGE_ROWS,
  type ExportWindow,
  neutralised,
  pounds,
  ukDaysOfStoredTimes,
} from "../admin-orders/export-csv";

// The transactions CSV for the owner's bookkeeping (docs/decisions/0050-money-that-reconciles.md): every sale and
// every refund in the window, oldest first, read a page at a time in the orders export's worker, on its own
// read-only connection (docs/decisions/0032-exports-off-the-main-thread.md), and written by the same CSV writer.

const HEADER = [
  "Date",
  "Reference",
  "Type",
  "Gross (£)",
  "Discount (£)",
  "Delivery (£)",
  "Fee (£)",
  "Net (£)",
  "Refund (£)",
  "Payout",
  "Payout date",
];

type TransactionRow = {
  at: string;
  kind: 0 | 1;
  rid: number;
  reference: string;
  gross_cents: number;
  discount_cents: number;
  delivery_cents: number;
  fee_cents: number | null;
  refund_cents: number;
  payout_id: string | null;
  payout_date: string | null;
};

/**
 * One page: sales (kind 0) and refunds (kind 1) made in the window, merged in (time, kind, rowid) order, starting
 * after the last row sent. Each arm walks its own table's time index from that row on.
 */
const TRANSACTIONS_PAGE_SQL = `
  SELECT o.created_at AS at, 0 AS kind, o.rowid AS rid, o.id AS reference, o.amount_cents + o.discount_cents AS gross_cents,
         o.discount_cents, o.delivery_cents, o.fee_cents, 0 AS refund_cents, p.id AS payout_id, p.arrival_date AS payout_date
  FROM orders o
  LEFT JOIN payout_lines l ON l.balance_transaction = o.balance_transaction
  LEFT JOIN payouts p ON p.id = l.payout_id
  WHERE o.created_at >= $lower AND o.created_at < $end AND (o.created_at, 0, o.rowid) > ($after, $afterKind, $afterRowid)
  UNION ALL
  SELECT r.created_at, 1, r.rowid, r.order_id, 0, 0, 0, r.fee_cents, r.amount_cents, p.id, p.arrival_date
  FROM refunds r
  LEFT JOIN payout_lines l ON l.balance_transaction = r.balance_transaction
  LEFT JOIN payouts p ON p.id = l.payout_id
  WHERE r.created_at >= $lower AND r.created_at < $end AND (r.created_at, 1, r.rowid) > ($after, $afterKind, $afterRowid)
  ORDER BY 1, 2, 3 LIMIT ${EXPORT_PAGE_ROWS}`;

/** A row's cells. Net is the row's own: gross − discount − fee for a sale, −(refund + fee) for a refund. */
function toCells(row: TransactionRow, day: string): string[] {
  const fee = row.fee_cents ?? 0;
  const net = row.gross_cents - row.discount_cents - fee - row.refund_cents;
  return [
    day,
    neutralised(row.reference),
    row.kind === 0 ? "Sale" : "Refund",
    pounds(row.gross_cents),
    pounds(row.discount_cents),
    pounds(row.delivery_cents),
    // A fee Stripe has not settled yet is left blank rather than written as 0.00.
    row.fee_cents === null ? "" : pounds(row.fee_cents),
    pounds(net),
    pounds(row.refund_cents),
    neutralised(row.payout_id),
    row.payout_date ?? "",
  ];
}

/** The window's sales and refunds as CSV pages: the same BOM, heading and line endings as the orders export. */
export function createTransactionPages(db: Database, { start, end }: ExportWindow): () => CsvPage {
  const page = db.query<TransactionRow, [Record<string, string | number>]>(TRANSACTIONS_PAGE_SQL);
  const encoder = new TextEncoder();
  let after = { at: "", kind: 0, rowid: 0 };
  let headed = false;
  const ukDayOf = ukDaysOfStoredTimes();
  return () => {
    const rows = page.all({
      lower: after.at > start ? after.at : start,
      end,
      after: after.at,
      afterKind: after.kind,
      afterRowid: after.rowid,
    });
    const last = rows[rows.length - 1];
    if (last) after = { at: last.at, kind: last.kind, rowid: last.rid };
    let text = headed ? "" : `\uFEFF${csvLine(HEADER)}`;
    headed = true;
    for (const row of rows) text += csvLine(toCells(row, ukDayOf(row.at)));
    return { bytes: encoder.encode(text) as Uint8Array<ArrayBuffer>, last: rows.length < EXPORT_PAGE_ROWS };
  };
}
