import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { PriceAnswer } from "../../shared/instant-prices";
import { formatPence } from "../../shared/money";
import { cleanUploads } from "../../src/jobs/clean-uploads";
import { removeDispatchedFiles } from "../../src/jobs/remove-dispatched-files";
import { MODEL_LINE_MESSAGES, UPLOAD_MESSAGES } from "../../src/modules/checkout/model";
import { PRICE_MESSAGES } from "../../src/modules/instant-prices/model";
import { HOURS_PRINTED_PER_WORKING_DAY } from "../../src/modules/instant-prices/printing-days";
import type { Order } from "../../src/modules/orders/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, confirmCheckout, payDemo, postCheckout, sessionIdOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { cubeStl, OWN_MODEL, priceOf, pricingFixture, readyForModels, setPricing, uploadModel } from "../support/instant-prices";
import { countRows } from "../support/test-app";
import { filesInUploads, uploadsDir } from "../support/uploads-folder";

// POST /api/checkout with a shopper's model (docs/decisions/0042-instant-prices-calls-and-checkout.md): the server
// prices the line again from the owner's rates, never from the browser, refuses with 409 when that is not the
// price the shopper was shown, and the paid order keeps the model and claims its file.

const NOW = new Date("2026-12-02T09:00:00Z");
const POSTCODE = "SW1Y 4JH"; // the demo checkout's (tests/support/checkout.ts)
let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({}, { now: () => NOW });
  readyForModels(shop);
  addProduct(shop.db, BIRD_FEEDER);
});
afterEach(() => shop.close());

type Choices = { material?: string; colour?: string; quantity?: number; scale?: number };

/** Uploads the cube (or `bytes`) and prices it as the product page does. */
async function priced(choices: Choices = {}, bytes = cubeStl(), name = "bracket.stl") {
  const upload = await uploadModel(shop, bytes, { name });
  expect(upload.status).toBe(201);
  const ask = { token: upload.body.token, material: "pla", colour: "Black", quantity: 1, ...choices };
  const price = await priceOf(shop, ask);
  expect(price.status).toBe(200);
  return { token: upload.body.token, ask, price: price.body as PriceAnswer };
}

/** The basket's entries for a model line: one per copy, each naming the model, material and colour. */
function modelEntries(token: string, { material = "pla", colour = "Black", quantity = 1 }: Choices = {}) {
  return Array.from({ length: quantity }, () => ({ id: OWN_MODEL.id, productName: OWN_MODEL.name, modelToken: token, material, colour }));
}

/** What a refused checkout must leave as it was. */
function snapshot() {
  return {
    checkouts: countRows(shop.db, "checkouts"),
    lines: countRows(shop.db, "checkout_lines"),
    orders: countRows(shop.db, "orders"),
    claimed: shop.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM uploads WHERE order_id IS NOT NULL").get()?.n,
  };
}

async function refused(items: unknown, status: number, error: string) {
  const before = snapshot();
  const answer = await postCheckout(shop, items);
  expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
  expect(snapshot()).toEqual(before);
}

describe("an instant price bought through the checkout", () => {
  test("three copies: one line at the price shown, the model's facts in the order, its file claimed", async () => {
    const { token, price } = await priced({ quantity: 3, colour: "White" });
    expect(price.status).toBe("instant");
    const checkout = await postCheckout(shop, [...modelEntries(token, { quantity: 3, colour: "White" }), { id: BIRD_FEEDER.id }]);
    expect(checkout.status).toBe(200);
    // Started at the shop's clock, as the price was asked: the order's promise counts from when its checkout began.
    shop.db.query("UPDATE checkouts SET created_at = ?").run(NOW.toISOString());
    const sessionId = sessionIdOf(checkout.body.url!);
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    const orderId = (await confirmCheckout<{ orderId: string }>(shop, sessionId)).body.orderId;

    const order = (await shop.call<Order>(`/api/admin/orders/${orderId}`)).body;
    const line = order.items.find((item) => item.product_id === OWN_MODEL.id)!;
    expect(line.quantity).toBe(3);
    expect(line.unit_price_cents * 3).toBe(price.amount_pence!);
    expect(order.subtotal_cents).toBe(price.amount_pence! + 2400);
    expect(line.meta).toEqual({
      modelToken: token,
      modelName: "bracket.stl",
      material: "pla",
      materialName: "PLA",
      colour: "White",
      scale: 1,
      analysis: expect.objectContaining({ bbox_mm: [20, 20, 20], shells: 1, watertight: true }),
      grams: price.grams,
      hours: price.hours,
    });
    // The promise the price showed is the one the order keeps.
    expect(order.dispatch_by).toBe(price.dispatch_by);
    const upload = shop.db.query<{ order_id: string | null }, [string]>("SELECT order_id FROM uploads WHERE token = ?").get(token);
    expect(upload?.order_id).toBe(orderId);
  });

  test("a long print's order promises the later day its printing hours need", async () => {
    const { token, price } = await priced({}, cubeStl(120), "block.stl");
    expect(price.hours).toBeGreaterThan(HOURS_PRINTED_PER_WORKING_DAY);
    const checkout = await postCheckout(shop, modelEntries(token));
    shop.db.query("UPDATE checkouts SET created_at = ?").run(NOW.toISOString());
    const sessionId = sessionIdOf(checkout.body.url!);
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    const orderId = (await confirmCheckout<{ orderId: string }>(shop, sessionId)).body.orderId;
    const order = (await shop.call<Order>(`/api/admin/orders/${orderId}`)).body;
    expect(order.dispatch_by).toBe(price.dispatch_by);
    expect(order.dispatch_by! > shop.deps.dispatch.dispatchBy(null, undefined, NOW)).toBe(true);
  });

  test("trying another colour after adding to the basket leaves the basket's line at the price it showed", async () => {
    const { token, price } = await priced({ colour: "Black" });
    expect((await priceOf(shop, { token, material: "petg", colour: "Orange", quantity: 4 })).status).toBe(200);
    const { orderId } = await buyThroughDemoCheckout(shop, modelEntries(token, { colour: "Black" }));
    const line = (await shop.call<Order>(`/api/admin/orders/${orderId}`)).body.items[0]!;
    expect({ colour: line.meta.colour, unit: line.unit_price_cents }).toEqual({ colour: "Black", unit: price.amount_pence! });
  });

  test("a scaled model is bought at its scale, which the basket never sends", async () => {
    const { token, price } = await priced({ scale: 2 });
    const { orderId } = await buyThroughDemoCheckout(shop, modelEntries(token));
    const line = (await shop.call<Order>(`/api/admin/orders/${orderId}`)).body.items[0]!;
    expect(line.meta.scale).toBe(2);
    expect(line.meta.analysis?.bbox_mm).toEqual([40, 40, 40]);
    expect(line.unit_price_cents).toBe(price.amount_pence!);
  });

  test("the owner downloads the file from the order, and the shopper from their own order", async () => {
    const bytes = cubeStl(25);
    const { token } = await priced({}, bytes, "my part.stl");
    const { orderId } = await buyThroughDemoCheckout(shop, modelEntries(token));

    const owner = await shop.request(`/api/admin/download/model/${token}`, { headers: { Cookie: shop.cookie } });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("content-type")).toBe("model/stl");
    expect(owner.headers.get("content-disposition")).toContain("attachment");
    expect(new Uint8Array(await owner.arrayBuffer())).toEqual(bytes);

    const shopper = await shop.request(`/api/orders/${orderId}/download/model/${token}?postalCode=${encodeURIComponent(POSTCODE)}`);
    expect(shopper.status).toBe(200);
    expect(new Uint8Array(await shopper.arrayBuffer())).toEqual(bytes);
    // Someone else's model is not in this order.
    const other = await priced();
    const refusedDownload = await shop.json<{ error: string }>(
      `/api/orders/${orderId}/download/model/${other.token}?postalCode=${encodeURIComponent(POSTCODE)}`,
    );
    expect({ status: refusedDownload.status, error: refusedDownload.body.error }).toEqual({ status: 404, error: "File not found." });
  });

  test("the To make queue lists the model's line with what the owner needs to print it", async () => {
    const { token } = await priced({ material: "petg", colour: "Orange" });
    await buyThroughDemoCheckout(shop, modelEntries(token, { material: "petg", colour: "Orange" }));
    const queue = (await shop.call<{ items: { meta: Record<string, unknown> }[] }[]>("/api/admin/orders/to-make")).body;
    expect(queue[0]?.items[0]?.meta).toMatchObject({ modelToken: token, modelName: "bracket.stl", materialName: "PETG", colour: "Orange" });
  });
});

describe("refused with 409 when the price is not the one shown, nothing stored", () => {
  test("the owner raised the rates after the shopper saw the price", async () => {
    const { token, price } = await priced();
    setPricing(shop.db, pricingFixture({ minimum_pence: (price.amount_pence ?? 0) + 500 }));
    await refused(modelEntries(token), 409, MODEL_LINE_MESSAGES.priceChanged("bracket.stl", formatPence((price.amount_pence ?? 0) + 500)));
  });

  test("a basket with another number of copies than any priced", async () => {
    const { token } = await priced({ quantity: 1 });
    const two = shop.deps.instantPrices.reprice(token, { material: "pla", colour: "Black", quantity: 2 }).answer.amount_pence!;
    await refused(modelEntries(token, { quantity: 2 }), 409, MODEL_LINE_MESSAGES.priceChanged("bracket.stl", formatPence(two)));
  });

  test("a model priced at another scale after it went in the basket is refused at the new scale's price", async () => {
    const { token } = await priced();
    const scaled = (await priceOf(shop, { token, material: "petg", colour: "Orange", quantity: 1, scale: 2 })).body;
    expect(scaled.status).toBe("instant");
    const black = shop.deps.instantPrices.reprice(token, { material: "pla", colour: "Black", quantity: 1 }).answer.amount_pence!;
    await refused(modelEntries(token), 409, MODEL_LINE_MESSAGES.priceChanged("bracket.stl", formatPence(black)));
  });

  test("a model never priced", async () => {
    const token = (await uploadModel(shop, cubeStl())).body.token;
    const answer = (await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 })).body.amount_pence!;
    shop.db.query("UPDATE uploads SET model_price = NULL").run();
    await refused(modelEntries(token), 409, MODEL_LINE_MESSAGES.priceChanged("cube.stl", formatPence(answer)));
  });

  test("the owner now reviews every price", async () => {
    const { token } = await priced();
    setPricing(shop.db, pricingFixture({ review_all: true }));
    const reasons = (await shop.deps.instantPrices.reprice(token, { material: "pla", colour: "Black", quantity: 1 })).answer.reasons;
    await refused(modelEntries(token), 409, MODEL_LINE_MESSAGES.needsReview("bracket.stl", reasons));
  });

  test("instant prices were switched off", async () => {
    const { token } = await priced();
    setPricing(shop.db, pricingFixture({ instant_on: false }));
    await refused(modelEntries(token), 409, MODEL_LINE_MESSAGES.instantOff("bracket.stl"));
  });

  test("a model already in a paid order", async () => {
    const { token } = await priced();
    await buyThroughDemoCheckout(shop, modelEntries(token));
    await refused(modelEntries(token), 409, UPLOAD_MESSAGES.inPaidOrder("3D model", OWN_MODEL.name));
  });

  test("a model in another basket's checkout waiting for payment", async () => {
    const { token } = await priced();
    expect((await postCheckout(shop, modelEntries(token))).status).toBe(200);
    await refused(modelEntries(token), 409, UPLOAD_MESSAGES.inOpenCheckout("3D model", OWN_MODEL.name));
  });
});

describe("refused with 400 for a line that cannot be a model's, nothing stored", () => {
  test("the product needs a model and none was sent", () =>
    refused([{ id: OWN_MODEL.id, productName: OWN_MODEL.name }], 400, MODEL_LINE_MESSAGES.needsModel(OWN_MODEL.name)));

  test("a model sent for a product that does not take one", async () => {
    const { token } = await priced();
    await refused(
      [{ id: BIRD_FEEDER.id, modelToken: token, material: "pla", colour: "Black" }],
      400,
      MODEL_LINE_MESSAGES.notTaken("Bird feeder"),
    );
  });

  test("no material or colour", async () => {
    const { token } = await priced();
    await refused([{ id: OWN_MODEL.id, modelToken: token }], 400, MODEL_LINE_MESSAGES.needsChoices(OWN_MODEL.name));
  });

  test("an unknown model token", () =>
    refused(modelEntries("A".repeat(43)), 400, `The 3D model for "${OWN_MODEL.name}" was not found. Upload it again on the product page.`));

  test("a colour the material does not come in", async () => {
    const { token } = await priced();
    await refused(modelEntries(token, { colour: "Orange" }), 400, PRICE_MESSAGES.unknownColour("Orange", "PLA"));
  });

  test("one model in two lines of the basket", async () => {
    const { token } = await priced();
    await refused([...modelEntries(token), ...modelEntries(token, { colour: "White" })], 400, MODEL_LINE_MESSAGES.twice(OWN_MODEL.name));
  });

  test("a model uploaded for another product", async () => {
    addProduct(shop.db, { id: "other-model", name: "Another model product", requires_model: true });
    const { token } = await priced();
    await refused(
      [{ id: "other-model", modelToken: token, material: "pla", colour: "Black" }],
      400,
      'The 3D model in your basket was uploaded for a different product than "Another model product". Upload it again on the product page.',
    );
  });
});

describe("keeping and removing a model's file", () => {
  test("a model nobody checked out goes after six hours; one in a held checkout stays", async () => {
    const { token: unbought } = await priced();
    const { token: inCheckout } = await priced();
    expect((await postCheckout(shop, modelEntries(inCheckout))).status).toBe(200);
    shop.db.query("UPDATE uploads SET created_at = ?").run(new Date(Date.now() - 7 * 60 * 60_000).toISOString());
    const result = await cleanUploads(shop.db, shop.deps.uploadStorage, 14, new Date());
    expect(result.expired).toBe(1);
    const left = shop.db.query<{ token: string }, []>("SELECT token FROM uploads").all();
    expect(left).toEqual([{ token: inCheckout }]);
    expect(left.map(({ token }) => token)).not.toContain(unbought);
    expect(filesInUploads(shop)).toHaveLength(1);
  });

  test("an order's model is deleted after dispatch, as a route or photo is, and the order says so", async () => {
    const { token } = await priced();
    const { orderId } = await buyThroughDemoCheckout(shop, modelEntries(token));
    const stored = shop.db
      .query<{ stored_name: string }, [string]>("SELECT stored_name FROM uploads WHERE token = ?")
      .get(token)!.stored_name;
    const tracking = { carrier: "Royal Mail", number: "RM123456789GB", url: "https://track.royalmail.com/RM123456789GB" };
    expect((await shop.call(`/api/admin/orders/${orderId}/tracking`, { method: "POST", body: tracking })).status).toBe(200);
    const later = new Date(Date.now() + 40 * 24 * 60 * 60_000);
    expect(await removeDispatchedFiles(shop.db, shop.deps.orderStore, shop.deps.uploadStorage, 30, later)).toEqual({ removedFiles: 1 });
    expect(existsSync(join(uploadsDir(shop), stored))).toBe(false);
    const order = (await shop.call<Order & { removed_files: { kind: string; ref: string }[] }>(`/api/admin/orders/${orderId}`)).body;
    expect(order.removed_files).toEqual([expect.objectContaining({ kind: "model", ref: token, name: "bracket.stl" })]);
    expect((await shop.request(`/api/admin/download/model/${token}`, { headers: { Cookie: shop.cookie } })).status).toBe(404);
  });
});
