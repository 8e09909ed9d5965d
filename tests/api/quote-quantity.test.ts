import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { sessionIdOf } from "../support/checkout";
import { setConfig } from "../support/factories";
import { mainOf, textOf } from "../support/html";
import { acceptAndPay, goodQuote, seedCustomRequest, sendQuote, sentQuote, ukDay } from "../support/quotes";
import { countRows } from "../support/test-app";

// A quote line has a quantity (decision 0027): `amount_cents` stays the price
// of one, the line's total is amount × quantity, and everything after the
// quote — the payment page, the order, its emails, the dashboard — carries it.
// A quote's lead time has the product's cap (365 working days) and words.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  setConfig(shop.db, "delivery_fee", "450");
  setConfig(shop.db, "free_delivery_threshold", "10000");
  seedCustomRequest(shop.db);
});
afterEach(() => shop.close());

/** Two brackets at £12.50 each and one design fee of £15. */
const twoBrackets = () => ({
  ...goodQuote(),
  lines: [
    { description: "Bracket, printed in blue PETG", amount_cents: 1250, quantity: 2 },
    { description: "Design time", amount_cents: 1500 },
  ],
});

function expectNothingStored() {
  expect(countRows(shop.db, "quotes")).toBe(0);
  expect(countRows(shop.db, "quote_lines")).toBe(0);
  expect(shop.db.query<{ status: string }, []>("SELECT status FROM custom_requests WHERE id = 'req-1'").get()?.status).toBe("open");
}

describe("a quote line's quantity", () => {
  test("is stored, defaults to 1 when left out, and the answer's lines and total use amount × quantity", async () => {
    const { id, token } = await sentQuote(shop, twoBrackets());
    expect(
      shop.db.query("SELECT description, amount_cents, quantity FROM quote_lines WHERE quote_id = ? ORDER BY position").all(id),
    ).toEqual([
      { description: "Bracket, printed in blue PETG", amount_cents: 1250, quantity: 2 },
      { description: "Design time", amount_cents: 1500, quantity: 1 },
    ]);
    const { body } = await shop.json<Record<string, unknown>>(`/api/quotes/${id}?t=${token}`);
    expect(body.lines).toEqual([
      { description: "Bracket, printed in blue PETG", amount_cents: 1250, quantity: 2 },
      { description: "Design time", amount_cents: 1500, quantity: 1 },
    ]);
    // £25 + £15 = £40, under the £100 threshold: the shop's £4.50 delivery.
    expect(body).toMatchObject({ delivery_cents: 450, total_cents: 4450 });
  });

  test("counts toward the free-delivery threshold as the line's total", async () => {
    const { id, token } = await sentQuote(shop, { ...goodQuote(), lines: [{ description: "Planter", amount_cents: 5000, quantity: 2 }] });
    expect((await shop.json(`/api/quotes/${id}?t=${token}`)).body).toMatchObject({ delivery_cents: 0, total_cents: 10000 });
  });

  test("the owner's history carries it too", async () => {
    await sentQuote(shop, twoBrackets());
    const { body } = await shop.call<{ quotes: { lines: unknown[]; total_cents: number }[] }>("/api/admin/custom-requests/req-1");
    expect(body.quotes[0]).toMatchObject({
      total_cents: 4450,
      lines: [
        { description: "Bracket, printed in blue PETG", amount_cents: 1250, quantity: 2 },
        { description: "Design time", amount_cents: 1500, quantity: 1 },
      ],
    });
  });

  const QUANTITY = { error: "Each line's quantity must be a whole number from 1 to 1000." };
  for (const [name, quantity] of [
    ["a quantity of 0", 0],
    ["a negative quantity", -2],
    ["a fractional quantity", 1.5],
    ["a quantity above 1000", 1001],
    ["a quantity given as text", "2"],
    ["a quantity of null", null],
  ] as const) {
    test(`${name} is a 400 with the quantity's message and stores nothing`, async () => {
      const quote = twoBrackets();
      const lines = [{ ...quote.lines[0], quantity }, quote.lines[1]];
      expect(await sendQuote(shop, { ...quote, lines })).toMatchObject({ status: 400, body: QUANTITY });
      expectNothingStored();
    });
  }

  test("a quantity of 1000 is the most a line may have", async () => {
    const lines = [{ description: "Cable clip", amount_cents: 10, quantity: 1000 }];
    expect((await sendQuote(shop, { ...goodQuote(), lines })).status).toBe(201);
  });

  test("the quote email names each line as '2 × …' with the line's total", async () => {
    await sentQuote(shop, twoBrackets());
    const email = shop.db.query<{ text: string; html: string }, []>("SELECT text, html FROM email_outbox WHERE kind = 'quote'").get();
    expect(email?.text).toContain("- 2 × Bracket, printed in blue PETG: £25.00 (£12.50 each)");
    expect(email?.text).toContain("- 1 × Design time: £15.00");
    expect(email?.text).toContain("Total: £44.50");
    expect(textOf(email?.html ?? "")).toContain("2 × Bracket, printed in blue PETG £12.50 each £25.00");
  });

  test("the quote page names each line as '2 × …' with the line's total, and the totals add up", async () => {
    const { id, token } = await sentQuote(shop, twoBrackets());
    const text = textOf(mainOf((await shop.html(`/quote/${id}?t=${token}`)).body));
    expect(text).toContain("2 × Bracket, printed in blue PETG £12.50 each £25.00");
    expect(text).toContain("1 × Design time £15.00");
    expect(text).toContain("Subtotal £40.00 Delivery £4.50 Total £44.50");
  });
});

describe("paying a quote with a quantity", () => {
  test("the payment page has the line at its unit price with its quantity, and charges the quote's total", async () => {
    const { id, token } = await sentQuote(shop, twoBrackets());
    const accepted = await shop.json<{ url?: string }>(`/api/quotes/${id}/accept`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ t: token }),
    });
    const sessionId = sessionIdOf(accepted.body.url ?? "");
    const text = textOf(mainOf((await shop.html(`/checkout/demo/${sessionId}`)).body));
    expect(text).toContain("Pay £44.50");
    expect(text).toMatch(/2 × Bracket, printed in blue PETG.*£25\.00/);
    expect(text).not.toContain("1 × 2 ×");
    expect(shop.db.query("SELECT subtotal_cents, amount_cents FROM checkouts").get()).toEqual({ subtotal_cents: 4000, amount_cents: 4450 });
    expect(shop.db.query("SELECT unit_price_cents, quantity FROM checkout_lines ORDER BY rowid").all()).toEqual([
      { unit_price_cents: 1250, quantity: 2 },
      { unit_price_cents: 1500, quantity: 1 },
    ]);
  });

  test("the order carries each line's quantity, its total is the quote's, and its emails say '2 × …'", async () => {
    const { id, token } = await sentQuote(shop, twoBrackets());
    const { orderId } = await acceptAndPay(shop, id, token);
    expect(shop.db.query("SELECT subtotal_cents, amount_cents FROM orders WHERE id = ?").get(orderId)).toEqual({
      subtotal_cents: 4000,
      amount_cents: 4450,
    });
    expect(
      shop.db.query("SELECT product_name, unit_price_cents, quantity FROM order_items WHERE order_id = ? ORDER BY id").all(orderId),
    ).toEqual([
      { product_name: "Bracket, printed in blue PETG", unit_price_cents: 1250, quantity: 2 },
      { product_name: "Design time", unit_price_cents: 1500, quantity: 1 },
    ]);
    const confirmation = shop.db
      .query<{ text: string }, [string]>("SELECT text FROM email_outbox WHERE kind = 'order-confirmation' AND order_id = ?")
      .get(orderId);
    expect(confirmation?.text).toContain("- 2 × Bracket, printed in blue PETG: £25.00");
    expect(confirmation?.text).not.toContain("× 2");
  });

  test("the dashboard counts a quoted line of quantity 2 as two units sold and its takings at the quote's total", async () => {
    const { id, token } = await sentQuote(shop, twoBrackets());
    await acceptAndPay(shop, id, token);
    const { body } = await shop.call<{ takings: { today: number }; best_sellers: { name: string; units: number; amount_cents: number }[] }>(
      "/api/admin/dashboard/stats",
    );
    expect(body.takings.today).toBe(4450);
    expect(body.best_sellers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Bracket, printed in blue PETG", units: 2, amount_cents: 2500 }),
        expect.objectContaining({ name: "Design time", units: 1, amount_cents: 1500 }),
      ]),
    );
  });
});

describe("a quote's lead time has the product's cap", () => {
  const LEAD_TIME = { error: "Lead time must be a whole number of working days from 0 to 365." };

  test("365 working days is the longest a quote may promise", async () => {
    expect((await sendQuote(shop, { ...goodQuote(), lead_time_days: 365 })).status).toBe(201);
  });

  for (const [name, days] of [
    ["a lead time of 366 working days", 366],
    ["a lead time of a million working days", 1_000_000],
  ] as const) {
    test(`${name} is a 400 with the lead time's message and stores nothing`, async () => {
      expect(await sendQuote(shop, { ...goodQuote(), lead_time_days: days })).toMatchObject({ status: 400, body: LEAD_TIME });
      expectNothingStored();
    });
  }
});

describe("migration 0023 upgrades a shop's quotes in place", () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), "strata-0023-"));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  test("a line stored before quantities existed reads as quantity 1, and its quote's total is unchanged", () => {
    const before = join(folder, "before");
    cpSync(MIGRATIONS_DIR, before, { recursive: true, filter: (source) => !source.includes("0023_") });
    const db = new Database(join(folder, "shop.db"));
    try {
      migrate(db, before);
      seedCustomRequest(db);
      db.query(
        `INSERT INTO quotes (id, custom_request_id, version, delivery_cents, lead_time_days, valid_until, token_hash)
         VALUES ('qt_old', 'req-1', 1, 450, 5, ?, ?)`,
      ).run(ukDay(14), "a".repeat(64));
      db.query("INSERT INTO quote_lines (quote_id, position, description, amount_cents) VALUES ('qt_old', 1, 'Bracket', 2500)").run();
      expect(migrate(db)).toContain("0023_quote_quantity.sql");
      expect(db.query("SELECT description, amount_cents, quantity FROM quote_lines").all()).toEqual([
        { description: "Bracket", amount_cents: 2500, quantity: 1 },
      ]);
      expect(() => db.query("UPDATE quote_lines SET quantity = 0").run()).toThrow();
    } finally {
      db.close();
    }
  });
});
