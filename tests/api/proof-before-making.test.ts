import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, confirmCheckout, type Entry, postCheckout, sessionIdOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { type HoldAnswer, readHold, shopperOrder, tokenOf, uploadPhoto } from "../support/holds";
import { mainOf, textOf } from "../support/html";
import { STAND_IN_WEBHOOK_SECRET, type StripeStandIn, signedEvent, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows, TEST_ORIGIN } from "../support/test-app";
import { uploadsDir } from "../support/uploads-folder";

// "Proof before making" (docs/decisions/0048-order-holds.md): paying for a flagged product's line opens a question at
// once, with the shop's own render of the line as the proof, and emails the shopper the link. Every order is a real
// one: checkout, payment (the demo's or Stripe's webhook), confirm.

const SHOPPER = "ada@example.co.uk";
const PROOF_MESSAGE = "Here is the proof of your order as we will make it. Please approve it, or tell us what to change.";

let shop: OwnerShop;

type HoldRow = {
  id: string;
  reason: string;
  status: string;
  line_index: number | null;
  allow_cancel: number;
  default_action: string;
  window_days: number;
};

function holdsOf(orderId: string): HoldRow[] {
  return shop.db
    .query<HoldRow, [string]>(
      "SELECT id, reason, status, line_index, allow_cancel, default_action, window_days FROM order_holds WHERE order_id = ?",
    )
    .all(orderId);
}

function holdEmails(orderId: string) {
  return listOutbox(shop.db, { orderId }).filter((row) => row.kind === "hold");
}

/** The shopper's link from the hold email, read as the shopper would: the hold it opens. */
async function holdFromEmail(orderId: string): Promise<HoldAnswer> {
  const [email] = holdEmails(orderId);
  const link = email?.text.match(new RegExp(`${TEST_ORIGIN}/order/\\S+`))?.[0] ?? "";
  const holdId = new URL(link).pathname.split("/").pop() ?? "";
  const read = await readHold(shop, orderId, holdId, tokenOf(link));
  expect(read.status).toBe(200);
  return read.body;
}

const RIDE = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Strata test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Ridge</name><trkseg>
  <trkpt lat="51.00" lon="-1.5"><ele>100</ele></trkpt>
  <trkpt lat="51.01" lon="-1.5"><ele>102</ele></trkpt>
  <trkpt lat="51.02" lon="-1.5"><ele>110</ele></trkpt>
</trkseg></trk></gpx>`;

async function uploadRoute(productId: string): Promise<string> {
  const form = new FormData();
  form.append("productId", productId);
  form.append("gpx", new File([RIDE], "ride.gpx", { type: "application/gpx+xml" }));
  const stored = await shop.json<{ token: string }>("/api/gpx/upload", { method: "POST", body: form });
  expect(stored.status).toBe(200);
  return stored.body.token;
}

const buy = async (items: Entry[]) => (await buyThroughDemoCheckout(shop, items)).orderId;

describe("paying for a flagged product (the demo payment)", () => {
  beforeEach(async () => {
    shop = await createOwnerShop();
    addProduct(shop.db, {
      id: "lamp",
      name: "Lithophane",
      price_cents: 3400,
      requires_image: true,
      proof_before_making: true,
      images: ["/media/lamp.webp"],
    });
    addProduct(shop.db, { id: "map", name: "Relief map", price_cents: 3900, requires_gpx: true, proof_before_making: true });
    addProduct(shop.db, { id: "sign", name: "House sign", price_cents: 2900, proof_before_making: true, images: ["/media/sign.webp"] });
    addProduct(shop.db, { ...BIRD_FEEDER, stock: 10, images: ["/media/feeder.webp"] });
  });
  afterEach(() => shop.close());

  test("opens one question at once with the lit lithophane as the proof, and emails the shopper its link", async () => {
    const photo = await uploadPhoto(shop, "lamp");
    const orderId = await buy([{ id: "lamp", productName: "Lithophane", imageToken: photo }]);

    expect(holdsOf(orderId)).toEqual([
      {
        id: expect.any(String),
        reason: "approve_proof",
        status: "waiting",
        line_index: 0,
        allow_cancel: 1,
        default_action: "wait",
        window_days: 10,
      },
    ]);
    const emails = holdEmails(orderId);
    expect(emails.map((email) => email.recipient)).toEqual([SHOPPER]);
    const hold = await holdFromEmail(orderId);
    expect(hold).toMatchObject({ status: "waiting", reason: "approve_proof", message: PROOF_MESSAGE });
    expect(hold.proofs).toEqual([{ url: `/api/uploads/${photo}/preview.jpg` }]);
    // The proof is the shop's own drawing of the shopper's photo, and it can be looked at.
    const picture = await shop.request(`/api/uploads/${photo}/preview.jpg`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");

    const order = await shopperOrder(shop, orderId);
    expect(order.body.stage).toBe("waiting");
    expect(order.body.hold).toMatchObject({ id: hold.id, status: "waiting" });
    // The order's own emails still go, beside the question's.
    expect(
      listOutbox(shop.db, { orderId })
        .map((row) => row.kind)
        .sort(),
    ).toEqual(["hold", "order-confirmation"]);
  });

  test("a route's proof is its relief drawing", async () => {
    const route = await uploadRoute("map");
    const orderId = await buy([{ id: "map", productName: "Relief map", gpxToken: route }]);
    expect((await holdFromEmail(orderId)).proofs).toEqual([{ url: `/api/uploads/${route}/preview.svg` }]);
  });

  test("the success page asked again after the demo payment opens no second question and sends no second email", async () => {
    const photo = await uploadPhoto(shop, "lamp");
    const { orderId, sessionId } = await buyThroughDemoCheckout(shop, [{ id: "lamp", productName: "Lithophane", imageToken: photo }]);
    for (let again = 0; again < 3; again++) expect((await confirmCheckout(shop, sessionId)).status).toBe(200);
    expect(holdsOf(orderId)).toHaveLength(1);
    expect(holdEmails(orderId)).toHaveLength(1);
  });

  test("an order with no flagged line opens no question", async () => {
    const orderId = await buy(units(2, { id: "feeder" }));
    expect(holdsOf(orderId)).toEqual([]);
    expect(holdEmails(orderId)).toEqual([]);
    const order = await shopperOrder(shop, orderId);
    expect(order.body.stage).not.toBe("waiting");
    expect(order.body.hold).toBeNull();
  });

  test("with an unflagged line beside it, the question is about the flagged line and shows only its proof", async () => {
    const photo = await uploadPhoto(shop, "lamp");
    const orderId = await buy([{ id: "feeder" }, { id: "lamp", productName: "Lithophane", imageToken: photo }]);
    const [row] = holdsOf(orderId);
    const lines = shop.db
      .query<{ product_id: string }, [string]>("SELECT product_id FROM order_items WHERE order_id = ? ORDER BY id")
      .all(orderId);
    expect(lines[row?.line_index ?? -1]?.product_id).toBe("lamp");
    expect((await holdFromEmail(orderId)).proofs).toEqual([{ url: `/api/uploads/${photo}/preview.jpg` }]);
  });

  test("two flagged lines make one question about the whole order, showing both proofs", async () => {
    const photo = await uploadPhoto(shop, "lamp");
    const route = await uploadRoute("map");
    const orderId = await buy([
      { id: "lamp", productName: "Lithophane", imageToken: photo },
      { id: "map", productName: "Relief map", gpxToken: route },
    ]);
    expect(holdsOf(orderId)).toMatchObject([{ line_index: null }]);
    expect((await holdFromEmail(orderId)).proofs).toEqual([
      { url: `/api/uploads/${photo}/preview.jpg` },
      { url: `/api/uploads/${route}/preview.svg` },
    ]);
  });

  test("a flagged product with no file of the shopper's shows its own picture as the proof", async () => {
    const orderId = await buy([{ id: "sign" }]);
    expect((await holdFromEmail(orderId)).proofs).toEqual([{ url: "/media/sign.webp" }]);
  });

  test("a photo that can no longer be drawn still opens the question, with the product's picture instead", async () => {
    const photo = await uploadPhoto(shop, "lamp");
    const stored = shop.db.query<{ stored_name: string }, [string]>("SELECT stored_name FROM uploads WHERE token = ?").get(photo);
    rmSync(`${uploadsDir(shop)}/${stored?.stored_name}`);
    const orderId = await buy([{ id: "lamp", productName: "Lithophane", imageToken: photo }]);
    expect((await holdFromEmail(orderId)).proofs).toEqual([{ url: "/media/lamp.webp" }]);
  });

  test("when the question cannot be stored the order still stands, with its confirmation and no question", async () => {
    // The question's table refuses every row, as a failing write would.
    shop.db.run("CREATE TRIGGER refuse_holds BEFORE INSERT ON order_holds BEGIN SELECT RAISE(ABORT, 'no room for questions'); END");
    const orderId = await buy([{ id: "sign" }]);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(holdsOf(orderId)).toEqual([]);
    expect(countRows(shop.db, "order_hold_versions")).toBe(0);
    expect(listOutbox(shop.db, { orderId }).map((row) => row.kind)).toEqual(["order-confirmation"]);
    expect((await shopperOrder(shop, orderId)).body.hold).toBeNull();
  });
});

describe("paying for a flagged product through Stripe", () => {
  let stripe: StripeStandIn;
  beforeAll(() => {
    stripe = startStripeStandIn();
  });
  afterAll(() => stripe.stop());
  beforeEach(async () => {
    shop = await createOwnerShop(stripeSettings(stripe));
    addProduct(shop.db, { id: "sign", name: "House sign", price_cents: 2900, proof_before_making: true, images: ["/media/sign.webp"] });
  });
  afterEach(() => shop.close());

  test("the completed webhook told twice, and the success page too, open one question", async () => {
    const checkout = await postCheckout(shop, [{ id: "sign" }]);
    expect(checkout.status).toBe(200);
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    const { payload, header } = await signedEvent("checkout.session.completed", stripe.pay(sessionId), STAND_IN_WEBHOOK_SECRET);
    for (let told = 0; told < 2; told++) {
      const delivered = await shop.request("/api/stripe/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": header },
        body: payload,
      });
      expect(delivered.status).toBe(200);
    }
    const confirmed = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(confirmed.status).toBe(200);
    const orderId = confirmed.body.orderId;
    expect(holdsOf(orderId)).toMatchObject([{ reason: "approve_proof", status: "waiting" }]);
    expect(holdEmails(orderId)).toHaveLength(1);
  });
});

describe("the product page", () => {
  const PROOF_LINE =
    "You approve a proof first. Once you have paid, we email you a proof to approve before we make it; the dispatch date waits for your answer.";
  beforeEach(async () => {
    shop = await createOwnerShop();
    addProduct(shop.db, { id: "sign", name: "House sign", price_cents: 2900 });
  });
  afterEach(() => shop.close());

  const pageText = async () => textOf(mainOf((await shop.html("/products/sign")).body));
  const flag = (on: boolean) =>
    shop.call("/api/admin/products", {
      method: "POST",
      body: { id: "sign", name: "House sign", price_cents: 2900, requires_gpx: 0, requires_image: 0, proof_before_making: on },
    });

  test("says a proof comes first once the product is flagged, and no longer once it is not", async () => {
    // Read first, so the page is kept: flagging must make it again.
    expect(await pageText()).not.toContain("You approve a proof first.");
    expect((await flag(true)).status).toBe(200);
    expect(await pageText()).toContain(PROOF_LINE);
    expect((await flag(false)).status).toBe(200);
    expect(await pageText()).not.toContain("You approve a proof first.");
  });
});
