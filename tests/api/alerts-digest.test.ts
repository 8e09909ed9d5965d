import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { type PushServiceStandIn, startPushServiceStandIn } from "../support/push-service-stand-in";
import { seedCustomRequest, sentQuote } from "../support/quotes";
import { storeOrder } from "../support/stored-orders";
import { countRows } from "../support/test-app";

// The owner's morning digest, driven with a fixed clock: working days only, at the owner's time in UK time.

const OWNER = "owner@strata.test";
let shop: OwnerShop;
let push: PushServiceStandIn;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: OWNER });
  push = await startPushServiceStandIn();
  const phone = push.subscribe("phone");
  await shop.call("/api/admin/push/subscriptions", {
    method: "POST",
    body: { endpoint: phone.endpoint, keys: phone.keys, label: "phone" },
  });
});
afterEach(async () => {
  await push.stop();
  shop.close();
});

type Row = { subject: string; text: string; recipient: string; channel: string; link: string | null };
const digests = () =>
  shop.db
    .query<Row, []>("SELECT subject, text, recipient, channel, link FROM email_outbox WHERE kind IN ('digest', 'alert-digest') ORDER BY id")
    .all();

function toMake(id: string, dispatchBy: string, stage: string, quantity = 1) {
  storeOrder(shop.db, {
    id,
    createdAt: "2026-12-01T10:00:00.000Z",
    items: [{ productId: "feeder", name: "Bird feeder", unitPriceCents: 2000, quantity }],
  });
  shop.db.query("UPDATE orders SET stage = ?, dispatch_by = ? WHERE id = ?").run(stage, dispatchBy, id);
}

function failedEmail(key: string, at: string) {
  shop.db
    .query(
      `INSERT INTO email_outbox (dedupe_key, kind, order_id, recipient, subject, html, text, status, attempts, next_attempt_at)
       VALUES (?, 'tracking', NULL, 'shopper@example.com', 's', 'h', 't', 'failed', 8, ?)`,
    )
    .run(key, at);
}

describe("on a working day at the owner's time", () => {
  test("the digest lists what to make today (overdue first), what waits on shoppers, yesterday's takings and overnight failures", async () => {
    toMake("ORD-TODAY", "2026-12-08", "queued", 1);
    toMake("ORD-LATE", "2026-12-04", "printing", 2);
    toMake("ORD-LATER", "2026-12-10", "queued");
    // Yesterday (Monday 7 December, UK) £25.00 was taken; the day before does not count.
    storeOrder(shop.db, { id: "ORD-MON", createdAt: "2026-12-07T15:00:00.000Z", subtotalCents: 2000, deliveryCents: 500 });
    storeOrder(shop.db, { id: "ORD-SUN", createdAt: "2026-12-06T15:00:00.000Z", subtotalCents: 9000 });
    shop.db.query("UPDATE orders SET stage = 'dispatched' WHERE id IN ('ORD-MON', 'ORD-SUN')").run();
    seedCustomRequest(shop.db);
    const { id: quoteId } = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = '2026-12-20' WHERE id = ?").run(quoteId);
    failedEmail("overnight", "2026-12-08T02:00:00.000Z");
    failedEmail("last-week", "2026-12-01T02:00:00.000Z");

    expect(shop.deps.digest.run(new Date("2026-12-08T07:30:00Z"))).toEqual({ queued: true, reason: "sent" });
    const [email, alert] = digests();
    expect(alert).toEqual({
      subject: "Today's digest",
      text: "2 to make today (1 overdue) · 1 quote waiting on shoppers · £25.00 taken yesterday · 1 failed overnight.",
      recipient: expect.any(String),
      channel: "push",
      link: "/admin/orders",
    });
    expect(email?.recipient).toBe(OWNER);
    expect(email?.subject).toBe("Your Strata digest for Tuesday 8 December 2026");
    expect(email?.text).toContain(
      [
        "To make today",
        "- ORD-LATE: 2 items, Printing, overdue (promised Friday 4 December)",
        "- ORD-TODAY: 1 item, Queued, due today",
        "- 1 more in the queue for later days.",
        "",
        "Waiting on shoppers",
        `- Quote ${quoteId} (version 1), valid until Sunday 20 December`,
        "",
        "Yesterday's takings",
        "- £25.00",
        "",
        "Failed overnight",
        "- tracking (email)",
      ].join("\n"),
    );
  });

  test("an empty day says so briefly", () => {
    shop.deps.digest.run(new Date("2026-12-08T07:30:00Z"));
    const [email, alert] = digests();
    expect(alert?.text).toBe("A quiet day: nothing due, nothing waiting, nothing failed.");
    expect(email?.text).toContain("Nothing is due today.");
    expect(email?.text).toContain("Nothing failed.");
  });

  test("it goes once a day: a second run that day queues nothing", () => {
    expect(shop.deps.digest.run(new Date("2026-12-08T07:30:00Z")).queued).toBe(true);
    expect(shop.deps.digest.run(new Date("2026-12-08T09:00:00Z"))).toEqual({ queued: false, reason: "already sent" });
    expect(digests()).toHaveLength(2);
  });

  test("before the owner's time nothing goes; 07:30 is UK time, an hour earlier in UTC in summer", () => {
    expect(shop.deps.digest.run(new Date("2026-12-08T07:29:00Z"))).toEqual({ queued: false, reason: "not yet" });
    expect(shop.deps.digest.run(new Date("2026-06-09T06:29:00Z"))).toEqual({ queued: false, reason: "not yet" });
    expect(shop.deps.digest.run(new Date("2026-06-09T06:30:00Z"))).toEqual({ queued: true, reason: "sent" });
  });

  test("the owner's own digest time is kept to", async () => {
    await shop.call("/api/admin/notifications", { method: "PUT", body: { digest_time: "06:15" } });
    expect(shop.deps.digest.run(new Date("2026-12-08T06:14:00Z")).reason).toBe("not yet");
    expect(shop.deps.digest.run(new Date("2026-12-08T06:15:00Z")).reason).toBe("sent");
  });

  test("switched off, no digest goes", async () => {
    await shop.call("/api/admin/notifications", { method: "PUT", body: { events: { digest: false } } });
    expect(shop.deps.digest.run(new Date("2026-12-08T07:30:00Z"))).toEqual({ queued: false, reason: "switched off" });
    expect(countRows(shop.db, "email_outbox")).toBe(0);
  });
});

describe("not on a working day", () => {
  for (const [what, at] of [
    ["a Saturday", "2026-12-05T09:00:00Z"],
    ["a Sunday", "2026-12-06T09:00:00Z"],
    ["Christmas Day, a bank holiday on a Friday", "2026-12-25T09:00:00Z"],
    ["Monday 28 December, the bank holiday in place of Boxing Day", "2026-12-28T09:00:00Z"],
  ] as const) {
    test(`${what} sends none`, () => {
      expect(shop.deps.digest.run(new Date(at))).toEqual({ queued: false, reason: "not a working day" });
      expect(countRows(shop.db, "email_outbox")).toBe(0);
    });
  }
});
