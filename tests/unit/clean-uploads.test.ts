import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { cleanUploads, startCleanUploadsJob } from "../../src/jobs/clean-uploads";
import { createOrderStore } from "../../src/modules/orders/store";
import { createUploadStorage, type UploadStorage } from "../../src/services/storage/disk";
import { waitUntil } from "../support/wait-until";

// cleanUploads over a real migrated database and a real uploads folder.

const DAY = 24 * 60 * 60_000;
const NOW = new Date("2025-06-01T12:00:00.000Z");
const RETENTION_DAYS = 14;

let dir: string;
let db: Database;
let storage: UploadStorage;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-clean-"));
  db = openDatabase(join(dir, "shop.db"));
  migrate(db);
  storage = createUploadStorage(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** A stored file and its row, created `ageDays` before NOW. */
async function addUpload(token: string, ageDays: number, orderId: string | null = null): Promise<string> {
  const storedName = await storage.put(new TextEncoder().encode(`<gpx>${token}</gpx>`), "gpx");
  db.query(
    `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, order_id, created_at)
     VALUES (?, 'gpx', 'map', 'ride.gpx', ?, 'application/gpx+xml', 10, ?, ?)`,
  ).run(token, storedName, orderId, daysAgo(ageDays).toISOString());
  return storedName;
}

function addOrder(id: string) {
  db.query(
    `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id)
     VALUES (?, 3900, 500, 4400, 'demo', ?)`,
  ).run(id, `cs_demo_${id}`);
}

function addCheckout(id: string, hold: "held" | "released" | "sold", meta: object) {
  db.query(
    `INSERT INTO checkouts (id, request_hash, provider, hold, subtotal_cents, delivery_cents, amount_cents, expires_at)
     VALUES (?, 'hash', 'demo', ?, 3900, 500, 4400, ?)`,
  ).run(id, hold, NOW.toISOString());
  db.query(
    `INSERT INTO checkout_lines (checkout_id, product_id, product_name, unit_price_cents, quantity, meta)
     VALUES (?, 'map', 'Relief map', 3900, 1, ?)`,
  ).run(id, JSON.stringify(meta));
}

function age(name: string, days: number) {
  const when = daysAgo(days);
  utimesSync(join(storage.dir, name), when, when);
}

const tokens = () =>
  db
    .query<{ token: string }, []>("SELECT token FROM uploads ORDER BY token")
    .all()
    .map((row) => row.token);
const fileExists = (name: string) => existsSync(join(storage.dir, name));

describe("cleanUploads", () => {
  test("an old unattached upload is deleted with its file", async () => {
    const file = await addUpload("old-unpaid", 15);
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 1, orphans: 0 });
    expect(tokens()).toEqual([]);
    expect(fileExists(file)).toBe(false);
  });

  test("an upload in an unpaid checkout stays for the retention days", async () => {
    const file = await addUpload("recent", 13);
    addCheckout("ORD-UNPAID", "released", { gpxToken: "recent" });
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 0 });
    expect(tokens()).toEqual(["recent"]);
    expect(fileExists(file)).toBe(true);
  });

  test("an upload no checkout ever named is deleted after 6 hours, not 14 days", async () => {
    const young = await addUpload("five-hours", 5 / 24);
    const old = await addUpload("seven-hours", 7 / 24);
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 1, orphans: 0 });
    expect(tokens()).toEqual(["five-hours"]);
    expect(fileExists(young)).toBe(true);
    expect(fileExists(old)).toBe(false);
  });

  test("an image named in a checkout is kept past 6 hours like a GPX", async () => {
    const file = await addUpload("photo-in-basket", 1);
    addCheckout("ORD-PHOTO", "released", { variantId: "v", imageToken: "photo-in-basket" });
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 0 });
    expect(fileExists(file)).toBe(true);
  });

  test("an old upload attached to an order stays", async () => {
    addOrder("ORD-PAID");
    const file = await addUpload("paid-for", 400, "ORD-PAID");
    await cleanUploads(db, storage, RETENTION_DAYS, NOW);
    expect(tokens()).toEqual(["paid-for"]);
    expect(fileExists(file)).toBe(true);
  });

  test("an old upload held by an open checkout stays, gpx or image", async () => {
    const gpxFile = await addUpload("held-gpx", 30);
    const imageFile = await addUpload("held-image", 30);
    addCheckout("ORD-OPEN1", "held", { gpxToken: "held-gpx" });
    addCheckout("ORD-OPEN2", "held", { variantId: "v", imageToken: "held-image" });
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 0 });
    expect(tokens()).toEqual(["held-gpx", "held-image"]);
    expect(fileExists(gpxFile) && fileExists(imageFile)).toBe(true);
  });

  test("a checkout that gave its stock back no longer keeps an old upload", async () => {
    const file = await addUpload("walked-away", 30);
    addCheckout("ORD-GONE", "released", { gpxToken: "walked-away" });
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 1, orphans: 0 });
    expect(tokens()).toEqual([]);
    expect(fileExists(file)).toBe(false);
  });

  test("a file no row names is removed once it is older than a day", async () => {
    const orphan = await storage.put(new Uint8Array([1, 2, 3]), "jpg");
    const fresh = await storage.put(new Uint8Array([4, 5, 6]), "jpg");
    age(orphan, 2);
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 1 });
    expect(fileExists(orphan)).toBe(false);
    // Younger than a day: it may be an upload whose row is being written right now.
    expect(fileExists(fresh)).toBe(true);
  });

  test("a temporary file left by a crash is removed; files the storage did not make are left alone", async () => {
    mkdirSync(storage.dir, { recursive: true });
    const temp = `.tmp-${"a".repeat(32)}`;
    writeFileSync(join(storage.dir, temp), "half a file");
    writeFileSync(join(storage.dir, "README.txt"), "the owner's note");
    age(temp, 3);
    age("README.txt", 300);
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 1 });
    expect(readdirSync(storage.dir)).toEqual(["README.txt"]);
  });

  test("a file whose row says it was deleted after dispatch but is still there is removed as an orphan", async () => {
    addOrder("ORD-SENT");
    const file = await addUpload("sent", 200, "ORD-SENT");
    db.query("UPDATE uploads SET removed_at = ? WHERE token = 'sent'").run(daysAgo(2).toISOString());
    age(file, 2);
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 1 });
    expect(fileExists(file)).toBe(false);
    expect(tokens()).toEqual(["sent"]);
  });

  test("an empty or missing uploads folder is fine", async () => {
    expect(await cleanUploads(db, storage, RETENTION_DAYS, NOW)).toEqual({ expired: 0, orphans: 0 });
  });
});

describe("startCleanUploadsJob", () => {
  test("runs the clean-up on its interval and stops cleanly", async () => {
    const storedName = await storage.put(new Uint8Array([1]), "gpx");
    db.query(
      `INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes, created_at)
       VALUES ('ancient', 'gpx', 'map', 'a.gpx', ?, 'application/gpx+xml', 1, '2000-01-01T00:00:00.000Z')`,
    ).run(storedName);
    const job = startCleanUploadsJob({
      db,
      orders: createOrderStore(db),
      storage,
      retentionDays: RETENTION_DAYS,
      daysAfterDispatch: () => 90,
      intervalMs: 5,
    });
    try {
      await waitUntil(() => tokens().length === 0, 5_000, "the job to clean up the ancient upload");
    } finally {
      await job.stop();
    }
    expect(tokens()).toEqual([]);
    expect(fileExists(storedName)).toBe(false);
  });

  test("also deletes the files of an order dispatched longer ago than the owner's days after dispatch", async () => {
    addOrder("ORD-SENT");
    db.query("UPDATE orders SET status = 'fulfilled', stage = 'dispatched' WHERE id = 'ORD-SENT'").run();
    db.query("INSERT INTO order_stage_events (order_id, stage, at) VALUES ('ORD-SENT', 'dispatched', '2001-01-01T00:00:00.000Z')").run();
    const storedName = await addUpload("sent", 9000, "ORD-SENT");
    const job = startCleanUploadsJob({
      db,
      orders: createOrderStore(db),
      storage,
      retentionDays: RETENTION_DAYS,
      daysAfterDispatch: () => 90,
      intervalMs: 5,
    });
    try {
      await waitUntil(() => !fileExists(storedName), 5_000, "the job to delete the dispatched order's file");
    } finally {
      await job.stop();
    }
    expect(db.query("SELECT token, removed_at IS NOT NULL AS removed FROM uploads").all()).toEqual([{ token: "sent", removed: 1 }]);
  });
});

describe("upload storage", () => {
  test("refuses names it did not make", () => {
    for (const name of ["../shop.db", "u_123.gpx", `u_${"a".repeat(32)}.svg`, `/etc/passwd`]) {
      expect(() => storage.path(name)).toThrow();
    }
    expect(storage.path(`u_${"a".repeat(32)}.gpx`)).toBe(join(dir, "uploads", `u_${"a".repeat(32)}.gpx`));
  });

  test("custom request attachments get r_ names with their own extensions, apart from product uploads", async () => {
    const attachment = await storage.putAttachment(new TextEncoder().encode("%PDF-1.4"), "pdf");
    expect(attachment).toMatch(/^r_[0-9a-f]{32}\.pdf$/);
    expect(await Bun.file(storage.path(attachment)).text()).toBe("%PDF-1.4");
    // Each kind only with its own extensions: an upload is never a PDF, an attachment never a GPX.
    for (const name of [`u_${"a".repeat(32)}.pdf`, `r_${"a".repeat(32)}.gpx`, `r_${"a".repeat(32)}.exe`]) {
      expect(() => storage.path(name)).toThrow();
    }
    expect((await storage.list()).map((file) => file.name)).toEqual([attachment]);
  });

  test("put writes the bytes under a fresh random name and leaves no temporary file", async () => {
    const a = await storage.put(new TextEncoder().encode("one"), "gpx");
    const b = await storage.put(new TextEncoder().encode("one"), "gpx");
    expect(a).not.toBe(b);
    expect(readdirSync(storage.dir).sort()).toEqual([a, b].sort());
    expect(await Bun.file(storage.path(a)).text()).toBe("one");
  });
});
