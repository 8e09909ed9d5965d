import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { storeOrder } from "../support/stored-orders";

// The Money page's two CSVs (docs/decisions/0050-money-that-reconciles.md): the transactions (every sale and refund,
// streamed by the orders export's worker and CSV writer) and a tax year's quarterly summary; both UTF-8 with a BOM,
// formula cells neutralised, and every bad query refused with its message.

let shop: OwnerShop;
beforeAll(async () => {
  shop = await createOwnerShop();
  storeOrder(shop.db, { id: "ORD-EARLY", createdAt: "2026-04-05T22:59:00.000Z", subtotalCents: 2000, deliveryCents: 500 });
  storeOrder(shop.db, {
    id: "ORD-=SUM(A1)",
    createdAt: "2026-04-06T09:00:00.000Z",
    subtotalCents: 4000,
    deliveryCents: 395,
    discountCents: 400,
  });
  storeOrder(shop.db, { id: "ORD-LATER", createdAt: "2026-07-06T09:00:00.000Z", subtotalCents: 1000, deliveryCents: 0 });
  shop.db
    .query(
      "UPDATE orders SET fee_cents = 80, net_cents = amount_cents - 80, fee_source = 'stripe', balance_transaction = 'txn_a' WHERE id = 'ORD-=SUM(A1)'",
    )
    .run();
  shop.db.query("UPDATE orders SET fee_cents = 35, net_cents = amount_cents - 35, fee_source = 'demo' WHERE id = 'ORD-LATER'").run();
  shop.db
    .query(
      `INSERT INTO refunds (id, order_id, amount_cents, reason, idempotency_key, created_at, fee_cents, balance_transaction)
       VALUES ('rf_x', 'ORD-=SUM(A1)', 1000, 'damaged', 'k', '2026-04-07T10:00:00.000Z', 0, 'txn_r')`,
    )
    .run();
  shop.db
    .query("INSERT INTO payouts (id, arrival_date, amount_cents, status, complete) VALUES ('@po_1', '2026-04-09', 2915, 'paid', 1)")
    .run();
  shop.db
    .query(
      `INSERT INTO payout_lines (balance_transaction, payout_id, type, amount_cents, fee_cents, net_cents)
       VALUES ('txn_a', '@po_1', 'charge', 3995, 80, 3915), ('txn_r', '@po_1', 'refund', -1000, 0, -1000)`,
    )
    .run();
});
afterAll(() => shop.close());

async function download(path: string): Promise<{ status: number; bytes: Uint8Array; text: string; response: Response }> {
  const response = await shop.request(path, { headers: { Cookie: shop.cookie, "Sec-Fetch-Site": "same-origin" } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), response };
}

test("transactions CSV: each sale and refund of the UK days asked, with fee, net and payout, BOM first, formulas as text", async () => {
  const { status, bytes, text, response } = await download("/api/admin/money/transactions.csv?from=2026-04-06&to=2026-07-05");
  expect(status).toBe(200);
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="transactions-2026-04-06-to-2026-07-05.csv"');
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(text.slice(1).split("\r\n")).toEqual([
    "Date,Reference,Type,Gross (£),Discount (£),Delivery (£),Fee (£),Net (£),Refund (£),Payout,Payout date",
    "2026-04-06,ORD-=SUM(A1),Sale,43.95,4.00,3.95,0.80,39.15,0.00,'@po_1,2026-04-09",
    "2026-04-07,ORD-=SUM(A1),Refund,0.00,0.00,0.00,0.00,-10.00,10.00,'@po_1,2026-04-09",
    "",
  ]);
});

test("transactions CSV: a fee not known yet is blank, never 0.00; 5 April's order (UK time) is not in the new tax year", async () => {
  const { text } = await download("/api/admin/money/transactions.csv?from=2026-04-05&to=2026-04-05");
  expect(text.slice(1).split("\r\n")).toEqual([
    "Date,Reference,Type,Gross (£),Discount (£),Delivery (£),Fee (£),Net (£),Refund (£),Payout,Payout date",
    "2026-04-05,ORD-EARLY,Sale,25.00,0.00,5.00,,25.00,0.00,,",
    "",
  ]);
});

test("the rows of the transactions CSV add up to the Money page's figures for the same days", async () => {
  const { text } = await download("/api/admin/money/transactions.csv?from=2026-04-06&to=2026-07-05");
  const rows = text
    .slice(1)
    .trim()
    .split("\r\n")
    .slice(1)
    .map((line) => line.split(","));
  const pence = (column: number) => rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
  const money = await shop.call<{
    periods: { gross_cents: number; discount_cents: number; fee_cents: number; net_cents: number; refund_cents: number }[];
  }>("/api/admin/money?period=quarter&from=2026-04-06&to=2026-07-05");
  const [quarter] = money.body.periods;
  expect({ gross: pence(3), discount: pence(4), fee: pence(6), net: pence(7), refund: pence(8) }).toEqual({
    gross: quarter?.gross_cents ?? -1,
    discount: quarter?.discount_cents ?? -1,
    fee: quarter?.fee_cents ?? -1,
    net: quarter?.net_cents ?? -1,
    refund: quarter?.refund_cents ?? -1,
  });
});

test("quarterly summary CSV: the four quarters of the tax year and its total, each line reconciling", async () => {
  const { status, bytes, text, response } = await download("/api/admin/money/quarters.csv?tax_year=2026");
  expect(status).toBe(200);
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="tax-year-2026-quarters.csv"');
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(text.slice(1).split("\r\n")).toEqual([
    "Quarter,From,To,Income (£),Payment charges (£),Refunds (£),Net (£),Fees not known yet",
    "Q1 2026–27 (6 Apr – 5 Jul 2026),2026-04-06,2026-07-05,39.95,0.80,10.00,29.15,0",
    "Q2 2026–27 (6 Jul – 5 Oct 2026),2026-07-06,2026-10-05,10.00,0.35,0.00,9.65,0",
    "Q3 2026–27 (6 Oct – 5 Jan 2027),2026-10-06,2027-01-05,0.00,0.00,0.00,0.00,0",
    "Q4 2026–27 (6 Jan – 5 Apr 2027),2027-01-06,2027-04-05,0.00,0.00,0.00,0.00,0",
    "Tax year 2026–27,2026-04-06,2027-04-05,49.95,1.15,10.00,38.80,0",
    "",
  ]);
});

describe("a download the page cannot make", () => {
  const cases: [string, string, string][] = [
    ["transactions without dates", "/api/admin/money/transactions.csv", "Choose both dates of the export: from and to, as YYYY-MM-DD."],
    [
      "transactions with a from that is not a day",
      "/api/admin/money/transactions.csv?from=2026-13-01&to=2026-12-31",
      "The from date must be a real day written YYYY-MM-DD, such as 2026-04-01.",
    ],
    [
      "transactions from after to",
      "/api/admin/money/transactions.csv?from=2026-07-01&to=2026-04-01",
      "The from date must be on or before the to date.",
    ],
    [
      "quarters without a tax year",
      "/api/admin/money/quarters.csv",
      "The tax year must be the year it starts, from 2000 to 2099, such as 2026 for 6 April 2026 to 5 April 2027.",
    ],
    [
      "quarters with a tax year that is not a year",
      "/api/admin/money/quarters.csv?tax_year=2026-27",
      "The tax year must be the year it starts, from 2000 to 2099, such as 2026 for 6 April 2026 to 5 April 2027.",
    ],
    [
      "quarters with a tax year out of range",
      "/api/admin/money/quarters.csv?tax_year=2100",
      "The tax year must be the year it starts, from 2000 to 2099, such as 2026 for 6 April 2026 to 5 April 2027.",
    ],
  ];
  for (const [name, path, message] of cases) {
    test(`${name}: 400 with its message`, async () => {
      const { status, text } = await download(path);
      expect(status).toBe(400);
      expect(JSON.parse(text)).toEqual({ error: message });
    });
  }
});
