import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeOrderHistory } from "../../bench/order-history";
import { makePeople, seededRandom } from "../../bench/people";
import { createTestShop, type TestShop } from "../support/test-app";

// The bench's large shop is only as good as its history: a year's export must hold about half the orders, and no
// order may be left half-way through the workshop or cancelled without its money back, or the "To make" queue and
// the takings the bench measures would be of a shop that cannot exist.
const UNTIL = new Date("2026-11-27T12:00:00.000Z");
const DAY = 86_400_000;
const COUNT = 2_000;
const CATALOGUE = [
  { productId: "feeder", variantId: null, name: "Bird feeder", variantName: null, priceCents: 1_800 },
  { productId: "planter", variantId: "planter-large", name: "Hex planter", variantName: "Large", priceCents: 2_200 },
];

let shop: TestShop;
let tally: ReturnType<typeof writeOrderHistory>;

beforeAll(async () => {
  shop = await createTestShop();
  const random = seededRandom(7);
  tally = writeOrderHistory(shop.db, {
    count: COUNT,
    until: UNTIL,
    random,
    catalogue: CATALOGUE,
    people: makePeople(random, 500),
    batch: 300,
  });
});
afterAll(() => shop.close());

const rows = <T>(sql: string, ...args: (string | number)[]) => shop.db.query<T, (string | number)[]>(sql).all(...args);
const one = (sql: string, ...args: (string | number)[]) => rows<{ n: number }>(sql, ...args)[0]!.n;

describe("the bench's order history", () => {
  test("holds every order, half of them in the last 365 days and none after its end", () => {
    expect(one("SELECT count(*) AS n FROM orders")).toBe(COUNT);
    expect(one("SELECT count(*) AS n FROM orders WHERE created_at >= ?", new Date(UNTIL.getTime() - 365 * DAY).toISOString())).toBe(
      COUNT / 2,
    );
    expect(one("SELECT count(*) AS n FROM orders WHERE created_at < ?", new Date(UNTIL.getTime() - 3 * 365 * DAY).toISOString())).toBe(0);
    for (const table of ["orders", "refunds"])
      expect(one(`SELECT count(*) AS n FROM ${table} WHERE created_at > ?`, UNTIL.toISOString())).toBe(0);
    expect(one("SELECT count(*) AS n FROM order_stage_events WHERE at > ?", UNTIL.toISOString())).toBe(0);
  });

  test("leaves no order older than a week in the workshop: each was dispatched (fulfilled) or cancelled", () => {
    const weekAgo = new Date(UNTIL.getTime() - 7 * DAY).toISOString();
    expect(one("SELECT count(*) AS n FROM orders WHERE created_at < ? AND status = 'paid'", weekAgo)).toBe(0);
    expect(one("SELECT count(*) AS n FROM orders WHERE status = 'fulfilled' AND stage IS NOT 'dispatched'")).toBe(0);
    // The newest orders are still being made, as a working shop's are.
    expect(
      one("SELECT count(*) AS n FROM orders WHERE status = 'paid' AND stage IN ('queued', 'printing', 'finishing', 'packed')"),
    ).toBeGreaterThan(0);
  });

  test("moves each order through the stages forwards in time, the last event being its stage", () => {
    const backwards = one(
      `SELECT count(*) AS n FROM order_stage_events later JOIN order_stage_events earlier
         ON earlier.order_id = later.order_id AND earlier.id < later.id WHERE earlier.at > later.at`,
    );
    expect(backwards).toBe(0);
    const mismatched = one(
      `SELECT count(*) AS n FROM orders o WHERE o.stage IS NOT NULL
         AND o.stage != (SELECT e.stage FROM order_stage_events e WHERE e.order_id = o.id ORDER BY e.id DESC LIMIT 1)`,
    );
    expect(mismatched).toBe(0);
  });

  test("refunds each cancelled order in full when it is cancelled, its units back on the shelf", () => {
    expect(tally.canceled).toBeGreaterThan(0);
    const cancelled = rows<{ amount_cents: number; canceled_at: string; refunded: number; refunded_at: string; stage: string | null }>(
      `SELECT o.amount_cents, o.canceled_at, o.stage, SUM(r.amount_cents) AS refunded, MAX(r.created_at) AS refunded_at
       FROM orders o JOIN refunds r ON r.order_id = o.id WHERE o.status = 'canceled' GROUP BY o.id`,
    );
    expect(cancelled).toHaveLength(tally.canceled);
    for (const order of cancelled) {
      expect(order.refunded).toBe(order.amount_cents);
      expect(order.refunded_at).toBe(order.canceled_at);
      expect(order.stage).toBeNull();
    }
    expect(
      one(
        "SELECT count(*) AS n FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'canceled' AND i.restocked != i.quantity",
      ),
    ).toBe(0);
  });

  test("totals each order from its lines, delivery and discount", () => {
    const wrong = one(
      `SELECT count(*) AS n FROM orders o WHERE o.subtotal_cents != (SELECT SUM(i.unit_price_cents * i.quantity) FROM order_items i WHERE i.order_id = o.id)
         OR o.amount_cents != o.subtotal_cents + o.delivery_cents - o.discount_cents`,
    );
    expect(wrong).toBe(0);
  });

  test("is the same history on every build (the cached shop can be rebuilt)", async () => {
    const again = await createTestShop();
    try {
      const random = seededRandom(7);
      const second = writeOrderHistory(again.db, {
        count: COUNT,
        until: UNTIL,
        random,
        catalogue: CATALOGUE,
        people: makePeople(random, 500),
        batch: 300,
      });
      expect(second).toEqual(tally);
      const takings = (db: typeof shop.db) => db.query<{ n: number }, []>("SELECT SUM(amount_cents) AS n FROM orders").get()!.n;
      expect(takings(again.db)).toBe(takings(shop.db));
    } finally {
      again.close();
    }
  });
});
