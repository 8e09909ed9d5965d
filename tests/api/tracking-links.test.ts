import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { mainOf } from "../support/html";

// A tracking number links to the carrier's tracking page where the carrier is known, on the order
// page and in the tracking email; an unknown carrier's number stays plain text
// (docs/decisions/0022-phone-shopping-and-finding-an-order.md). The carrier is what the owner typed
// into the admin's tracking form (free text).

const ROYAL_MAIL_PAGE = "https://www.royalmail.com/track-your-item#/tracking-results/RM123456789GB";

let shop: OwnerShop;
beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 50 });
});
afterEach(() => shop.close());

/** A paid order with the owner's tracking saved, as the admin's form sends it. */
async function dispatched(shipment: { carrier: string; number: string; url: string }): Promise<string> {
  const { orderId } = await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }));
  expect((await shop.call(`/api/admin/orders/${orderId}/tracking`, { method: "POST", body: shipment })).status).toBe(200);
  return orderId;
}

/** The order page as the shopper's postcode form shows it. */
async function orderPage(orderId: string): Promise<string> {
  const response = await shop.request(`/order/${orderId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ postalCode: "SW1Y 4JH" }).toString(),
  });
  expect(response.status).toBe(200);
  return mainOf(await response.text());
}

function trackingEmail(orderId: string) {
  const email = listOutbox(shop.db, { orderId }).find((row) => row.kind === "tracking");
  if (!email) throw new Error("no tracking email");
  return email;
}

describe("a known carrier with no link of the owner's", () => {
  test("the order page links the tracking number to Royal Mail's tracking page", async () => {
    const id = await dispatched({ carrier: "royal mail", number: "RM123456789GB", url: "" });
    const html = await orderPage(id);
    expect(html).toContain(`<a href="${ROYAL_MAIL_PAGE}" target="_blank" rel="noopener noreferrer">RM123456789GB</a>`);
  });

  test("the tracking email links the number and says where to follow the parcel, in HTML and plain text", async () => {
    const id = await dispatched({ carrier: "Royal Mail", number: "RM123456789GB", url: "" });
    const { html, text } = trackingEmail(id);
    expect(html).toContain(`href="${ROYAL_MAIL_PAGE}"`);
    expect(html).toMatch(/<a href="[^"]+"[^>]*>RM123456789GB<\/a>/);
    expect(text).toContain(`Follow your parcel: ${ROYAL_MAIL_PAGE}`);
  });
});

describe("an unknown carrier", () => {
  test("the order page shows the number as plain text, no link", async () => {
    const id = await dispatched({ carrier: "Bob's Couriers", number: "BOB-77", url: "" });
    const html = await orderPage(id);
    expect(html).toContain("BOB-77");
    expect(html).not.toMatch(/<a [^>]*>BOB-77<\/a>/);
  });

  test("the tracking email names the number without a link or a 'Follow your parcel' line", async () => {
    const id = await dispatched({ carrier: "Bob's Couriers", number: "BOB-77", url: "" });
    const { html, text } = trackingEmail(id);
    expect(text).toContain("Tracking number: BOB-77.");
    expect(text).not.toContain("Follow your parcel");
    expect(html).not.toMatch(/<a [^>]*>BOB-77<\/a>/);
  });
});

describe("the owner's own link", () => {
  test("wins over the carrier's page on the order page and in the email", async () => {
    const own = "https://track.example/RM123456789GB";
    const id = await dispatched({ carrier: "Royal Mail", number: "RM123456789GB", url: own });
    expect(await orderPage(id)).toContain(`<a href="${own}"`);
    expect(trackingEmail(id).text).toContain(`Follow your parcel: ${own}`);
    expect(trackingEmail(id).html).not.toContain(ROYAL_MAIL_PAGE);
  });
});
