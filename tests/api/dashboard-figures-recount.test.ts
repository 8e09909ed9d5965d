import type { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { seededRandom } from "../../seed/art/common";
import { addUkDays, ukDayStart } from "../../shared/uk-day";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { dashboardFigures } from "../../src/modules/admin-orders/dashboard-figures";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, type Entry, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER, PLANTER } from "../support/factories";
import { keptExportCells, recountExportCells, recountFigures } from "../support/figures-recount";
import { migrationsBefore } from "../support/migrations-before";
import { acceptAndPay, goodQuote, seedCustomRequest, sentQuote } from "../support/quotes";
import { storeOrder, storeRefund } from "../support/stored-orders";
import { HANG_GUARD_MS } from "../support/wait-until";

// The dashboard's figures are kept as orders, lines and refunds are written (migrations/0026_dashboard_figures.sql,
// decision 0031). Checked both ways on a random history: the kept figures equal a full recount for every period at
// many moments, around UK midnights and the changes of the clocks (the best sellers' window, migration 0029, moved
// back and forth by those reads); and the summaries kept write by write equal the ones the migrations make from the
// same history in one go.
//
// The history is seeded, so a failure replays. It is made through the shop's own calls where the shop can make it
// (checkouts paid on the demo page, quotes accepted and paid, the owner's refunds, cancels with and without putting
// stock back, tracking, status and stage changes, stock changes, custom request answers), and otherwise by the SQL
// those calls write (tests/support/stored-orders.ts): orders and refunds at chosen moments over two years, which a
// checkout made now cannot give. A few writes no code path makes (an order deleted, a cancel taken back, an order
// moved in time) stand for the sqlite3 shell.

const SEED = 2026;
const STEPS = 240;
/** The days on which the UK's clocks changed in the history's span. */
const CLOCK_CHANGES = ["2024-10-27", "2025-03-30", "2025-10-26", "2026-03-29", "2026-10-25"];
const FIRST_DAY = "2024-09-01";
const SPAN_DAYS = 880;
const HOUR = 3_600_000;

let shop: OwnerShop;
let db: Database;
const random = seededRandom(SEED);
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** A moment of the history: near a change of the clocks, near a UK midnight, or anywhere in the span. */
function randomMoment(): string {
  const roll = random();
  const at =
    roll < 0.35
      ? Date.parse(ukDayStart(pick(CLOCK_CHANGES))) + between(-36, 36) * HOUR
      : roll < 0.75
        ? Date.parse(ukDayStart(addUkDays(FIRST_DAY, between(0, SPAN_DAYS)))) + between(-90, 90) * 60_000
        : Date.parse(ukDayStart(FIRST_DAY)) + random() * SPAN_DAYS * 24 * HOUR;
  return new Date(at + between(0, 59_999)).toISOString();
}

/**
 * The moments the figures are compared at: now; either side of each UK midnight that starts or ends a period
 * around each change of the clocks (the day itself, a week, 30 days and a year on); and moments picked at random.
 */
function moments(): Date[] {
  const days = CLOCK_CHANGES.flatMap((day) => {
    const yearOn = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
    return [
      day,
      addUkDays(day, 1),
      addUkDays(day, 6),
      addUkDays(day, 7),
      addUkDays(day, 29),
      addUkDays(day, 30),
      yearOn,
      addUkDays(yearOn, 1),
    ];
  });
  const pickAt = seededRandom(SEED + 1);
  const spread = Array.from({ length: 12 }, () => Date.parse(ukDayStart(FIRST_DAY)) + pickAt() * (SPAN_DAYS + 60) * 24 * HOUR);
  return [
    new Date(),
    ...days.flatMap((day) => [Date.parse(ukDayStart(day)) - 1, Date.parse(ukDayStart(day))]).map((at) => new Date(at)),
    ...spread.map((at) => new Date(at)),
  ];
}

function expectKeptEqualsRecount(afterStep: number) {
  // Low stock does not depend on the moment; its threshold does.
  const compared = [
    ...moments().map((now) => ({ now, threshold: 3 })),
    { now: new Date(), threshold: 0 },
    { now: new Date(), threshold: 40 },
  ];
  for (const { now, threshold } of compared) {
    const at = { afterStep, now: now.toISOString(), threshold };
    expect({ ...at, ...dashboardFigures(db, now, threshold) }).toEqual({ ...at, ...recountFigures(db, now, threshold) });
  }
  // The export's cells kept on each order (migrations/0044_export_cells_kept.sql) follow the same history.
  expect({ afterStep, cells: keptExportCells(db) }).toEqual({ afterStep, cells: recountExportCells(db) });
}

// What an order line can be: products under names they had at different times, and quoted lines, told apart by name.
const LINES = [
  { productId: "feeder", name: "Bird feeder" },
  { productId: "feeder", name: "Bird Feeder (2024)" },
  { productId: "planter", name: "Planter" },
  { productId: "lamp", name: "Lamp" },
  { productId: "print", name: "Print" },
  { productId: "qt_alpha", name: "Bracket", quoted: true },
  { productId: "qt_alpha", name: "Design time", quoted: true },
  { productId: "qt_beta", name: "Design time", quoted: true },
];
let stored = 0;
let requests = 0;
const made = { checkouts: 0, quotes: 0, refunds: 0, cancels: 0, shellWrites: 0 };

const ids = (where: string) => db.query<{ id: string }, []>(`SELECT id FROM orders WHERE ${where} ORDER BY rowid`).all();
const orderWhere = (where: string) => {
  const found = ids(where);
  return found.length ? pick(found).id : null;
};

/** One step of the history: an action picked by weight. */
const ACTIONS: [number, () => Promise<void> | void][] = [
  [
    30,
    function storedOrder() {
      stored += 1;
      storeOrder(db, {
        id: `ORD-STORED${String(stored).padStart(4, "0")}`,
        createdAt: randomMoment(),
        status: pick(["paid", "paid", "paid", "fulfilled", "canceled"] as const),
        discountCents: pick([0, 0, 0, 250]),
        items: Array.from({ length: between(1, 3) }, () => {
          const line = pick(LINES);
          return {
            productId: line.productId,
            name: line.name,
            unitPriceCents: pick([0, 500, 1200, 2400, 3900]),
            quantity: between(1, 4),
            meta: line.quoted ? { quoteId: line.productId } : {},
          };
        }),
      });
    },
  ],
  [
    10,
    function storedRefund() {
      const id = orderWhere("TRUE");
      if (id) storeRefund(db, id, between(1, 3000), randomMoment());
    },
  ],
  [
    8,
    async function checkout() {
      if (made.checkouts >= 14) return; // the checkout limit of one address
      const entries: Entry[] = [...units(between(1, 2), { id: "feeder" })];
      if (random() < 0.5) entries.push(...units(between(1, 2), { id: "planter", variantId: pick(["planter-base", "planter-large"]) }));
      await buyThroughDemoCheckout(shop, entries);
      made.checkouts += 1;
    },
  ],
  [
    2,
    async function quotedOrder() {
      if (made.quotes >= 3) return;
      requests += 1;
      const requestId = `req-random-${requests}`;
      seedCustomRequest(db, requestId);
      const lines = [
        { description: "Bracket", amount_cents: 2500, quantity: between(1, 3) },
        { description: "Design time", amount_cents: 1500 },
      ];
      const quote = await sentQuote(shop, { ...goodQuote(), lines }, requestId);
      await acceptAndPay(shop, quote.id, quote.token);
      made.quotes += 1;
    },
  ],
  [
    10,
    async function ownerRefund() {
      // The demo provider refunds what its own payment page took: orders paid through it.
      const order = db
        .query<{ id: string; left: number; refund_required: number }, []>(
          `SELECT id, amount_cents - (SELECT COALESCE(SUM(amount_cents), 0) FROM refunds r WHERE r.order_id = orders.id) AS left, refund_required
           FROM orders WHERE payment_session_id NOT LIKE 'demo_stored_%' ORDER BY rowid`,
        )
        .all()
        .filter((each) => each.left > 0);
      if (!order.length) return;
      const { id, left, refund_required } = pick(order);
      const shelf = db
        .query<{ product_id: string; variant_id: string | null; left: number }, [string]>(
          "SELECT product_id, variant_id, quantity - restocked AS left FROM order_items WHERE order_id = ? AND quantity > restocked",
        )
        .all(id);
      const restock =
        refund_required === 0 && shelf.length && random() < 0.5
          ? [{ product_id: shelf[0]!.product_id, variant_id: shelf[0]!.variant_id, quantity: between(1, shelf[0]!.left) }]
          : [];
      const { status } = await shop.call(`/api/admin/orders/${id}/refund`, {
        method: "POST",
        body: { amount_cents: between(1, left), reason: "requested_by_customer", restock },
      });
      expect(status).toBe(200);
      made.refunds += 1;
    },
  ],
  [
    6,
    async function cancel() {
      const id = orderWhere("status != 'canceled'");
      if (!id) return;
      const { status } = await shop.call(`/api/admin/orders/${id}/status`, {
        method: "POST",
        body: { status: "canceled", restock: random() < 0.6 },
      });
      expect(status).toBe(200);
      made.cancels += 1;
    },
  ],
  [
    6,
    async function dispatch() {
      const id = orderWhere("status = 'paid'");
      if (!id) return;
      const { status } =
        random() < 0.5
          ? await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: { carrier: "Royal Mail", number: `RM${id}GB` } })
          : await shop.call(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "fulfilled" } });
      expect(status).toBe(200);
    },
  ],
  [
    3,
    async function backToPaid() {
      const id = orderWhere("status = 'fulfilled'");
      if (!id) return;
      expect((await shop.call(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "paid" } })).status).toBe(200);
    },
  ],
  [
    4,
    async function nextStage() {
      const order = db
        .query<{ id: string; stage: string }, []>(
          "SELECT id, stage FROM orders WHERE stage IN ('queued', 'printing', 'finishing') ORDER BY rowid",
        )
        .all();
      if (!order.length) return;
      const { id, stage } = pick(order);
      const next = { queued: "printing", printing: "finishing", finishing: "packed" }[stage];
      expect((await shop.call(`/api/admin/orders/${id}/stage`, { method: "POST", body: { stage: next } })).status).toBe(200);
    },
  ],
  [
    2,
    function flagForRefund() {
      // What fulfilment writes for a payment that arrived after its stock had gone (quotes/paid.ts writes the same).
      const id = orderWhere("refund_required = 0");
      if (id) db.query("UPDATE orders SET refund_required = 1 WHERE id = ?").run(id);
    },
  ],
  [
    4,
    async function customRequest() {
      const open = db.query<{ id: string }, []>("SELECT id FROM custom_requests ORDER BY id").all();
      if (!open.length || random() < 0.5) {
        requests += 1;
        seedCustomRequest(db, `req-random-${requests}`);
        return;
      }
      const { status } = await shop.call(`/api/admin/custom-requests/${pick(open).id}/status`, {
        method: "POST",
        body: { status: pick(["open", "in_progress", "completed", "cancelled"]) },
      });
      expect(status).toBe(200);
    },
  ],
  [
    3,
    async function stockChange() {
      const { status } = await shop.call("/api/admin/stock-adjust", { method: "POST", body: { id: "print", delta: pick([1, 2, 5]) } });
      expect(status).toBe(200);
    },
  ],
  [
    3,
    function shellWrite() {
      made.shellWrites += 1;
      const kind = between(0, 3);
      const id = orderWhere(kind === 1 ? "status = 'canceled'" : "TRUE");
      if (!id) return;
      if (kind === 0) db.query("DELETE FROM orders WHERE id = ?").run(id);
      if (kind === 1) db.query("UPDATE orders SET status = 'paid' WHERE id = ?").run(id);
      if (kind === 2) db.query("UPDATE orders SET created_at = ? WHERE id = ?").run(randomMoment(), id);
      if (kind === 3) db.query("UPDATE refunds SET created_at = ? WHERE order_id = ?").run(randomMoment(), id);
    },
  ],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

function pickAction() {
  let roll = random() * TOTAL_WEIGHT;
  for (const [weight, action] of ACTIONS) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0]![1];
}

beforeAll(async () => {
  shop = await createOwnerShop();
  db = shop.db;
  addProduct(db, { ...BIRD_FEEDER, stock: 80 });
  addProduct(db, {
    ...PLANTER,
    stock: 100,
    variants: PLANTER.variants!.map((variant) => ({ ...variant, stock: variant.stock === null ? null : 30 })),
  });
  addProduct(db, { id: "lamp", name: "Lamp", stock: null });
  addProduct(db, { id: "print", name: "Print", stock: 1 });
});
afterAll(() => shop.close());

describe(`a random history of ${STEPS} steps (seed ${SEED})`, () => {
  test(
    "after every twentieth step, every figure the dashboard keeps equals the full recount, at every moment compared",
    async () => {
      for (let step = 1; step <= STEPS; step++) {
        await pickAction()();
        if (step % 20 === 0) expectKeptEqualsRecount(step);
      }
      // The history is the one described above, not a quiet one that could not show a difference.
      const count = (sql: string) => db.query<{ n: number }, []>(`SELECT COUNT(*) AS n FROM ${sql}`).get()!.n;
      expect(made.checkouts).toBeGreaterThanOrEqual(8);
      expect(made.quotes).toBeGreaterThanOrEqual(2);
      expect(made.refunds).toBeGreaterThanOrEqual(8);
      expect(made.cancels).toBeGreaterThanOrEqual(5);
      expect(made.shellWrites).toBeGreaterThanOrEqual(3);
      expect(count("orders WHERE created_at < '2025-03-30T01:00:00Z'")).toBeGreaterThan(0);
      expect(count("orders WHERE created_at BETWEEN '2025-03-30T01:00:00Z' AND '2025-10-26T01:00:00Z'")).toBeGreaterThan(0);
      expect(count("order_items WHERE restocked > 0")).toBeGreaterThan(0);
      expect(count("order_items WHERE json_extract(meta, '$.quoteId') IS NOT NULL")).toBeGreaterThan(0);
      expect(count("orders_to_dispatch")).toBeGreaterThan(0);
    },
    HANG_GUARD_MS,
  );

  test("the summaries kept write by write are the ones the migration makes from the same history in one go", () => {
    // A shop one migration behind, given this history and upgraded: the migration's fill sums it from scratch.
    const fresh = openDatabase(join(shop.dataDir, "fresh.db"));
    try {
      migrate(fresh, migrationsBefore("0026_dashboard_figures.sql", join(shop.dataDir, "before")));
      fresh.query("ATTACH DATABASE ? AS kept").run(join(shop.dataDir, "shop.db"));
      for (const table of ["orders", "order_items", "refunds"]) {
        const columns = fresh
          .query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${table}', 'main')`)
          .all()
          .map((column) => column.name)
          .join(", ");
        fresh.exec(`INSERT INTO main.${table} (${columns}) SELECT ${columns} FROM kept.${table}`);
      }
      fresh.exec("DETACH DATABASE kept");
      migrate(fresh);
      // Both shops' best sellers read for the same moment: the window kept write by write and moved by every read of
      // the first test, and the one the upgraded shop fills on its first read (migration 0029, decision 0037).
      const at = new Date(Date.parse(ukDayStart("2025-06-01")) + 5 * HOUR);
      const [upgraded, kept] = [dashboardFigures(fresh, at, 3), dashboardFigures(db, at, 3)];
      expect(upgraded.best_sellers.length).toBeGreaterThan(2);
      expect({ ...upgraded.takings, best_sellers: upgraded.best_sellers }).toEqual({ ...kept.takings, best_sellers: kept.best_sellers });
      const summaries = (database: Database) => ({
        takings: database.query("SELECT * FROM takings_by_hour WHERE paid_cents != 0 OR refunded_cents != 0 ORDER BY hour").all(),
        takingsByDay: database.query("SELECT * FROM takings_by_day WHERE paid_cents != 0 OR refunded_cents != 0 ORDER BY day").all(),
        bestSellersWindow: database.query("SELECT since FROM best_sellers_window").all(),
        bestSellersSince: database
          .query("SELECT * FROM best_sellers_since WHERE units != 0 OR amount_cents != 0 ORDER BY product_id, quoted, product_name")
          .all(),
        sales: database
          .query("SELECT * FROM sales_by_hour WHERE units != 0 OR amount_cents != 0 ORDER BY hour, product_id, quoted, product_name")
          .all(),
        toDispatch: database.query("SELECT order_id FROM orders_to_dispatch ORDER BY order_id").all(),
        exportCells: keptExportCells(database),
      });
      const filled = summaries(fresh);
      expect(filled.takings.length).toBeGreaterThan(50);
      expect(filled.takingsByDay.length).toBeGreaterThan(20);
      expect(filled.bestSellersSince.length).toBeGreaterThan(2);
      expect(filled.sales.length).toBeGreaterThan(50);
      expect(filled.toDispatch.length).toBeGreaterThan(0);
      expect(filled.exportCells.filter((order) => order.refunded_cents > 0).length).toBeGreaterThan(4);
      expect(summaries(db)).toEqual(filled);
    } finally {
      fresh.close();
    }
  });
});
