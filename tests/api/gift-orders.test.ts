import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { GIFT_DELIVERY_NOTE, GIFT_MESSAGES } from "../../shared/gift";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, payDemo, sessionIdOf, stockOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { textOf } from "../support/html";
import { type StripeStandIn, startStripeStandIn, stripeSettings } from "../support/stripe-stand-in";
import { countRows } from "../support/test-app";

// Gift orders (docs/decisions/0049-gift-orders.md): `gift: { message, from }` on the checkout, kept on the order,
// answered as `gift` on the order, shown to the owner (order, To make card), printed as a price-free slip with an A6
// gift note card after it, and in the buyer's own email only.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: "owner@strata.test" });
  addProduct(shop.db, BIRD_FEEDER); // 5 on the shelf
});
afterEach(() => shop.close());

const FEEDER = [{ id: BIRD_FEEDER.id }];
const MESSAGE = "Happy birthday, Gran!\nLove from Ada";
const GIFT = { message: MESSAGE, from: "Ada and Tom" };

function checkoutWith(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return shop.json<{ url?: string; error?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ items: FEEDER, ...body }),
  });
}

async function buyWith(body: Record<string, unknown>): Promise<string> {
  const checkout = await checkoutWith(body);
  expect(checkout.status).toBe(200);
  const sessionId = sessionIdOf(checkout.body.url ?? "");
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return confirm.body.orderId;
}

/** The packing slips as the signed-in owner's browser opens them. */
async function slipHtml(path: string): Promise<string> {
  const response = await shop.request(path, { headers: { "Sec-Fetch-Site": "same-origin", Cookie: shop.cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

type GiftAnswer = { gift: { message: string; from: string | null } | null };

describe("a gift order", () => {
  test("keeps the note on the order; the shopper's look-up and the owner's order answer it as gift { message, from }", async () => {
    const orderId = await buyWith({ gift: { message: `  ${MESSAGE}  `, from: " Ada and Tom " } });
    const row = shop.db.query("SELECT gift_message, gift_from FROM orders WHERE id = ?").get(orderId);
    expect(row).toEqual({ gift_message: MESSAGE, gift_from: "Ada and Tom" });
    const lookup = await shop.json<GiftAnswer>(`/api/orders/${orderId}?postalCode=sw1y4jh`);
    expect(lookup.body.gift).toEqual(GIFT);
    const owners = await shop.call<GiftAnswer>(`/api/admin/orders/${orderId}`);
    expect(owners.body.gift).toEqual(GIFT);
  });

  test("a message typed with Windows line breaks is kept (and printed) with plain ones; no name is null", async () => {
    const orderId = await buyWith({ gift: { message: "Dear Gran,\r\nLove Ada" } });
    const lookup = await shop.json<GiftAnswer>(`/api/orders/${orderId}?postalCode=sw1y4jh`);
    expect(lookup.body.gift).toEqual({ message: "Dear Gran,\nLove Ada", from: null });
  });

  test("is on the owner's To make card with its note", async () => {
    const orderId = await buyWith({ gift: GIFT });
    const queue = await shop.call<({ id: string } & GiftAnswer)[]>("/api/admin/orders/to-make");
    expect(queue.body.find((order) => order.id === orderId)?.gift).toEqual(GIFT);
  });

  test("prints a price-free slip that says a gift note follows, then the A6 gift note card with the message and the name", async () => {
    const orderId = await buyWith({ gift: GIFT });
    const html = await slipHtml(`/admin/orders/${orderId}/slip`);
    const text = textOf(html);
    expect(text).toContain("Gift order. Put the gift note card (the next page) in the parcel.");
    expect(text).toContain(`Happy birthday, Gran! Love from Ada From Ada and Tom`);
    expect(text).not.toContain("£");
    // The card comes after its slip's lines, in a section of its own (web/styles/packing-slips.css gives it the A6 page).
    expect(html).toMatch(/<section class="gift-note" aria-label="Gift note for order [^"]+">/);
    expect(html.indexOf('class="gift-note"')).toBeGreaterThan(html.indexOf("Bird feeder"));
  });

  test("in a batch print, only the gift order is followed by a gift note", async () => {
    const gift = await buyWith({ gift: GIFT });
    const plain = await buyWith({});
    const html = await slipHtml(`/admin/slips?ids=${gift},${plain}`);
    expect(html.match(/class="gift-note"/g)?.length).toBe(1);
    expect(html.match(/class="slip"/g)?.length).toBe(2);
  });

  test("the buyer's confirmation carries the note; no email to anyone else carries its words", async () => {
    const orderId = await buyWith({ gift: GIFT });
    const emails = listOutbox(shop.db, { orderId });
    const confirmation = emails.find((email) => email.kind === "order-confirmation");
    expect(confirmation?.recipient).toBe("ada@example.co.uk");
    expect(confirmation?.text).toContain(`Gift note (printed on a card in the parcel):\n${MESSAGE}\nFrom Ada and Tom\n`);
    const toOthers = emails.filter((email) => email.recipient !== "ada@example.co.uk");
    expect(toOthers.map((email) => email.kind)).toEqual(["new-order"]);
    for (const email of toOthers) {
      expect(`${email.subject}\n${email.text}\n${email.html}`).not.toContain("Happy birthday");
      expect(email.text).toContain("This order is a gift");
    }
  });

  test("the demo payment page asks for the recipient's address as the delivery address", async () => {
    const checkout = await checkoutWith({ gift: GIFT });
    const page = textOf(await (await shop.request(new URL(checkout.body.url ?? "").pathname)).text());
    expect(page).toContain(`Delivery address ${GIFT_DELIVERY_NOTE}`);
  });

  test("without a gift, the order's gift is null and nothing about a gift is printed or sent", async () => {
    const orderId = await buyWith({ gift: null });
    const lookup = await shop.json<GiftAnswer>(`/api/orders/${orderId}?postalCode=sw1y4jh`);
    expect(lookup.body.gift).toBeNull();
    const html = await slipHtml(`/admin/orders/${orderId}/slip`);
    expect(html).not.toContain("gift-note");
    expect(textOf(html)).not.toContain("Gift");
    expect(listOutbox(shop.db, { orderId }).some((email) => email.text.includes("gift"))).toBe(false);
  });

  test("a basket page from before gifts had a name still sends giftMessage: it is read as a gift with no name", async () => {
    const orderId = await buyWith({ giftMessage: "For Tom" });
    const lookup = await shop.json<GiftAnswer>(`/api/orders/${orderId}?postalCode=sw1y4jh`);
    expect(lookup.body.gift).toEqual({ message: "For Tom", from: null });
  });

  test("a retry of the same checkout with another note is refused with 409, the first checkout kept", async () => {
    const send = (from: string) => checkoutWith({ gift: { message: "For Tom", from } }, { "Idempotency-Key": "gift-retry-1" });
    expect((await send("Ada")).status).toBe(200);
    const other = await send("Sam");
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("This checkout was already started with a different basket. Reload the basket and try again.");
    expect(shop.db.query("SELECT gift_message, gift_from FROM checkouts").all()).toEqual([{ gift_message: "For Tom", gift_from: "Ada" }]);
  });

  test("exactly 250 characters and a 60-character name are accepted", async () => {
    expect((await checkoutWith({ gift: { message: "x".repeat(250), from: "y".repeat(60) } })).status).toBe(200);
  });
});

describe("a gift the checkout refuses, naming the field and holding nothing", () => {
  const refusals: [string, unknown, string][] = [
    ["a message one character over 250", { message: "x".repeat(251) }, GIFT_MESSAGES.messageTooLong],
    ["a message with a tab in it", { message: "Dear Gran,\tlove Ada" }, GIFT_MESSAGES.messageControl],
    ["a message with a bell character in it", { message: "Ding\u0007" }, GIFT_MESSAGES.messageControl],
    ["a message of spaces only", { message: "   ", from: "Ada" }, GIFT_MESSAGES.messageMissing],
    ["no message at all", { from: "Ada" }, GIFT_MESSAGES.messageMissing],
    ["a message that is a number", { message: 42 }, GIFT_MESSAGES.messageNotText],
    ["a name one character over 60", { message: "Hi", from: "y".repeat(61) }, GIFT_MESSAGES.fromTooLong],
    ["a name on two lines", { message: "Hi", from: "Ada\nTom" }, GIFT_MESSAGES.fromControl],
    ["a name that is a number", { message: "Hi", from: 7 }, GIFT_MESSAGES.fromNotText],
    ["a gift that is not an object", "yes", GIFT_MESSAGES.notAnObject],
    ["an older giftMessage over 250", undefined, GIFT_MESSAGES.messageTooLong],
  ];
  for (const [what, gift, error] of refusals) {
    test(`${what}: 400 "${error}"`, async () => {
      const answer = await checkoutWith(gift === undefined ? { giftMessage: "x".repeat(251) } : { gift });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error });
      expect(countRows(shop.db, "checkouts")).toBe(0);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(5);
    });
  }
});

describe("a gift order paid through Stripe", () => {
  let stripe: StripeStandIn;
  let stripeShop: OwnerShop;
  beforeAll(() => {
    stripe = startStripeStandIn();
  });
  afterAll(() => stripe.stop());
  beforeEach(async () => {
    stripeShop = await createOwnerShop(stripeSettings(stripe));
    addProduct(stripeShop.db, BIRD_FEEDER);
  });
  afterEach(() => stripeShop.close());

  test("asks on Stripe's page for the recipient's address as the delivery address; a plain order does not", async () => {
    const start = async (body: Record<string, unknown>) => {
      const answer = await stripeShop.json<{ url: string }>("/api/checkout", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ items: FEEDER, ...body }),
      });
      expect(answer.status).toBe(200);
      return stripe.paramsOf(sessionIdOf(answer.body.url)) as Record<string, unknown>;
    };
    expect((await start({ gift: GIFT })).custom_text).toEqual({ shipping_address: { message: GIFT_DELIVERY_NOTE } });
    expect((await start({})).custom_text).toBeUndefined();
  });
});
