import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { formatDateTime, orderReference } from "../../shared/order-view";
import { MORE_TO_DISPATCH, MOST_SLIPS, NO_ORDERS_CHOSEN, TOO_MANY_CHOSEN } from "../../src/modules/packing-slips";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, type Entry, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER, PLANTER, setConfig } from "../support/factories";
import { textOf } from "../support/html";
import { storeYearOfOrders } from "../support/stored-orders";
import { countRows } from "../support/test-app";

// The printable packing slips (docs/decisions/0019-packing-slips.md): server-rendered HTML behind
// the admin session, one <section class="slip"> per order, no prices.
// Every order here is a real one: checkout, demo payment, confirm.

const SIGN_IN = "Sign in to the admin area to continue.";
const SHIPMENT = { carrier: "Royal Mail", number: "RM123456789GB", url: "https://track.royalmail.com/RM123456789GB" };

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, BIRD_FEEDER);
  addProduct(shop.db, PLANTER);
});
afterEach(() => shop.close());

async function buy(items: Entry[] = units(1, { id: "feeder" })): Promise<string> {
  return (await buyThroughDemoCheckout(shop, items)).orderId;
}

/** A slip page as the signed-in owner's browser opens it: a same-origin navigation with the session cookie. */
async function open(path: string, cookie: string | null = shop.cookie) {
  const headers: Record<string, string> = { "Sec-Fetch-Site": "same-origin" };
  if (cookie) headers.Cookie = cookie;
  const response = await shop.request(path, { headers });
  return { status: response.status, body: await response.text(), response };
}

/** Each printed page's section, in order, by the order it is for. */
function slipOrderIds(html: string): string[] {
  return [...html.matchAll(/<section class="slip"[^>]*data-order-id="([^"]+)"/g)].map((match) => match[1]!);
}

describe("who may print", () => {
  test("a slip without the owner's session: 401 saying to sign in, no order shown", async () => {
    const id = await buy();
    for (const path of [`/admin/orders/${id}/slip`, "/admin/slips", `/admin/slips?ids=${id}`]) {
      const { status, body } = await open(path, null);
      expect(status).toBe(401);
      expect(body).toBe(SIGN_IN);
      expect(body).not.toContain("Ada Lovelace");
    }
  });

  test("a slip after signing out: 401", async () => {
    const id = await buy();
    await shop.call("/api/admin/logout", { method: "POST" });
    const { status, body } = await open(`/admin/orders/${id}/slip`);
    expect(status).toBe(401);
    expect(body).toBe(SIGN_IN);
  });

  test("personal: never kept by a browser or proxy, never indexed", async () => {
    const id = await buy();
    for (const path of [`/admin/orders/${id}/slip`, "/admin/slips"]) {
      const { status, response } = await open(path);
      expect(status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
  });
});

describe("one order's slip", () => {
  test("an unknown order: 404 Order not found.", async () => {
    const { status, body } = await open("/admin/orders/ORD-NOSUCH/slip");
    expect(status).toBe(404);
    expect(body).toBe("Order not found.");
  });

  test("every field: shop name, return address, delivery address, reference, UK date, items with variant and quantity", async () => {
    // The shop's name, trader and address as the owner set them in /admin (docs/decisions/0021-shop-identity-in-configuration.md).
    setConfig(shop.db, "shop_name", "Fellside Prints");
    setConfig(shop.db, "trader_name", "Jo Fell");
    setConfig(shop.db, "trader_address", "3 Mill Yard\nKendal\nLA9 4QR");
    const id = await buy([...units(2, { id: "feeder" }), ...units(2, { id: "planter", variantId: "planter-large" })]);
    const created = shop.db.query<{ created_at: string }, [string]>("SELECT created_at FROM orders WHERE id = ?").get(id)!.created_at;
    const { status, body } = await open(`/admin/orders/${id}/slip`);
    expect(status).toBe(200);
    const text = textOf(body);
    expect(text).toContain("Fellside Prints");
    expect(text).toContain("Return address Jo Fell 3 Mill Yard Kendal LA9 4QR");
    expect(text).toContain("Deliver to Ada Lovelace 12 St James's Square London");
    expect(text).toContain("United Kingdom");
    expect(text).toContain(`Order ${orderReference(id)}`);
    expect(text).toContain(`Ordered ${formatDateTime(created)}`);
    expect(text).toContain("Bird feeder 2");
    expect(text).toContain("Planter Large 2");
    expect(slipOrderIds(body)).toEqual([id]);
  });

  test("no return address until the owner sets the shop's address: the slip shows the shop's name and no empty heading", async () => {
    const id = await buy(units(1, { id: "feeder" }));
    const text = textOf((await open(`/admin/orders/${id}/slip`)).body);
    expect(text).toContain("Strata");
    expect(text).not.toContain("Return address");
    expect(text).toContain("Deliver to Ada Lovelace");
  });

  test("the shopper's route picture and photo preview, the drawings the order screen shows", async () => {
    const id = await buy(units(1, { id: "feeder" }));
    const meta = { gpxToken: "gpx-token-1", gpxName: "helvellyn.gpx", imageToken: "image-token-1", imageName: "dog.jpg" };
    shop.db.query("UPDATE order_items SET meta = ? WHERE order_id = ?").run(JSON.stringify(meta), id);
    const { body } = await open(`/admin/orders/${id}/slip`);
    expect(body).toContain('src="/api/uploads/gpx-token-1/preview.svg" alt="Route map and elevation profile of helvellyn.gpx"');
    expect(body).toContain('src="/api/uploads/image-token-1/preview.jpg" alt="Lithophane preview of dog.jpg"');
  });

  test("a shopper's own model: its file, material and colour, to pick the right spool and print", async () => {
    const id = await buy(units(1, { id: "feeder" }));
    const meta = { modelToken: "model-token-1", modelName: "bracket.stl", material: "petg", materialName: "PETG", colour: "Orange" };
    shop.db.query("UPDATE order_items SET meta = ? WHERE order_id = ?").run(JSON.stringify(meta), id);
    expect(textOf((await open(`/admin/orders/${id}/slip`)).body)).toContain("Bird feeder bracket.stl: PETG, Orange 1");
  });

  test("no prices anywhere in the HTML", async () => {
    const id = await buy([...units(2, { id: "feeder" }), ...units(1, { id: "planter", variantId: "planter-large" })]);
    const { body } = await open(`/admin/orders/${id}/slip`);
    const amount = shop.db.query<{ amount_cents: number }, [string]>("SELECT amount_cents FROM orders WHERE id = ?").get(id)!.amount_cents;
    expect(body).not.toContain("£");
    expect(body).not.toContain("&#163;");
    expect(body).not.toContain("GBP");
    // £24 and £22 a unit, their line totals and the order's total, as pence or pounds.
    for (const pence of [2400, 2200, 4800, amount]) {
      expect(body).not.toContain(String(pence));
      expect(body).not.toContain((pence / 100).toFixed(2));
    }
    expect(textOf(body).toLowerCase()).not.toMatch(/price|total|subtotal|delivery fee/);
  });

  test("prints with JavaScript off: plain HTML, no script, the print stylesheet linked", async () => {
    const id = await buy();
    const { body } = await open(`/admin/orders/${id}/slip`);
    expect(body).not.toContain("<script");
    expect(body).toContain('<link rel="stylesheet" href="/assets/packing-slips-test.css"/>');
    expect(body).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});

describe("several orders' slips", () => {
  test("chosen orders: one page section each, in the order chosen, each once", async () => {
    const [first, second, third] = [await buy(), await buy(), await buy()];
    const { status, body } = await open(`/admin/slips?ids=${third},${first},${third}`);
    expect(status).toBe(200);
    expect(slipOrderIds(body)).toEqual([third, first]);
    expect(body).not.toContain(`data-order-id="${second}"`);
  });

  test("to dispatch: every paid order not yet dispatched, oldest first; dispatched, cancelled and refund-flagged ones left out", async () => {
    const [shipped, waiting, cancelled, flagged, later] = [await buy(), await buy(), await buy(), await buy(), await buy()];
    await shop.call(`/api/admin/orders/${shipped}/tracking`, { method: "POST", body: SHIPMENT });
    await shop.call(`/api/admin/orders/${cancelled}/status`, { method: "POST", body: { status: "canceled" } });
    shop.db.query("UPDATE orders SET refund_required = 1 WHERE id = ?").run(flagged);
    const { status, body } = await open("/admin/slips");
    expect(status).toBe(200);
    expect(slipOrderIds(body)).toEqual([waiting, later]);
  });

  test(`more than ${MOST_SLIPS} to dispatch: the oldest ${MOST_SLIPS}, and a note on screen to print them and open the page again`, async () => {
    const ids = storeYearOfOrders(shop.db, 2025, MOST_SLIPS + 5);
    const { status, body } = await open("/admin/slips");
    expect(status).toBe(200);
    expect(slipOrderIds(body)).toEqual(ids.slice(0, MOST_SLIPS));
    expect(body).toContain(`<p class="slips__notice" role="status">${MORE_TO_DISPATCH}</p>`);
  });

  test(`exactly ${MOST_SLIPS} to dispatch: every one, and no note`, async () => {
    const ids = storeYearOfOrders(shop.db, 2025, MOST_SLIPS);
    const { body } = await open("/admin/slips");
    expect(slipOrderIds(body)).toEqual(ids);
    expect(body).not.toContain("slips__notice");
  });

  test("nothing to dispatch: a page that says so", async () => {
    const { status, body } = await open("/admin/slips");
    expect(status).toBe(200);
    expect(slipOrderIds(body)).toEqual([]);
    expect(textOf(body)).toContain("No orders are waiting to be dispatched.");
  });

  test("an unknown order among those chosen: 404 Order not found., no slips", async () => {
    const id = await buy();
    const { status, body } = await open(`/admin/slips?ids=${id},ORD-NOSUCH`);
    expect(status).toBe(404);
    expect(body).toBe("Order not found.");
  });

  test("ids given but empty: 400 saying to choose an order", async () => {
    for (const ids of ["", ",", " , "]) {
      const { status, body } = await open(`/admin/slips?ids=${encodeURIComponent(ids)}`);
      expect(status).toBe(400);
      expect(body).toBe(NO_ORDERS_CHOSEN);
    }
    expect(NO_ORDERS_CHOSEN).toBe("Choose at least one order for the packing slips.");
  });

  test(`more than ${MOST_SLIPS} chosen: 400 saying how many one print takes`, async () => {
    const ids = Array.from({ length: MOST_SLIPS + 1 }, (_, index) => `ORD-${index}`).join(",");
    const { status, body } = await open(`/admin/slips?ids=${ids}`);
    expect(status).toBe(400);
    expect(body).toBe(`Choose at most ${MOST_SLIPS} orders for one print of packing slips.`);
    expect(body).toBe(TOO_MANY_CHOSEN);
  });

  test("printing changes nothing: no order, email or stock row written", async () => {
    const id = await buy();
    const before = ["orders", "order_items", "email_outbox"].map((table) => countRows(shop.db, table));
    await open(`/admin/orders/${id}/slip`);
    await open("/admin/slips");
    expect(["orders", "order_items", "email_outbox"].map((table) => countRows(shop.db, table))).toEqual(before);
  });
});
