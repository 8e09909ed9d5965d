import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { enqueueEmail, type OutboxRow } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { type NtfyStandIn, startNtfyStandIn } from "../support/ntfy-stand-in";
import { type PushServiceStandIn, startPushServiceStandIn, type TestSubscription } from "../support/push-service-stand-in";
import { type ResendStandIn, startResendStandIn } from "../support/resend-stand-in";
import { countRows } from "../support/test-app";
import { waitUntil } from "../support/wait-until";

// Alerts leave through the outbox (docs/decisions/0046-owner-alerts.md): Web Push, checked by a push-service
// stand-in that verifies the VAPID signature and decrypts the payload, and ntfy.

let shop: OwnerShop;
let push: PushServiceStandIn;
let ntfy: NtfyStandIn;

beforeEach(async () => {
  shop = await createOwnerShop();
  push = await startPushServiceStandIn();
  ntfy = startNtfyStandIn({ token: "tk_owner" });
});
afterEach(async () => {
  await push.stop();
  await ntfy.stop();
  shop.close();
});

async function addDevice(target: OwnerShop, subscription: TestSubscription): Promise<number> {
  const { status, body } = await target.call<{ id: number }>("/api/admin/push/subscriptions", {
    method: "POST",
    body: { endpoint: subscription.endpoint, keys: subscription.keys, label: subscription.name },
  });
  expect(status).toBe(201);
  return body.id;
}

const alertRows = (target: OwnerShop) =>
  target.db.query<OutboxRow, []>("SELECT * FROM email_outbox WHERE channel <> 'email' ORDER BY id").all();
const sendTest = (target: OwnerShop) => target.call<{ queued: number; text: string }>("/api/admin/notifications/test", { method: "POST" });

describe("Web Push", () => {
  test("the test alert reaches the device signed with the shop's VAPID key and encrypted to the device's keys; its text says test", async () => {
    const phone = push.subscribe("phone");
    const id = await addDevice(shop, phone);
    const { status, body } = await sendTest(shop);
    expect(status).toBe(202);
    expect(body.queued).toBe(1);
    expect(body.text).toContain("test");
    await waitUntil(() => push.received.length === 1, 5_000, "the push service to receive the test alert");
    expect(push.refusals).toEqual([]);
    const [message] = push.received;
    const vapidKey = (await shop.call<{ vapid_public_key: string }>("/api/admin/notifications")).body.vapid_public_key;
    expect(message).toMatchObject({
      name: "phone",
      vapidKey,
      payload: { title: "Strata test alert", body: "This is a test alert: alerts reach this device.", url: "/admin/configuration#alerts" },
      urgency: "high",
      ttl: "86400",
    });
    expect(message?.claims.aud).toBe(push.origin);
    await waitUntil(() => alertRows(shop)[0]?.status === "sent", 5_000, "the outbox row to be marked sent");
    const device = shop.db.query<{ last_ok_at: string | null }, [number]>("SELECT last_ok_at FROM push_devices WHERE id = ?").get(id);
    expect(device?.last_ok_at).toEqual(expect.any(String));
  });

  test("the stand-in refuses what another key signed: a payload for the wrong device cannot be decrypted", async () => {
    // Proves the stand-in's checks can fail: the row points at a device whose keys are not the subscriber's.
    const phone = push.subscribe("phone");
    const stranger = push.subscribe("stranger");
    await addDevice(shop, { ...phone, keys: stranger.keys });
    await sendTest(shop);
    await waitUntil(() => push.refusals.length === 1, 5_000, "the push service to refuse the message");
    expect(push.received).toEqual([]);
    expect(push.refusals[0]).toMatch(/unable to authenticate data|Unsupported state/);
  });

  for (const status of [404, 410]) {
    test(`a push service answering ${status} removes that device, and the alert is failed with the reason`, async () => {
      const phone = push.subscribe("phone");
      const kept = push.subscribe("tablet");
      await addDevice(shop, phone);
      const keptId = await addDevice(shop, kept);
      push.answerWith("phone", status);
      await sendTest(shop);
      await waitUntil(() => push.received.length === 1 && countRows(shop.db, "push_devices") === 1, 5_000, "the gone device to be removed");
      expect(shop.db.query("SELECT id FROM push_devices").all()).toEqual([{ id: keptId }]);
      await waitUntil(
        () => alertRows(shop).every((row) => row.status !== "sending" && row.status !== "pending"),
        5_000,
        "both rows to settle",
      );
      expect(alertRows(shop).map((row) => [row.status, row.last_error])).toEqual([
        ["failed", `The push service no longer knows "phone" (${status}), so the device was removed.`],
        ["sent", null],
      ]);
    });
  }

  test("a push service that fails for a while is tried again later, as an email would be", async () => {
    const phone = push.subscribe("phone");
    await addDevice(shop, phone);
    push.answerWith("phone", 503);
    await sendTest(shop);
    await waitUntil(
      () => alertRows(shop)[0]?.status === "pending" && alertRows(shop)[0]?.attempts === 1,
      5_000,
      "the alert to wait for a retry",
    );
    expect(alertRows(shop)[0]?.last_error).toBe('The push service answered 503 for "phone".');
    expect(countRows(shop.db, "push_devices")).toBe(1);
  });
});

describe("ntfy", () => {
  test("the test alert is posted to the owner's topic with its title, the screen to open and the access token", async () => {
    await shop.call("/api/admin/notifications", {
      method: "PUT",
      body: { ntfy_url: ntfy.topicUrl("strata-owner"), ntfy_token: "tk_owner" },
    });
    expect((await sendTest(shop)).status).toBe(202);
    await waitUntil(() => ntfy.received.length === 1, 5_000, "ntfy to receive the test alert");
    expect(ntfy.received[0]).toEqual({
      topic: "strata-owner",
      title: "Strata test alert",
      message: "This is a test alert: alerts reach this device.",
      click: "http://shop.test/admin/configuration#alerts",
      authorization: "Bearer tk_owner",
    });
  });

  test("NTFY_URL and NTFY_TOKEN from the environment are used when /admin set none", async () => {
    const other = await createOwnerShop({ NTFY_URL: ntfy.topicUrl("from-env"), NTFY_TOKEN: "tk_owner" });
    try {
      expect((await sendTest(other)).status).toBe(202);
      await waitUntil(() => ntfy.received.length === 1, 5_000, "ntfy to receive the test alert");
      expect(ntfy.received[0]).toMatchObject({ topic: "from-env", authorization: "Bearer tk_owner" });
    } finally {
      other.close();
    }
  });

  test("a refused token fails the alert with what to check, without retrying", async () => {
    await shop.call("/api/admin/notifications", {
      method: "PUT",
      body: { ntfy_url: ntfy.topicUrl("strata-owner"), ntfy_token: "tk_wrong" },
    });
    await sendTest(shop);
    await waitUntil(() => alertRows(shop)[0]?.status === "failed", 5_000, "the alert to fail");
    expect(alertRows(shop)[0]?.last_error).toBe("ntfy answered 401: check the access token.");
  });
});

describe("alerts and email share the outbox", () => {
  test("with no email service set up, alerts go out and emails keep waiting", async () => {
    await addDevice(shop, push.subscribe("phone"));
    enqueueEmail(shop.db, {
      dedupeKey: "order-confirmation:ORD-1",
      kind: "order-confirmation",
      orderId: null,
      recipient: "shopper@example.com",
      subject: "Your order",
      html: "<p>Thanks</p>",
      text: "Thanks",
    });
    await sendTest(shop);
    await waitUntil(() => push.received.length === 1, 5_000, "the alert to arrive");
    expect(shop.db.query("SELECT status, attempts FROM email_outbox WHERE channel = 'email'").get()).toEqual({
      status: "pending",
      attempts: 0,
    });
  });

  test("an email given up on tells the owner: an email_failed alert names the order, not the address", async () => {
    const resend: ResendStandIn = startResendStandIn();
    const mailing = await createOwnerShop({
      RESEND_API_KEY: resend.apiKey,
      RESEND_API_BASE: resend.url,
      MAIL_FROM: "Strata <orders@strata.test>",
    });
    try {
      await addDevice(mailing, push.subscribe("phone"));
      mailing.db
        .query(
          `INSERT INTO orders (id, subtotal_cents, delivery_cents, amount_cents, payment_provider, payment_session_id)
           VALUES ('ORD-MAIL', 1000, 0, 1000, 'demo', 'cs_mail')`,
        )
        .run();
      enqueueEmail(mailing.db, {
        dedupeKey: "order-confirmation:ORD-MAIL",
        kind: "order-confirmation",
        orderId: "ORD-MAIL",
        recipient: "shopper@example.com",
        subject: "Your order",
        html: "<p>Thanks</p>",
        text: "Thanks",
      });
      resend.failNext(1, 422, "The to address is not valid");
      await mailing.deps.outbox.deliverDue();
      await waitUntil(() => alertRows(mailing).length === 1, 5_000, "the email_failed alert to be queued");
      await mailing.deps.outbox.deliverDue();
      await waitUntil(() => push.received.length === 1, 5_000, "the alert to arrive");
      expect(push.received[0]?.payload).toEqual({
        title: "An email was not delivered",
        body: "The order confirmation email for ORD-MAIL failed after 1 try.",
        url: "/admin/orders?order=ORD-MAIL",
      });
      expect(JSON.stringify(push.received[0]?.payload)).not.toContain("shopper@example.com");
    } finally {
      mailing.close();
      await resend.stop();
    }
  });

  test("a switched-off event queues nothing", async () => {
    await addDevice(shop, push.subscribe("phone"));
    await shop.call("/api/admin/notifications", { method: "PUT", body: { events: { email_failed: false } } });
    expect(shop.deps.alerts.queue("email_failed", "email-failed:1", { title: "t", body: "b", url: "/admin" })).toBe(0);
    expect(countRows(shop.db, "email_outbox")).toBe(0);
  });
});
