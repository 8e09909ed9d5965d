import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, payDemo, sessionIdOf, stockOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { textOf } from "../support/html";
import { countRows } from "../support/test-app";

// The shopper's optional gift message (migrations/0028_gift_message.sql; the recipe "Add a field to an order" in
// docs/architecture.md, followed once): typed in the basket, sent with the checkout, kept on the order, shown
// to the shopper and in both order emails, and printed on the packing slip that goes in the parcel.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: "owner@strata.test" });
  addProduct(shop.db, BIRD_FEEDER); // 5 on the shelf
});
afterEach(() => shop.close());

const FEEDER = [{ id: BIRD_FEEDER.id }];

function checkoutWith(body: Record<string, unknown>) {
  return shop.json<{ url?: string; error?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ items: FEEDER, ...body }),
  });
}

async function buyWith(giftMessage: unknown): Promise<string> {
  const checkout = await checkoutWith({ giftMessage });
  expect(checkout.status).toBe(200);
  const sessionId = sessionIdOf(checkout.body.url ?? "");
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return confirm.body.orderId;
}

/** The packing slip as the signed-in owner's browser opens it. */
async function slipText(orderId: string): Promise<string> {
  const response = await shop.request(`/admin/orders/${orderId}/slip`, {
    headers: { "Sec-Fetch-Site": "same-origin", Cookie: shop.cookie ?? "" },
  });
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

const emailText = (orderId: string, kind: string) => listOutbox(shop.db, { orderId }).find((row) => row.kind === kind)?.text ?? "";

const MESSAGE = "Happy birthday, Gran!\nLove from Ada";

describe("a gift message given at checkout", () => {
  test("is kept on the order as typed (trimmed), and the shopper's look-up answers it", async () => {
    const orderId = await buyWith(`  ${MESSAGE}  `);
    const row = shop.db.query<{ gift_message: string | null }, [string]>("SELECT gift_message FROM orders WHERE id = ?").get(orderId);
    expect(row?.gift_message).toBe(MESSAGE);
    const lookup = await shop.json<{ gift_message: string | null }>(`/api/orders/${orderId}?postalCode=sw1y4jh`);
    expect(lookup.status).toBe(200);
    expect(lookup.body.gift_message).toBe(MESSAGE);
  });

  test("is printed on the packing slip, under the items", async () => {
    const orderId = await buyWith(MESSAGE);
    const text = await slipText(orderId);
    expect(text).toContain(`Gift message ${MESSAGE.replace("\n", " ")}`);
    expect(text.indexOf("Gift message")).toBeGreaterThan(text.indexOf("Bird feeder"));
  });

  test("is in the shopper's confirmation and the owner's new-order email", async () => {
    const orderId = await buyWith(MESSAGE);
    for (const kind of ["order-confirmation", "new-order"]) {
      expect(emailText(orderId, kind)).toContain(`Gift message (printed on the packing slip):\n${MESSAGE}\n`);
    }
  });

  test("left blank (spaces only) is no message: nothing on the order, the slip or the emails", async () => {
    const orderId = await buyWith("   ");
    const row = shop.db.query<{ gift_message: string | null }, [string]>("SELECT gift_message FROM orders WHERE id = ?").get(orderId);
    expect(row?.gift_message).toBeNull();
    expect(await slipText(orderId)).not.toContain("Gift message");
    expect(emailText(orderId, "order-confirmation")).not.toContain("Gift message");
  });

  test("a retry of the same checkout with another message is refused with 409, the first checkout kept", async () => {
    const send = (giftMessage: string) =>
      shop.json<{ error?: string }>("/api/checkout", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": "gift-retry-1" },
        body: JSON.stringify({ items: FEEDER, giftMessage }),
      });
    expect((await send("For Tom")).status).toBe(200);
    const other = await send("For Sam");
    expect(other.status).toBe(409);
    expect(other.body.error).toBe("This checkout was already started with a different basket. Reload the basket and try again.");
    expect(shop.db.query<{ gift_message: string }, []>("SELECT gift_message FROM checkouts").all()).toEqual([{ gift_message: "For Tom" }]);
  });
});

describe("a gift message the checkout refuses, holding nothing", () => {
  const refusals: [string, unknown, string][] = [
    ["one character over 300", "x".repeat(301), "A gift message can be at most 300 characters. Shorten it and try again."],
    ["a number instead of text", 42, "The gift message must be text."],
  ];
  for (const [what, giftMessage, error] of refusals) {
    test(`${what}: 400 "${error}"`, async () => {
      const answer = await checkoutWith({ giftMessage });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error });
      expect(countRows(shop.db, "checkouts")).toBe(0);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(5);
    });
  }

  test("exactly 300 characters is accepted", async () => {
    expect((await checkoutWith({ giftMessage: "x".repeat(300) })).status).toBe(200);
  });
});
