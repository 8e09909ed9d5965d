import type { Database } from "bun:sqlite";
import { ukToday } from "../../../shared/uk-day";

// The orders export's CSV, read a page at a time. It runs inside the export's worker (export-worker.ts) on its
// own read-only connection, never on the shoppers' loop (docs/decisions/0032-exports-off-the-main-thread.md).

/**
 * The niceness of the export worker's thread (export-worker.ts; the shop's own thread stays at 0): a year's export
 * is a second or so of CPU, and on a shop whose cores are busy answering shoppers it takes what they leave rather
 * than a share of theirs. On an idle machine it runs as fast as before.
 * docs/decisions/0044-the-owner-beside-the-shoppers.md
 */
export const EXPORT_THREAD_NICENESS = 10;

/** Rows read per step: the stream holds one page, never the whole range (a year of orders stays on disk). */
export const EXPORT_PAGE_ROWS = 200;

/** The instants the export covers: from the start of the first UK day (inclusive) to the start of the day after the last (exclusive). */
export type ExportWindow = { start: string; end: string };

const HEADER = [
  "Date",
  "Reference",
  "Customer",
  "Email",
  "Postcode",
  "Items",
  "Subtotal (£)",
  "Delivery (£)",
  "Discount (£)",
  "Refunded (£)",
  "Total (£)",
  "Status",
];

type ExportRow = {
  rowid: number;
  id: string;
  created_at: string;
  shipping_name: string | null;
  email: string | null;
  shipping_postal_code: string | null;
  items: string | null;
  subtotal_cents: number;
  delivery_cents: number;
  discount_cents: number;
  refunded_cents: number;
  amount_cents: number;
  status: string;
};

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return, which some strip first) as a
 * formula: a customer's name like "=HYPERLINK(...)" must arrive as text, so it gets a leading apostrophe (OWASP).
 */
export function neutralised(text: string | null): string {
  const value = text ?? "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Plain numbers with two decimals (the £ is in the heading), so the accountant's spreadsheet can add them up. */
export function pounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/**
 * One CSV line, windows line ending (RFC 4180): a cell holding a comma, a quote, a line feed or a carriage
 * return goes in quotes with its quotes doubled, every other cell as it is. Written here rather than by
 * csv-stringify, which took several times longer than the page's query; the bytes are the ones it wrote,
 * except that a lone line feed or carriage return is quoted too (it left them bare, which splits the row in
 * a spreadsheet). tests/unit/export-csv.test.ts holds both.
 */
export function csvLine(cells: readonly string[]): string {
  let line = "";
  for (let index = 0; index < cells.length; index += 1) {
    if (index > 0) line += ",";
    line += csvCell(cells[index]!);
  }
  return `${line}\r\n`;
}

/** One cell as csvLine writes it: quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
function csvCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * The UK day of each stored time (ISO, UTC), for rows read in time order: a UK day starts on a whole UTC hour (00:00Z
 * in winter, 23:00Z in summer), so every time within one UTC hour (its first 13 characters) is on the same UK day,
 * and the day is worked out once an hour of rows rather than once a row.
 */
export function ukDaysOfStoredTimes(): (storedAt: string) => string {
  let hour = "";
  let day = "";
  return (storedAt) => {
    if (hour === "" || !storedAt.startsWith(hour)) {
      hour = storedAt.slice(0, 13);
      day = ukToday(new Date(storedAt));
    }
    return day;
  };
}

/** A row's line: the cells of HEADER, in its order, each as csvLine writes it, without an array a row. */
function orderLine(row: ExportRow, day: string): string {
  return `${day},${csvCell(row.id)},${csvCell(neutralised(row.shipping_name))},${csvCell(neutralised(row.email))},${csvCell(
    neutralised(row.shipping_postal_code),
  )},${csvCell(neutralised(row.items))},${pounds(row.subtotal_cents)},${pounds(row.delivery_cents)},${pounds(row.discount_cents)},${pounds(
    row.refunded_cents,
  )},${pounds(row.amount_cents)},${csvCell(row.status)}\r\n`;
}

/**
 * One page of the export: a range scan of the index on orders(created_at), whose entries run in
 * (created_at, rowid) order, starting at the last row sent. `lower` is the later of the range's start and that
 * row's moment, the scan's one lower bound, so no page walks or sorts what earlier pages sent; the OR skips
 * only the rows of that same moment already sent. What was bought and what was refunded are kept on the order
 * as its lines and refunds change (migrations/0044_export_cells_kept.sql), so a page reads its orders' rows and
 * nothing else. tests/unit/export-csv.test.ts checks the plan.
 */
export const EXPORT_PAGE_SQL = `SELECT o.rowid, o.id, o.created_at, o.shipping_name, o.email, o.shipping_postal_code, o.items_text AS items,
       o.subtotal_cents, o.delivery_cents, o.discount_cents, o.refunded_cents, o.amount_cents, o.status
     FROM orders o
     WHERE o.created_at >= $lower AND o.created_at < $end AND (o.created_at > $after OR o.rowid > $afterRowid)
     ORDER BY o.created_at, o.rowid LIMIT ${EXPORT_PAGE_ROWS}`;

export type CsvPage = { bytes: Uint8Array<ArrayBuffer>; last: boolean };

/**
 * The orders made in the window, oldest first, as CSV pages: UTF-8 with a byte-order mark (without it Excel
 * reads the £ as two other characters) and the heading before the first row, windows line endings, one row
 * per order. Each call reads the next page; `last` says nothing follows.
 */
export function createCsvPages(db: Database, { start, end }: ExportWindow): () => CsvPage {
  const page = db.query<ExportRow, [Record<string, string | number>]>(EXPORT_PAGE_SQL);
  const encoder = new TextEncoder();
  // Keyset paging: each page starts after the last row sent, so an order written meanwhile neither repeats nor shifts one out.
  let after = { at: "", rowid: 0 };
  let headed = false;
  const ukDayOf = ukDaysOfStoredTimes();
  return () => {
    const rows = page.all({ lower: after.at > start ? after.at : start, end, after: after.at, afterRowid: after.rowid });
    const last = rows[rows.length - 1];
    if (last) after = { at: last.created_at, rowid: last.rowid };
    let text = headed ? "" : `\uFEFF${csvLine(HEADER)}`;
    headed = true;
    for (const row of rows) text += orderLine(row, ukDayOf(row.created_at));
    return { bytes: encoder.encode(text) as Uint8Array<ArrayBuffer>, last: rows.length < EXPORT_PAGE_ROWS };
  };
}
