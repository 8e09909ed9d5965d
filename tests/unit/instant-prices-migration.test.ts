import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0031_instant_prices.sql, 0032_model_quote_drafts.sql): the rebuilt
// uploads table keeps every row and index, products gain requires_model (off), the rates start switched off,
// and a request made before has no quote draft.

const FIRST = "0031_instant_prices.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(FIRST);
  db = shop.db;
  db.query("INSERT INTO products (id, name, price_cents, requires_gpx) VALUES ('map', 'Relief map', 3900, 1)").run();
  db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id)
     VALUES ('ORD-OLD', 3900, 395, 4295, 'demo', 'cs_old')`,
  ).run();
  db.query(
    `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, details, order_id, created_at, address_hash, removed_at)
     VALUES ('tok-paid', 'gpx', 'map', 'ride.gpx', 'u_00000000000000000000000000000001.gpx', 'application/gpx+xml', 120, '{"distanceM":1}', 'ORD-OLD', '2026-01-02T03:04:05.000Z', 'hash-a', NULL),
            ('tok-loose', 'image', 'map', 'p.jpg', 'u_00000000000000000000000000000002.jpg', 'image/jpeg', 99, '{}', NULL, '2026-01-03T00:00:00.000Z', 'hash-b', '2026-02-01T00:00:00.000Z')`,
  ).run();
  db.query("INSERT INTO custom_requests (id, name, email, details) VALUES ('REQ-OLD', 'Ada', 'ada@example.com', 'A vase')").run();
});
afterEach(() => shop.close());

const indexesOf = (table: string) =>
  db
    .query<{ name: string }, [string]>(
      "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name",
    )
    .all(table)
    .map((row) => row.name);

test("every upload is kept as it was, with its indexes, and a model is now an upload kind", () => {
  const before = db.query("SELECT * FROM uploads ORDER BY token").all();
  const indexes = indexesOf("uploads");
  // The first two applied; later migrations may follow them.
  expect(migrate(db).slice(0, 2)).toEqual([FIRST, "0032_model_quote_drafts.sql"]);
  expect(
    db
      .query(
        "SELECT token, kind, product_id, original_name, stored_name, content_type, size_bytes, details, order_id, created_at, address_hash, removed_at FROM uploads ORDER BY token",
      )
      .all(),
  ).toEqual(before);
  expect(db.query<{ model_price: null }, []>("SELECT model_price FROM uploads").all()).toEqual([
    { model_price: null },
    { model_price: null },
  ]);
  // Every index the rebuild had to make again is there; later migrations may add their own (0043 does).
  expect(indexesOf("uploads")).toEqual(expect.arrayContaining(indexes));
  expect(indexes.length).toBeGreaterThan(0);
  db.query(
    "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES ('m', 'model', 'map', 'a.stl', 'u_3.stl', 'model/stl', 1)",
  ).run();
  expect(() =>
    db
      .query(
        "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES ('x', 'pdf', 'map', 'a.pdf', 'u_4.pdf', 'application/pdf', 1)",
      )
      .run(),
  ).toThrow(/CHECK constraint failed/);
  // A price is remembered only for a model.
  expect(() => db.query("UPDATE uploads SET model_price = '{}' WHERE token = 'tok-paid'").run()).toThrow(/CHECK constraint failed/);
  // The order still owns its file: deleting the order lets go of it, as before.
  db.query("DELETE FROM orders WHERE id = 'ORD-OLD'").run();
  expect(db.query<{ order_id: string | null }, []>("SELECT order_id FROM uploads WHERE token = 'tok-paid'").get()?.order_id).toBeNull();
});

test("products take no model until the owner says so, and the switch moves what pages show", () => {
  migrate(db);
  expect(db.query<{ requires_model: number }, []>("SELECT requires_model FROM products").get()?.requires_model).toBe(0);
  const versions = () => db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM page_versions").get()?.n ?? 0;
  const before = versions();
  db.query("UPDATE products SET requires_model = 1 WHERE id = 'map'").run();
  expect(versions()).toBe(before + 1);
  expect(() => db.query("UPDATE products SET requires_model = 2").run()).toThrow(/CHECK constraint failed/);
});

test("the rates start switched off with no materials or printers, and a request made before has no quote draft", () => {
  migrate(db);
  const settings = JSON.parse(db.query<{ settings: string }, []>("SELECT settings FROM pricing_settings WHERE id = 1").get()!.settings);
  expect(settings).toMatchObject({ materials: [], printers: [], rules: { instant_on: false, review_all: false } });
  expect(() => db.query("INSERT INTO pricing_settings (id, settings) VALUES (2, '{}')").run()).toThrow(/CHECK constraint failed/);
  expect(db.query("SELECT quote_draft FROM custom_requests").all()).toEqual([{ quote_draft: null }]);
  expect(countCalibration()).toBe(0);
});

const countCalibration = () => db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM calibration_jobs").get()?.n;
