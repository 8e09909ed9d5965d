import type { Database } from "bun:sqlite";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { isReportDay, REPORT_RANGE_MESSAGES as MESSAGES } from "../../../shared/report-range";
import { addUkDays, isUkDay, ukDayStart, ukToday } from "../../../shared/uk-day";

/** A real day, then one within 2000–2100 (shared/report-range.ts), each with its own words. */
const day = (bad: string, outOfRange: string) =>
  z.string({ error: MESSAGES.missing }).refine(isUkDay, { error: bad, abort: true }).refine(isReportDay, { error: outOfRange });

/** GET /api/admin/orders/export.csv?from=&to=: UK days, both inclusive. */
export const exportRangeSchema = z
  .object(
    { from: day(MESSAGES.badFrom, MESSAGES.fromOutOfRange), to: day(MESSAGES.badTo, MESSAGES.toOutOfRange) },
    { error: MESSAGES.missing },
  )
  .refine(({ from, to }) => from <= to, { error: MESSAGES.reversed });
export type ExportRange = z.infer<typeof exportRangeSchema>;

/** Rows read per step: the stream holds one page, never the whole range (a year of orders stays on disk). */
const PAGE = 200;

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
function neutralised(text: string | null): string {
  const value = text ?? "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Plain numbers with two decimals (the £ is in the heading), so the accountant's spreadsheet can add them up. */
function pounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

function toCells(row: ExportRow): string[] {
  return [
    ukToday(new Date(row.created_at)),
    row.id,
    neutralised(row.shipping_name),
    neutralised(row.email),
    neutralised(row.shipping_postal_code),
    neutralised(row.items),
    pounds(row.subtotal_cents),
    pounds(row.delivery_cents),
    pounds(row.discount_cents),
    pounds(row.refunded_cents),
    pounds(row.amount_cents),
    row.status,
  ];
}

/**
 * The orders made on the UK days of a range, oldest first, as a CSV stream: UTF-8 with a byte-order mark (without
 * it Excel reads the £ as two other characters), one row per order, read a page at a time as the client takes it.
 */
export function ordersCsv(db: Database, { from, to }: ExportRange): ReadableStream<Uint8Array> {
  const page = db.query<ExportRow, [string, string, string, number]>(
    `SELECT o.rowid, o.id, o.created_at, o.shipping_name, o.email, o.shipping_postal_code,
       (SELECT group_concat(i.quantity || ' × ' || i.product_name
           || COALESCE(' (' || json_extract(i.meta, '$.variantName') || ')', ''), '; ')
        FROM order_items i WHERE i.order_id = o.id) AS items,
       o.subtotal_cents, o.delivery_cents, o.discount_cents,
       COALESCE((SELECT SUM(amount_cents) FROM refunds WHERE order_id = o.id), 0) AS refunded_cents,
       o.amount_cents, o.status
     FROM orders o
     WHERE o.created_at >= ?1 AND o.created_at < ?2 AND (o.created_at, o.rowid) > (?3, ?4)
     ORDER BY o.created_at, o.rowid LIMIT ${PAGE}`,
  );
  const start = ukDayStart(from);
  const end = ukDayStart(addUkDays(to, 1));
  const encoder = new TextEncoder();
  // Keyset paging: each page starts after the last row sent, so an order written meanwhile neither repeats nor shifts one out.
  let after: [string, number] = ["", 0];
  let headed = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!headed) {
        headed = true;
        controller.enqueue(encoder.encode(`\uFEFF${stringify([HEADER], { record_delimiter: "windows" })}`));
        return;
      }
      const rows = page.all(start, end, after[0], after[1]);
      if (rows.length > 0) {
        const last = rows[rows.length - 1]!;
        after = [last.created_at, last.rowid];
        controller.enqueue(encoder.encode(stringify(rows.map(toCells), { record_delimiter: "windows" })));
      }
      if (rows.length < PAGE) controller.close();
    },
  });
}

/** orders-2026-04-01-to-2026-04-30.csv */
export function exportFileName({ from, to }: ExportRange): string {
  return `orders-${from}-to-${to}.csv`;
}
