import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { MoneyPeriod } from "../../src/modules/money/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { storeOrder } from "../support/stored-orders";
import { countRows } from "../support/test-app";

// GET /api/admin/money (docs/decisions/0050-money-that-reconciles.md): gross, discounts, refunds, fees and net by
// day, month and UK tax quarter, in UK time. Every period reconciles to the penny and equals the sum of the orders'
// own rows, worked out here apart from the shop's code (Intl's Europe/London for the UK day of each row).

let shop: OwnerShop;
beforeAll(async () => {
  shop = await createOwnerShop();
});
afterAll(() => shop.close());

let made = 0;
function order(createdAt: string, { subtotal = 2000, delivery = 500, discount = 0, fee = null as number | null } = {}): string {
  made += 1;
  const id = `ORD-MONEY${made}`;
  storeOrder(shop.db, { id, createdAt, subtotalCents: subtotal, deliveryCents: delivery, discountCents: discount });
  if (fee !== null) {
    shop.db.query("UPDATE orders SET fee_cents = ?, net_cents = amount_cents - ?, fee_source = 'demo' WHERE id = ?").run(fee, fee, id);
  }
  return id;
}
function refund(orderId: string, createdAt: string, amount: number, fee: number | null = 0) {
  made += 1;
  shop.db
    .query(
      `INSERT INTO refunds (id, order_id, amount_cents, reason, idempotency_key, created_at, fee_cents)
       VALUES (?, ?, ?, 'damaged', ?, ?, ?)`,
    )
    .run(`rf_money${made}`, orderId, amount, `k${made}`, createdAt, fee);
}
function clear() {
  shop.db.query("DELETE FROM refunds").run();
  shop.db.query("DELETE FROM orders").run();
}

const money = (query: string) => shop.call<{ periods: MoneyPeriod[]; error?: string }>(`/api/admin/money?${query}`);

describe("UK tax quarters, in UK time", () => {
  test("an order at 23:59 on 5 April (UK summer time) is in the quarter ending 5 April; one at 00:00 on 6 April in the next", async () => {
    clear();
    order("2026-04-05T22:59:59.999Z", { fee: 50 }); // 23:59:59 BST on 5 April
    order("2026-04-05T23:00:00.000Z", { fee: 60 }); // 00:00 BST on 6 April
    const { status, body } = await money("period=quarter&from=2026-01-06&to=2026-07-05");
    expect(status).toBe(200);
    expect(body.periods.map(({ start, end, label, orders, fee_cents }) => ({ start, end, label, orders, fee_cents }))).toEqual([
      { start: "2026-01-06", end: "2026-04-05", label: "Q4 2025–26 (6 Jan – 5 Apr 2026)", orders: 1, fee_cents: 50 },
      { start: "2026-04-06", end: "2026-07-05", label: "Q1 2026–27 (6 Apr – 5 Jul 2026)", orders: 1, fee_cents: 60 },
    ]);
  });

  test("a refund made at 00:30 UK time on 6 April counts in the new tax year, its order in the old", async () => {
    clear();
    const id = order("2026-04-05T12:00:00.000Z", { subtotal: 3000, delivery: 0, fee: 65 });
    refund(id, "2026-04-05T23:30:00.000Z", 1000);
    const { body } = await money("period=quarter&from=2026-04-05&to=2026-04-06");
    expect(
      body.periods.map(({ gross_cents, refund_cents, fee_cents, net_cents }) => ({ gross_cents, refund_cents, fee_cents, net_cents })),
    ).toEqual([
      { gross_cents: 3000, refund_cents: 0, fee_cents: 65, net_cents: 2935 },
      { gross_cents: 0, refund_cents: 1000, fee_cents: 0, net_cents: -1000 },
    ]);
  });

  test("by month: April 2026 begins at 23:00 GMT on 31 March; by day, each UK day on its own", async () => {
    clear();
    order("2026-03-31T22:59:00.000Z");
    order("2026-03-31T23:00:00.000Z", { discount: 300 });
    const months = (await money("period=month&from=2026-03-01&to=2026-04-30")).body.periods;
    expect(months.map(({ label, orders, gross_cents, discount_cents }) => ({ label, orders, gross_cents, discount_cents }))).toEqual([
      { label: "March 2026", orders: 1, gross_cents: 2500, discount_cents: 0 },
      { label: "April 2026", orders: 1, gross_cents: 2500, discount_cents: 300 },
    ]);
    const days = (await money("period=day&from=2026-03-31&to=2026-04-01")).body.periods;
    expect(days.map(({ label, orders }) => ({ label, orders }))).toEqual([
      { label: "31 March 2026", orders: 1 },
      { label: "1 April 2026", orders: 1 },
    ]);
  });

  test("a fee not known yet is counted as unknown, never guessed", async () => {
    clear();
    order("2026-05-01T10:00:00.000Z");
    const [may] = (await money("period=month&from=2026-05-01&to=2026-05-31")).body.periods;
    expect(may).toMatchObject({ orders: 1, fee_cents: 0, fees_unknown: 1, net_cents: 2500 });
  });
});

describe("every period reconciles to the penny and equals the sum of the orders' rows", () => {
  const ukDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
  // Moments around the clock changes and the tax year's turn as well as anywhere in 2025–2027.
  const instant = fc.oneof(
    fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
    fc
      .constantFrom(Date.UTC(2026, 2, 29, 0), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 0), Date.UTC(2026, 9, 25, 1))
      .chain((at) => fc.integer({ min: at - 7_200_000, max: at + 7_200_000 })),
    fc.integer({ min: Date.UTC(2026, 3, 5, 21), max: Date.UTC(2026, 3, 6, 1) }),
  );
  const row = fc.record({
    at: instant,
    subtotal: fc.integer({ min: 0, max: 50_000 }),
    delivery: fc.constantFrom(0, 395, 500),
    discountShare: fc.integer({ min: 0, max: 100 }),
    fee: fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
    refunds: fc.array(fc.record({ after: fc.integer({ min: 0, max: 90 * 86_400_000 }), amount: fc.integer({ min: 1, max: 5000 }) }), {
      maxLength: 2,
    }),
  });

  test("by month and by quarter, over random orders, refunds and fees", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 25 }), fc.constantFrom("month", "quarter"), async (rows, period) => {
        clear();
        const expected: { day: string; gross: number; discount: number; refund: number; fee: number; orders: number }[] = [];
        for (const r of rows) {
          const discount = Math.floor((r.subtotal * r.discountShare) / 100);
          const id = order(new Date(r.at).toISOString(), { subtotal: r.subtotal, delivery: r.delivery, discount, fee: r.fee });
          expected.push({ day: ukDay.format(r.at), gross: r.subtotal + r.delivery, discount, refund: 0, fee: r.fee ?? 0, orders: 1 });
          for (const back of r.refunds) {
            const at = r.at + back.after;
            refund(id, new Date(at).toISOString(), back.amount);
            expected.push({ day: ukDay.format(at), gross: 0, discount: 0, refund: back.amount, fee: 0, orders: 0 });
          }
        }
        const { status, body } = await money(`period=${period}&from=2025-01-01&to=2028-04-05`);
        expect(status).toBe(200);
        for (const p of body.periods) {
          expect(p.gross_cents - p.discount_cents - p.refund_cents - p.fee_cents).toBe(p.net_cents);
          const inside = expected.filter((e) => e.day >= p.start && e.day <= p.end);
          const sum = (key: "gross" | "discount" | "refund" | "fee" | "orders") => inside.reduce((total, e) => total + e[key], 0);
          expect([p.gross_cents, p.discount_cents, p.refund_cents, p.fee_cents, p.orders]).toEqual([
            sum("gross"),
            sum("discount"),
            sum("refund"),
            sum("fee"),
            sum("orders"),
          ]);
        }
        // Every row fell in some period: nothing lost between them.
        expect(body.periods.reduce((total, p) => total + p.orders, 0)).toBe(rows.length);
      }),
      { numRuns: 40 },
    );
  });
});

describe("a query the page cannot answer", () => {
  const cases: [string, string, string][] = [
    ["no period", "from=2026-04-06&to=2026-07-05", "Choose the period to sum by: day, month or quarter."],
    ["an unknown period", "period=week&from=2026-04-06&to=2026-07-05", "Choose the period to sum by: day, month or quarter."],
    ["no from", "period=month&to=2026-07-05", "Choose both dates: from and to, as YYYY-MM-DD."],
    ["no to", "period=month&from=2026-04-06", "Choose both dates: from and to, as YYYY-MM-DD."],
    [
      "a from that is not a day",
      "period=month&from=2026-02-30&to=2026-07-05",
      "The from date must be a real day written YYYY-MM-DD, such as 2026-04-06.",
    ],
    [
      "a to that is not a day",
      "period=month&from=2026-04-06&to=5 July",
      "The to date must be a real day written YYYY-MM-DD, such as 2027-04-05.",
    ],
    [
      "a from before 2000",
      "period=month&from=1999-12-31&to=2026-07-05",
      "The from date must be in the years 2000 to 2100, such as 2026-04-06.",
    ],
    ["a to after 2100", "period=month&from=2026-04-06&to=2101-01-01", "The to date must be in the years 2000 to 2100, such as 2027-04-05."],
    ["from after to", "period=quarter&from=2026-07-05&to=2026-04-06", "The from date must be on or before the to date."],
    [
      "more than 92 days by day",
      "period=day&from=2026-04-06&to=2026-07-07",
      "Ask for at most 92 days by day; for longer, sum by month or by quarter.",
    ],
  ];
  for (const [name, query, message] of cases) {
    test(`${name}: 400 with its message, and nothing is written`, async () => {
      const before = countRows(shop.db, "money_by_day");
      const { status, body } = await money(query);
      expect(status).toBe(400);
      expect(body).toEqual({ error: message } as never);
      expect(countRows(shop.db, "money_by_day")).toBe(before);
    });
  }

  test("92 days by day is answered", async () => {
    const { status, body } = await money("period=day&from=2026-04-06&to=2026-07-06");
    expect(status).toBe(200);
    expect(body.periods).toHaveLength(92);
  });
});
