import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { demoCardFee } from "../../src/services/payments/card-fee";
import { migrationsBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0038_money.sql): its demo orders get the demo fee worked out the
// way the checkout now works it out, its Stripe orders wait for the fees job (fee unknown, never guessed), demo
// refunds carry no fee, and the daily money summary holds the shop's history from the first read.

const MIGRATION = "0038_money.sql";
let dir: string;
let db: Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-money-"));
  db = openDatabase(join(dir, "shop.db"));
  migrate(db, migrationsBefore(MIGRATION, join(dir, "before")));
  const order = db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, discount_cents, amount_cents, payment_provider, payment_session_id, created_at)
     VALUES (?, ?, 395, ?, ?, ?, ?, ?)`,
  );
  order.run("ORD-DEMO", 2400, 400, 2395, "demo", "cs_demo", "2026-04-05T22:30:00.000Z");
  order.run("ORD-STRIPE", 10000, 0, 10395, "stripe", "cs_stripe", "2026-04-05T22:45:00.000Z");
  order.run("ORD-FREE", 0, 0, 0, "demo", "cs_free", "2026-04-06T09:00:00.000Z");
  db.query(
    `INSERT INTO refunds (id, order_id, amount_cents, reason, idempotency_key, created_at)
     VALUES ('rf_1', 'ORD-DEMO', 500, 'damaged', 'k1', '2026-04-07T10:00:00.000Z'),
            ('rf_2', 'ORD-STRIPE', 1000, 'damaged', 'k2', '2026-04-07T11:00:00.000Z')`,
  ).run();
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test("demo orders get the demo rate as the checkout works it out; Stripe's wait for the job; a free order has no fee", () => {
  expect(migrate(db)[0]).toBe(MIGRATION);
  expect(db.query("SELECT id, fee_cents, net_cents, fee_source FROM orders ORDER BY id").all()).toEqual([
    { id: "ORD-DEMO", fee_cents: demoCardFee(2395).feePence, net_cents: demoCardFee(2395).netPence, fee_source: "demo" },
    { id: "ORD-FREE", fee_cents: 0, net_cents: 0, fee_source: "demo" },
    { id: "ORD-STRIPE", fee_cents: null, net_cents: null, fee_source: null },
  ]);
  expect(demoCardFee(2395)).toEqual({ feePence: 56, netPence: 2339 }); // 35.925p rounds to 36p, plus 20p
});

test("a demo refund carries no fee; a Stripe refund's fee waits for its balance transaction", () => {
  migrate(db);
  expect(db.query("SELECT id, fee_cents, balance_transaction FROM refunds ORDER BY id").all()).toEqual([
    { id: "rf_1", fee_cents: 0, balance_transaction: null },
    { id: "rf_2", fee_cents: null, balance_transaction: null },
  ]);
});

test("the daily money summary holds the history by UTC day, and follows a fee recorded later", () => {
  migrate(db);
  const days = () => db.query("SELECT * FROM money_by_day ORDER BY day").all();
  expect(days()).toEqual([
    { day: "2026-04-05", gross_cents: 2795 + 10395, discount_cents: 400, refund_cents: 0, fee_cents: 56, orders: 2, fees_unknown: 1 },
    { day: "2026-04-06", gross_cents: 0, discount_cents: 0, refund_cents: 0, fee_cents: 0, orders: 1, fees_unknown: 0 },
    { day: "2026-04-07", gross_cents: 0, discount_cents: 0, refund_cents: 1500, fee_cents: 0, orders: 0, fees_unknown: 1 },
  ]);
  db.query("UPDATE orders SET fee_cents = 176, net_cents = 10219, fee_source = 'stripe' WHERE id = 'ORD-STRIPE'").run();
  db.query("UPDATE refunds SET fee_cents = 0 WHERE id = 'rf_2'").run();
  expect(days()).toEqual([
    { day: "2026-04-05", gross_cents: 13190, discount_cents: 400, refund_cents: 0, fee_cents: 56 + 176, orders: 2, fees_unknown: 0 },
    { day: "2026-04-06", gross_cents: 0, discount_cents: 0, refund_cents: 0, fee_cents: 0, orders: 1, fees_unknown: 0 },
    { day: "2026-04-07", gross_cents: 0, discount_cents: 0, refund_cents: 1500, fee_cents: 0, orders: 0, fees_unknown: 0 },
  ]);
});
