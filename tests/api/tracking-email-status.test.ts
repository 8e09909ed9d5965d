import { afterEach, describe, expect, test } from "bun:test";
import { mailDeliveryFromEnv } from "../../src/jobs/deliver-outbox";
import { createOutboxDelivery, listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type ResendStandIn, startResendStandIn } from "../support/resend-stand-in";

// The admin tells the truth about the tracking email
// (docs/decisions/0010-hardening.md). What the owner sees (the order's
// tracking_email and tracking_notified_at, each call's trackingEmail) comes
// from the outbox row: emailed only once the row was sent, queued while it
// waits for a configured mailer, not sent (smtp-not-configured) while no mailer
// is set up, failed with Resend's words. Sending again goes through the same
// outbox and never doubles a waiting email.

const SHIPMENT = { carrier: "Royal Mail", number: "RM123456789GB", url: "https://track.royalmail.com/RM123456789GB" };
const CORRECTED = { carrier: "DPD", number: "15501234" };
const FROM = "Strata <orders@strata.test>";

type TrackingEmail = {
  kind: string;
  status: string;
  delivery: "queued" | "not-sent" | "sent" | "failed";
  reason: "smtp-not-configured" | null;
  last_error: string | null;
  sent_at: string | null;
};
type Order = { status: string; tracking_notified_at: string | null; tracking_email: TrackingEmail | null };
type Answer = { order: Order; trackingEmail?: Record<string, unknown> };

let shop: OwnerShop;
let resend: ResendStandIn | null = null;

afterEach(async () => {
  await resend?.stop();
  resend = null;
  shop.close();
});

async function openShop({ mail }: { mail: boolean }) {
  if (mail) resend = startResendStandIn();
  shop = await createOwnerShop(resend ? { RESEND_API_KEY: resend.apiKey, RESEND_API_BASE: resend.url, MAIL_FROM: FROM } : {});
  addProduct(shop.db, BIRD_FEEDER);
}

async function buy(): Promise<string> {
  return (await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }))).orderId;
}

function post(path: string, body: unknown) {
  return shop.call<Answer>(path, { method: "POST", body });
}

const saveTracking = (id: string, body: object) => post(`/api/admin/orders/${id}/tracking`, body);
/** The admin's "Send tracking email again": the status call with forceResend (docs/product.md#owner-calls), on the stored tracking. */
const sendAgain = (id: string) => post(`/api/admin/orders/${id}/status`, { status: "fulfilled", forceResend: true });

async function detail(id: string): Promise<Order> {
  return (await shop.call<Order>(`/api/admin/orders/${id}`)).body;
}

function trackingRows(id: string) {
  return listOutbox(shop.db, { orderId: id })
    .filter((row) => row.kind === "tracking")
    .sort((a, b) => a.id - b.id);
}

/** One run of the delivery job as the shop configures it: the real Resend SDK against the stand-in. */
async function deliverOutbox() {
  const delivery = mailDeliveryFromEnv(shop.env);
  if (!delivery) throw new Error("this shop has no mail delivery configured");
  return createOutboxDelivery({ db: shop.db, ...delivery }).deliverDue();
}

const trackingDelivered = () => (resend?.delivered ?? []).filter((email) => email.subject.includes("is on its way"));

describe("with no mail service configured", () => {
  test("finalising a shipment shows the tracking email as not sent (smtp-not-configured), never as emailed", async () => {
    await openShop({ mail: false });
    const id = await buy();
    const { status, body } = await saveTracking(id, SHIPMENT);
    expect(status).toBe(200);
    expect(body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
    expect(body.order.tracking_notified_at).toBeNull();
    expect(body.order.tracking_email).toMatchObject({
      kind: "tracking",
      status: "pending",
      delivery: "not-sent",
      reason: "smtp-not-configured",
      sent_at: null,
    });
    expect(await detail(id)).toMatchObject({
      tracking_notified_at: null,
      tracking_email: { delivery: "not-sent", reason: "smtp-not-configured" },
    });
    const [listed] = (await shop.call<{ id: string; tracking_notified_at: string | null }[]>("/api/admin/orders")).body;
    expect(listed).toMatchObject({ id, tracking_notified_at: null });
  });

  test("the next update is not treated as already sent: it rewrites the waiting email with the new tracking and adds none", async () => {
    await openShop({ mail: false });
    const id = await buy();
    await saveTracking(id, SHIPMENT);
    const { body } = await saveTracking(id, CORRECTED);
    expect(body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
    const rows = trackingRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.text).toContain("15501234");
    expect(rows[0]?.text).not.toContain("RM123456789GB");
  });

  test("sending again goes through the outbox, answers smtp-not-configured and never adds a second waiting email", async () => {
    await openShop({ mail: false });
    const id = await buy();
    await saveTracking(id, SHIPMENT);
    for (let press = 0; press < 2; press++) {
      const { status, body } = await sendAgain(id);
      expect(status).toBe(200);
      expect(body.trackingEmail).toEqual({ sent: false, reason: "smtp-not-configured" });
      expect(body.order.tracking_email).toMatchObject({ delivery: "not-sent" });
    }
    expect(trackingRows(id)).toHaveLength(1);
  });

  test("the admin session call says email delivery is not set up", async () => {
    await openShop({ mail: false });
    expect(await shop.call("/api/admin/session")).toMatchObject({ status: 200, body: { signedIn: true, emailConfigured: false } });
  });
});

describe("with Resend configured", () => {
  test("the admin session call says email delivery is set up", async () => {
    await openShop({ mail: true });
    expect(await shop.call("/api/admin/session")).toMatchObject({ status: 200, body: { signedIn: true, emailConfigured: true } });
  });

  test("a tracking email is queued until the outbox sends it, and only then shown as emailed, at its send time", async () => {
    await openShop({ mail: true });
    const id = await buy();
    const { body } = await saveTracking(id, SHIPMENT);
    expect(body.trackingEmail).toEqual({ sent: false, queued: true });
    expect(body.order).toMatchObject({ tracking_notified_at: null, tracking_email: { delivery: "queued", reason: null, sent_at: null } });

    await deliverOutbox();
    const sent = await detail(id);
    expect(sent.tracking_email).toMatchObject({ status: "sent", delivery: "sent" });
    expect(sent.tracking_email?.sent_at).toMatch(/^\d{4}-/);
    expect(sent.tracking_notified_at).toBe(sent.tracking_email?.sent_at ?? "never");
    const [listed] = (await shop.call<{ tracking_notified_at: string | null }[]>("/api/admin/orders")).body;
    expect(listed?.tracking_notified_at).toBe(sent.tracking_notified_at);
    expect(trackingDelivered().map((email) => email.to)).toEqual([["ada@example.co.uk"]]);
  });

  test("once it was really sent, an update answers already-sent and forceResend queues exactly one more", async () => {
    await openShop({ mail: true });
    const id = await buy();
    await saveTracking(id, SHIPMENT);
    await deliverOutbox();
    expect((await saveTracking(id, CORRECTED)).body.trackingEmail).toEqual({ sent: false, reason: "already-sent" });
    expect(trackingRows(id)).toHaveLength(1);
    const resent = await saveTracking(id, { ...CORRECTED, forceResend: true });
    expect(resent.body.trackingEmail).toEqual({ sent: false, queued: true });
    expect(resent.body.order.tracking_email).toMatchObject({ delivery: "queued" });
    expect(trackingRows(id).map((row) => row.status)).toEqual(["sent", "pending"]);
  });

  test("pressing send again while one is queued adds no duplicate", async () => {
    await openShop({ mail: true });
    const id = await buy();
    await saveTracking(id, SHIPMENT);
    for (let press = 0; press < 3; press++) expect((await sendAgain(id)).body.trackingEmail).toEqual({ sent: false, queued: true });
    expect(trackingRows(id)).toHaveLength(1);
    await deliverOutbox();
    expect(trackingDelivered()).toHaveLength(1);
  });

  test("a tracking email Resend refuses is shown as failed with Resend's words, and sending again queues a fresh one that goes out", async () => {
    await openShop({ mail: true });
    const id = await buy();
    await deliverOutbox(); // the order confirmation goes out first
    resend!.failNext(1, 422, "Invalid `to` field.");
    await saveTracking(id, SHIPMENT);
    expect(await deliverOutbox()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await detail(id)).toMatchObject({
      tracking_notified_at: null,
      tracking_email: {
        status: "failed",
        delivery: "failed",
        last_error: "Resend 422 validation_error: Invalid `to` field.",
        sent_at: null,
      },
    });

    const again = await sendAgain(id);
    expect(again.body.trackingEmail).toEqual({ sent: false, queued: true });
    expect(again.body.order.tracking_email).toMatchObject({ delivery: "queued", last_error: null });
    expect(trackingRows(id).map((row) => row.status)).toEqual(["failed", "pending"]);
    await deliverOutbox();
    expect((await detail(id)).tracking_email).toMatchObject({ delivery: "sent" });
    expect(trackingDelivered()).toHaveLength(1);
  });

  test("a waiting email Resend was already offered is retired, not rewritten, when the tracking changes", async () => {
    await openShop({ mail: true });
    const id = await buy();
    await deliverOutbox();
    resend!.failNext(1, 500);
    await saveTracking(id, SHIPMENT);
    expect(await deliverOutbox()).toEqual({ sent: 0, retried: 1, failed: 0 });

    // Its idempotency key (outbox-<id>) belongs to the payload Resend first saw: new words need a new row.
    const { body } = await saveTracking(id, CORRECTED);
    expect(body.trackingEmail).toEqual({ sent: false, queued: true });
    const [retired, fresh] = trackingRows(id);
    expect(retired).toMatchObject({ status: "failed", last_error: "Replaced by an updated tracking email before it was sent." });
    expect(fresh).toMatchObject({ status: "pending", attempts: 0 });
    expect(fresh?.text).toContain("15501234");
    await deliverOutbox();
    expect(trackingDelivered().map((email) => email.text.includes("15501234"))).toEqual([true]);
  });
});
