import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { ASK, askCustomer, tokenOf } from "../support/holds";
import { mainOf, textOf } from "../support/html";

// The shopper's hold page (docs/decisions/0048-order-holds.md): server-rendered, answered by plain forms without
// JavaScript, opened only with the link's token.

let shop: OwnerShop;
let orderId: string;
let holdId: string;
let token: string;

beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 5 });
  orderId = (await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }))).orderId;
  const made = await askCustomer(shop, orderId, ASK);
  holdId = made.body.id;
  token = tokenOf(made.body.url);
});
afterEach(() => shop.close());

const pagePath = () => `/order/${orderId}/hold/${holdId}?t=${token}`;

function post(kind: string, body: Record<string, string>) {
  return shop.request(`/api/orders/${orderId}/holds/${holdId}/${kind}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams(body).toString(),
  });
}

describe("the hold page", () => {
  test("shows the question, the proof, the default and three plain forms, never kept", async () => {
    const page = await shop.html(pagePath());
    expect(page.status).toBe(200);
    expect(page.response.headers.get("cache-control")).toContain("no-store");
    const text = textOf(mainOf(page.body));
    expect(text).toContain("Your order needs your input");
    expect(text).toContain("The photo is too dark or too small");
    expect(text).toContain(ASK.message);
    expect(text).toContain("your order keeps waiting for your answer");
    expect(page.body).toContain('src="/media/feeder-proof.jpg"');
    for (const kind of ["approve", "changes", "cancel"]) {
      expect(page.body).toContain(`action="/api/orders/${orderId}/holds/${holdId}/${kind}"`);
    }
    expect(page.body).toContain(`name="t" value="${token}"`);
    expect(page.body).toContain('name="robots" content="noindex');
  });

  test("a wrong token shows the 404 page with the API's words", async () => {
    const page = await shop.html(`/order/${orderId}/hold/${holdId}?t=wrong`);
    expect(page.status).toBe(404);
    expect(textOf(mainOf(page.body))).toContain("This question was not found. Please use the link from your email.");
  });

  test("without JavaScript: ask for a change by form, then the page says so and offers no answers", async () => {
    const asked = await post("changes", { t: token, message: "Here is a brighter one." });
    expect(asked.status).toBe(303);
    const back = await shop.html(asked.headers.get("location") ?? "");
    const text = textOf(mainOf(back.body));
    expect(text).toContain("Thank you: your message has been sent. We will email you a new proof.");
    expect(text).toContain("we have your request for a change");
    expect(back.body).not.toContain(`/holds/${holdId}/approve`);
  });

  test("an empty change by form comes back with the fixed message", async () => {
    const asked = await post("changes", { t: token, message: "" });
    const back = await shop.html(asked.headers.get("location") ?? "");
    expect(textOf(mainOf(back.body))).toContain("Tell us what you would like changed.");
  });

  test("the order page reads Waiting for you since the day asked", async () => {
    const page = await shop.request(`/order/${orderId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ postalCode: "SW1Y 4JH" }).toString(),
    });
    expect(page.status).toBe(200);
    expect(textOf(mainOf(await page.text()))).toMatch(/Waiting for you since \w+day \d+ \w+/);
  });
});
