import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { alertOwnerOfBackupFailure } from "../../scripts/backup-verify";
import { createHealthChecks } from "../../src/modules/health/readiness";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, confirmCheckout, DEMO_FORM, payDemo, postCheckout, sessionIdOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type PushServiceStandIn, startPushServiceStandIn } from "../support/push-service-stand-in";
import { acceptAndPay, seedCustomRequest, sentQuote } from "../support/quotes";
import { waitUntil } from "../support/wait-until";

// Each happening the owner is alerted to, where it happens, with what the alert says and the screen it opens.

let shop: OwnerShop;
let push: PushServiceStandIn;

beforeEach(async () => {
  shop = await createOwnerShop();
  push = await startPushServiceStandIn();
  const phone = push.subscribe("phone");
  await shop.call("/api/admin/push/subscriptions", {
    method: "POST",
    body: { endpoint: phone.endpoint, keys: phone.keys, label: "phone" },
  });
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 5 });
  seedCustomRequest(shop.db);
});
afterEach(async () => {
  await push.stop();
  shop.close();
});

type Queued = { kind: string; subject: string; text: string; link: string };
const queued = (kind: string) =>
  shop.db
    .query<Queued, [string]>("SELECT kind, subject, text, link FROM email_outbox WHERE channel = 'push' AND kind = ? ORDER BY id")
    .all(kind);
const answer = (id: string, action: "decline" | "changes", token: string) =>
  shop.json(`/api/quotes/${id}/${action}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ t: token, message: "Could it be green instead?" }),
  });

describe("order paid", () => {
  test("a paid order alerts the owner with its reference, total and item count, opening the order; nothing of the shopper", async () => {
    const { orderId } = await buyThroughDemoCheckout(shop, [{ id: "feeder" }, { id: "feeder" }]);
    expect(queued("alert-order_paid")).toEqual([
      {
        kind: "alert-order_paid",
        subject: `New order ${orderId}`,
        text: "Paid: £53.00 · 2 items.",
        link: `/admin/orders?order=${orderId}`,
      },
    ]);
    await shop.deps.outbox.deliverDue();
    await waitUntil(() => push.received.length === 1, 5_000, "the alert to reach the phone");
    const text = JSON.stringify(push.received[0]?.payload);
    for (const personal of [DEMO_FORM.name, DEMO_FORM.email, DEMO_FORM.line1, DEMO_FORM.postalCode, "London"])
      expect(text).not.toContain(personal);
  });

  test("switched off, a paid order queues no alert", async () => {
    await shop.call("/api/admin/notifications", { method: "PUT", body: { events: { order_paid: false } } });
    await buyThroughDemoCheckout(shop, [{ id: "feeder" }]);
    expect(queued("alert-order_paid")).toEqual([]);
  });

  test("a payment that arrives after its stock was sold is flagged for refund, and the owner is alerted to refund it", async () => {
    const checkout = await postCheckout(shop, [{ id: "feeder" }]);
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    // The hold ran out and the last units went to someone else before this payment came in.
    shop.db.query("UPDATE checkouts SET hold = 'released'").run();
    shop.db.query("UPDATE products SET stock = 0 WHERE id = 'feeder'").run();
    await payDemo(shop, sessionId);
    const { body } = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(queued("alert-refund_due")).toEqual([
      {
        kind: "alert-refund_due",
        subject: `Refund needed: ${body.orderId}`,
        text: "Paid after its stock was gone: £29.00 · 1 item. Refund or make it.",
        link: `/admin/orders?order=${body.orderId}`,
      },
    ]);
  });
});

describe("quotes", () => {
  test("an accepted quote alerts once, with its total and item count, opening the request", async () => {
    const { id, token } = await sentQuote(shop);
    await acceptAndPay(shop, id, token);
    expect(queued("alert-quote_accepted")).toEqual([
      {
        kind: "alert-quote_accepted",
        subject: `Quote accepted: ${id}`,
        text: "Version 1: £45.00 · 2 items.",
        link: "/admin/orders?request=req-1",
      },
    ]);
  });

  test("changes asked alert the owner and point to the shopper's message on the request", async () => {
    const { id, token } = await sentQuote(shop);
    expect((await answer(id, "changes", token)).status).toBe(200);
    expect(queued("alert-quote_changes")).toEqual([
      {
        kind: "alert-quote_changes",
        subject: `Changes asked on quote ${id}`,
        text: "Version 1: £45.00 · 2 items. Their message is on the request.",
        link: "/admin/orders?request=req-1",
      },
    ]);
  });

  test("a declined quote alerts the owner", async () => {
    const { id, token } = await sentQuote(shop);
    expect((await answer(id, "decline", token)).status).toBe(200);
    expect(queued("alert-quote_declined").map((row) => row.subject)).toEqual([`Quote declined: ${id}`]);
  });
});

describe("the shop's health", () => {
  test("/readyz not ready for low disk alerts the owner once while it lasts, opening the dashboard", async () => {
    const lowDisk = { ...shop.deps, health: createHealthChecks(shop.db, { dataDir: shop.dataDir, freeBytes: () => 42 * 1024 * 1024 }) };
    const { healthRoutes } = await import("../../src/modules/health");
    const routes = healthRoutes(lowDisk);
    for (let asked = 0; asked < 3; asked += 1) expect((await routes.handle(new Request("http://shop.test/readyz"))).status).toBe(503);
    expect(queued("alert-not_ready")).toEqual([
      {
        kind: "alert-not_ready",
        subject: "The shop is not taking orders",
        text: "Only 42 MB free on the data volume (at least 100 MB needed).",
        link: "/admin",
      },
    ]);
  });

  test("a failed backup check queues the owner's backup alert in the live database", () => {
    const at = new Date("2026-11-27T03:00:00Z");
    expect(alertOwnerOfBackupFailure(join(shop.dataDir, "shop.db"), shop.env, "the replica is missing 3 order(s)", at)).toBe(1);
    expect(queued("alert-backup_failed")).toEqual([
      { kind: "alert-backup_failed", subject: "The backup check failed", text: "the replica is missing 3 order(s)", link: "/admin" },
    ]);
  });
});
