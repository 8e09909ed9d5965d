import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { listFilterOf } from "../../src/modules/admin-orders/order-search";
import { createOrderStore, listQueries } from "../../src/modules/orders/store";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { queryPlan } from "../support/query-plan";

// An existing shop upgrades in place (migrations/0025_order_list.sql): its orders are counted into order_counts
// and indexed for search by the migration, and the list's statements walk an index in the list's order, never
// sorting the table (docs/decisions/0030-order-store-paging-and-search.md).

const MIGRATION = "0025_order_list.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
});
afterEach(() => shop.close());

function order(id: string, status: string, name: string, email: string, postcode: string, createdAt: string) {
  db.query(
    `INSERT INTO orders (id, status, created_at, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id,
       shipping_name, email, shipping_postal_code)
     VALUES (?, ?, ?, 4800, 0, 4800, 'demo', ?, ?, ?, ?)`,
  ).run(id, status, createdAt, `cs_${id}`, name, email, postcode);
}

/** What the owner's search box finds (through the search indexes as they are after every migration). */
const search = (q: string) =>
  createOrderStore(db)
    .page(listFilterOf({ q }), null, 50)
    .map((row) => row.id);

describe("migration 0025 on a shop that already has orders", () => {
  beforeEach(() => {
    order("ORD-OLD1", "paid", "Ada Lovelace", "ada@example.test", "EC1A 1BB", "2025-01-01T10:00:00.000Z");
    order("ORD-OLD2", "fulfilled", "Brian Smith", "brian@example.test", "M1 1AE", "2025-01-02T10:00:00.000Z");
    order("ORD-OLD3", "fulfilled", "Cleo Jones", "cleo@example.test", "LS1 4AP", "2025-01-03T10:00:00.000Z");
    order("ORD-OLD4", "canceled", "Dee Smithson", "dee@example.test", "B1 1AA", "2025-01-04T10:00:00.000Z");
    migrate(db);
  });

  test("counts the orders already there by status, as a count of the table does", () => {
    const counts = db.query("SELECT status, orders FROM order_counts ORDER BY status").all();
    expect(counts).toEqual([
      { status: "canceled", orders: 1 },
      { status: "fulfilled", orders: 2 },
      { status: "paid", orders: 1 },
    ]);
    expect(db.query("SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY status").all()).toEqual(counts);
  });

  test("indexes the orders already there for search by reference, name, email and postcode", () => {
    expect(search("old3")).toEqual(["ORD-OLD3"]);
    expect(search("smith")).toEqual(["ORD-OLD4", "ORD-OLD2"]);
    expect(search("ada@exa")).toEqual(["ORD-OLD1"]);
    expect(search("m11ae")).toEqual(["ORD-OLD2"]);
  });

  test("keeps both up to date as orders are added, change status, change address and go", () => {
    order("ORD-NEW1", "paid", "Eve Smith", "eve@example.test", "SW1A 1AA", "2025-02-01T10:00:00.000Z");
    db.query("UPDATE orders SET status = 'canceled' WHERE id = 'ORD-OLD1'").run();
    db.query("UPDATE orders SET email = 'brian@elsewhere.test' WHERE id = 'ORD-OLD2'").run();
    db.query("DELETE FROM orders WHERE id = 'ORD-OLD4'").run();
    expect(db.query("SELECT status, orders FROM order_counts WHERE orders > 0 ORDER BY status").all()).toEqual(
      db.query("SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY status").all(),
    );
    expect(search("smith")).toEqual(["ORD-NEW1", "ORD-OLD2"]);
    expect(search("elsewhere")).toEqual(["ORD-OLD2"]);
    expect(search("brian@example")).toEqual([]);
  });
});

describe("the list's statements", () => {
  beforeEach(() => migrate(db));

  for (const [shape, sql] of Object.entries(listQueries())) {
    test(`${shape}: no sort of the table and no OFFSET`, () => {
      const plan = queryPlan(db, sql);
      expect(sql).not.toContain("OFFSET");
      if (shape.endsWith("Matched")) {
        // Driven by the matches' rowids, read once from the search indexes; only they are sorted (the top page kept).
        expect(plan.some((step) => step.includes("json_each VIRTUAL TABLE"))).toBe(true);
      } else if (shape.endsWith("Walked")) {
        // The list's index walked newest first, keeping the orders in the set both search indexes give.
        expect(plan.join("\n")).not.toContain("TEMP B-TREE FOR ORDER BY");
        expect(plan[0]).toContain("orders_newest");
        expect(plan.filter((step) => /SCAN order_(postcode_)?search VIRTUAL TABLE/.test(step))).toHaveLength(2);
      } else {
        expect(plan.join("\n")).not.toContain("TEMP B-TREE");
        expect(plan[0]).toContain(shape.includes("Status") ? "orders_newest_by_status" : "orders_newest");
      }
    });
  }
});

describe("the statements of the search and the To make queue (decision 0037)", () => {
  beforeEach(() => migrate(db));

  /** Every statement the order store prepares, with its plan. */
  function storeStatements(): { sql: string; plan: string[] }[] {
    const statements: string[] = [];
    const recorded = new Proxy(db, {
      get(target, property) {
        if (property === "query")
          return (sql: string) => {
            statements.push(sql);
            return target.query(sql);
          };
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    createOrderStore(recorded);
    return statements.map((sql) => ({
      sql,
      plan: queryPlan(db, sql),
    }));
  }

  test("a search's matches and counts are read from both search indexes and reach an order only by its rowid", () => {
    const searches = storeStatements().filter(({ sql }) => sql.includes("order_search MATCH") && !sql.includes("INDEXED BY"));
    expect(searches).toHaveLength(4);
    for (const { plan } of searches) {
      expect(plan.filter((step) => /SCAN order_(postcode_)?search VIRTUAL TABLE/.test(step))).toHaveLength(2);
      expect(plan.filter((step) => /^(SCAN|SEARCH) o\b/.test(step)).every((step) => step.includes("INTEGER PRIMARY KEY"))).toBe(true);
    }
  });

  test("the queue's pages and count read only the paid orders, through orders_newest_by_status", () => {
    const queue = storeStatements().filter(({ sql }) => sql.includes("stage <> 'dispatched'"));
    expect(queue).toHaveLength(3);
    for (const { plan } of queue) {
      expect(plan[0]).toMatch(/^SEARCH orders USING (COVERING )?INDEX orders_newest_by_status \(status=\?\)/);
      expect(plan.filter((step) => step.startsWith("SCAN"))).toEqual([]);
    }
  });
});
