import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { migrationsBefore } from "../support/migrations-before";

// An existing shop upgrades in place (migrations/0034_owner_alerts.sql): every email already queued stays an email,
// and the owner starts with every alert on, the digest at 07:30 and no device.

const MIGRATION = "0034_owner_alerts.sql";
let dir: string;
let db: Database;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-alerts-"));
  db = openDatabase(join(dir, "shop.db"));
  migrate(db, migrationsBefore(MIGRATION, join(dir, "before")));
  db.query(
    `INSERT INTO email_outbox (dedupe_key, kind, order_id, recipient, subject, html, text, status)
     VALUES ('order-confirmation:ORD-OLD', 'order-confirmation', NULL, 'shopper@example.com', 'Your order', '<p>Hi</p>', 'Hi', 'sent')`,
  ).run();
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

test("an email queued before the upgrade is still an email, with no alert link", () => {
  expect(migrate(db)[0]).toBe(MIGRATION);
  expect(db.query("SELECT dedupe_key, status, channel, link FROM email_outbox").all()).toEqual([
    { dedupe_key: "order-confirmation:ORD-OLD", status: "sent", channel: "email", link: null },
  ]);
});

test("after the upgrade the owner has every alert on, the digest at 07:30, no ntfy topic, no keys yet and no device", () => {
  migrate(db);
  expect(db.query("SELECT * FROM alert_settings").all()).toEqual([
    {
      id: 1,
      events: "{}",
      digest_time: "07:30",
      ntfy_url: null,
      ntfy_token: null,
      vapid_public_key: null,
      vapid_private_key: null,
      last_digest_day: null,
    },
  ]);
  expect(db.query("SELECT COUNT(*) AS n FROM push_devices").get()).toEqual({ n: 0 });
  // The database itself refuses a channel it does not know and a digest time that is not HH:MM.
  expect(() => db.query("UPDATE email_outbox SET channel = 'sms'").run()).toThrow(/CHECK constraint failed/);
  expect(() => db.query("UPDATE alert_settings SET digest_time = '7:30'").run()).toThrow(/CHECK constraint failed/);
});
