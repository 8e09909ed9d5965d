import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { mainOf, textOf } from "../support/html";
import { expectRetryAfter } from "../support/retry-after";
import { createTestShop, type TestShop } from "../support/test-app";

// "Track your order" (/order) takes an order reference and the delivery postcode and leads to
// /order/{id}, without JavaScript and without the postcode ever in a URL
// (docs/decisions/0022-phone-shopping-and-finding-an-order.md). The look-up itself, its proof and
// its rate limit stay the order page's own (POST /order/{id}).

const REFERENCE_NEEDED = "Please enter your order reference";
const POSTCODE_NEEDED = "Please enter your postal code";

let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 50 });
});
afterEach(() => shop.close());

async function buy(): Promise<string> {
  return (await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }))).orderId;
}

/** A browser's plain form post (no redirects followed, so each hop can be checked). */
function postForm(path: string, fields: Record<string, string>) {
  return shop.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

/** Posts the find form and, as a browser does with a 307, posts the same body again where it was sent. */
async function findOrder(fields: Record<string, string>) {
  const first = await postForm("/order", fields);
  const location = first.headers.get("location");
  if (first.status !== 307 || !location) return { first, final: first, location };
  return { first, final: await postForm(location, fields), location };
}

const pageText = async (response: Response) => textOf(mainOf(await response.text()));

/** Every table a look-up could touch: a find never writes. */
function snapshot(): string {
  return JSON.stringify(["orders", "order_items", "email_outbox"].map((table) => shop.db.query(`SELECT * FROM ${table}`).all()));
}

describe("the Track your order page", () => {
  test("GET /order shows the two fields in a plain form that posts to /order, never kept", async () => {
    const { status, body, response } = await shop.html("/order");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const form = /<form[^>]*lookup-form[^>]*>/.exec(body)?.[0] ?? "";
    expect(form).toContain('action="/order"');
    expect(form).toContain('method="post"');
    expect(body).toContain('name="orderReference"');
    expect(body).toContain('name="postalCode"');
    expect(textOf(mainOf(body))).toContain("Track your order");
    expect(body).toContain('<meta name="robots" content="noindex"');
  });

  test("the footer of every page links to it as 'Track your order'", async () => {
    const { body } = await shop.html("/");
    const footer = /<footer[\s\S]*<\/footer>/.exec(body)?.[0] ?? "";
    expect(footer).toContain('<a href="/order">Track your order</a>');
  });
});

describe("finding an order", () => {
  test("the reference and the right postcode lead to /order/{id} (307, postcode not in the URL), which shows the order", async () => {
    const id = await buy();
    const { first, final, location } = await findOrder({ orderReference: id, postalCode: "SW1Y 4JH" });
    expect(first.status).toBe(307);
    expect(location).toBe(`/order/${id}`);
    expect(final.status).toBe(200);
    expect(final.headers.get("cache-control")).toBe("no-store");
    const text = await pageText(final);
    expect(text).toContain(`Order ${id}`);
    expect(text).toContain("1 × Bird feeder");
  });

  test("a reference typed in lower case, with spaces, or without ORD- finds the same order", async () => {
    const id = await buy();
    const bare = id.slice("ORD-".length);
    for (const typed of [id.toLowerCase(), ` ${bare.slice(0, 5)} ${bare.slice(5)} `, `ord${bare}`]) {
      const { location, final } = await findOrder({ orderReference: typed, postalCode: "sw1y4jh" });
      expect({ typed, location, status: final.status }).toEqual({ typed, location: `/order/${id}`, status: 200 });
    }
  });

  test("a wrong postcode ends on the order page with 404 'Order not found', the form still there", async () => {
    const id = await buy();
    const before = snapshot();
    const { final } = await findOrder({ orderReference: id, postalCode: "LA9 4AB" });
    expect(final.status).toBe(404);
    const body = await final.text();
    expect(textOf(mainOf(body))).toContain("Order not found");
    expect(textOf(mainOf(body))).not.toContain("Bird feeder");
    expect(body).toContain(`action="/order/${id}"`);
    expect(snapshot()).toBe(before);
  });

  test("an unknown reference gets the same 404 'Order not found' as a wrong postcode", async () => {
    await buy();
    const { final } = await findOrder({ orderReference: "ORD-0000000000000000000000000Z", postalCode: "SW1Y 4JH" });
    expect(final.status).toBe(404);
    expect(await pageText(final)).toContain("Order not found");
  });
});

describe("a find the page refuses", () => {
  test("a blank reference answers 400 on /order with 'Please enter your order reference', the postcode kept, nothing stored", async () => {
    await buy();
    const before = snapshot();
    const response = await postForm("/order", { orderReference: "  ", postalCode: "SW1Y 4JH" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await response.text();
    expect(textOf(mainOf(body))).toContain(REFERENCE_NEEDED);
    expect(body).toContain('value="SW1Y 4JH"');
    expect(snapshot()).toBe(before);
  });

  test("a blank postcode answers 400 on /order with 'Please enter your postal code', the reference kept, nothing stored", async () => {
    const id = await buy();
    const before = snapshot();
    const response = await postForm("/order", { orderReference: id, postalCode: "" });
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    const body = await response.text();
    expect(textOf(mainOf(body))).toContain(POSTCODE_NEEDED);
    expect(body).toContain(`value="${id}"`);
    expect(snapshot()).toBe(before);
  });

  test("a post with neither field (not the page's form) is refused the same way: 400, the reference asked for first", async () => {
    const response = await shop.request("/order", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(response.status).toBe(400);
    expect(textOf(mainOf(await response.text()))).toContain(REFERENCE_NEEDED);
  });

  test("refused finds are not look-ups: ten of them leave the look-up limit untouched", async () => {
    const id = await buy();
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await postForm("/order", { orderReference: "", postalCode: "" })).status).toBe(400);
    const { final } = await findOrder({ orderReference: id, postalCode: "SW1Y 4JH" });
    expect(final.status).toBe(200);
  });

  test("finds count against the order look-up limit: after 10 wrong look-ups the next find answers 429 with Retry-After", async () => {
    const id = await buy();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await shop.request(`/api/orders/${id}?postalCode=SW1A%20${attempt}AA`)).status).toBe(404);
    }
    const { first, final } = await findOrder({ orderReference: id, postalCode: "SW1Y 4JH" });
    expect(first.status).toBe(307);
    expect(final.status).toBe(429);
    expectRetryAfter(final, 1, 60);
  });
});
