import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { PriceAnswer } from "../../shared/instant-prices";
import { dispatchBy } from "../../shared/working-days";
import { MODEL_MAX_QUANTITY, PRICE_MESSAGES, PRICES_PER_MINUTE } from "../../src/modules/instant-prices/model";
import { HOURS_PRINTED_PER_WORKING_DAY } from "../../src/modules/instant-prices/printing-days";
import { addProduct } from "../support/factories";
import {
  cubeStl,
  OWN_MODEL,
  pricedCube,
  priceOf,
  pricingFixture,
  readyForModels,
  setPricing,
  uploadModel,
} from "../support/instant-prices";
import { createTestShop, type TestShop } from "../support/test-app";

// POST /api/models/price: the owner's rates applied on the server to the uploaded model
// (docs/decisions/0042-instant-prices-calls-and-checkout.md); every refusal by name, nothing remembered for it.

// A Wednesday morning in London, before any cut-off: the dispatch day is plain working-day arithmetic.
const NOW = new Date("2026-12-02T09:00:00Z");
let shop: TestShop;
let token: string;

beforeEach(async () => {
  shop = await createTestShop({}, { now: () => NOW });
  readyForModels(shop);
  token = (await uploadModel(shop, cubeStl())).body.token;
});
afterEach(() => shop.close());

const lastPrice = (t = token) =>
  shop.db.query<{ model_price: string | null }, [string]>("SELECT model_price FROM uploads WHERE token = ?").get(t)?.model_price ?? null;

describe("a price", () => {
  test("the cube in black PLA is an instant price with its breakdown, grams, hours and dispatch day", async () => {
    const { status, body } = await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 });
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "instant",
      amount_pence: expect.any(Number),
      range_pence: [expect.any(Number), expect.any(Number)],
      calibrated: false,
      breakdown: {
        material_pence: expect.any(Number),
        machine_pence: expect.any(Number),
        setup_pence: expect.any(Number),
        support_pence: expect.any(Number),
        markup_pence: expect.any(Number),
        discount_pence: expect.any(Number),
        minimum_top_up_pence: expect.any(Number),
      },
      grams: expect.any(Number),
      hours: expect.any(Number),
      reasons: [],
      dispatch_by: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // A 20 mm cube weighs a few grams and never less than the minimum charge.
    expect(body.grams).toBeGreaterThan(0);
    expect(body.grams).toBeLessThan(8 * 1.24 * 1.2);
    expect(body.amount_pence).toBeGreaterThanOrEqual(800);
    expect(body.range_pence[0]).toBeLessThanOrEqual(body.amount_pence!);
    expect(body.range_pence[1]).toBeGreaterThanOrEqual(body.amount_pence!);
  });

  test("the dispatch day is the product's lead time from now, as the product page promises it", async () => {
    shop.db.query("UPDATE products SET lead_time_days = 4 WHERE id = ?").run(OWN_MODEL.id);
    const { body } = await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 });
    expect(body.hours).toBeLessThanOrEqual(HOURS_PRINTED_PER_WORKING_DAY);
    expect(body.dispatch_by).toBe(dispatchBy(NOW, 4, shop.deps.dispatch.settings().cutOffHour));
  });

  test("a long print adds a working day for each further day of printing", async () => {
    shop.db.query("UPDATE products SET lead_time_days = 2 WHERE id = ?").run(OWN_MODEL.id);
    const big = (await uploadModel(shop, cubeStl(120), { name: "block.stl" })).body.token;
    const { body } = await priceOf(shop, { token: big, material: "pla", colour: "Black", quantity: 1 });
    expect(body.hours).toBeGreaterThan(HOURS_PRINTED_PER_WORKING_DAY);
    const extra = Math.ceil(body.hours / HOURS_PRINTED_PER_WORKING_DAY) - 1;
    expect(body.dispatch_by).toBe(dispatchBy(NOW, 2 + extra, shop.deps.dispatch.settings().cutOffHour));
  });

  test("several copies cost a whole number of pence each, and never less than one", async () => {
    const one = (await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 })).body;
    for (const quantity of [3, 7]) {
      const { body } = await priceOf(shop, { token, material: "pla", colour: "Black", quantity });
      expect(body.amount_pence! % quantity).toBe(0);
      expect(body.amount_pence!).toBeGreaterThanOrEqual(one.amount_pence!);
      expect(body.range_pence.map((end) => end % quantity)).toEqual([0, 0]);
    }
  });

  test("a scale of 3 prices a model 27 times the volume: far more grams, a higher price than the minimum charge", async () => {
    const plain = (await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 })).body;
    const tripled = (await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1, scale: 3 })).body;
    expect(tripled.grams).toBeGreaterThan(plain.grams * 9);
    expect(tripled.amount_pence!).toBeGreaterThan(plain.amount_pence!);
  });

  test("each answer is remembered with the model, by its choices, for the checkout's comparison", async () => {
    const petg = (await priceOf(shop, { token, material: "petg", colour: "Orange", quantity: 2, scale: 1.5 })).body;
    const pla = (await priceOf(shop, { token, material: "pla", colour: "White", quantity: 1, scale: 1.5 })).body;
    expect(JSON.parse(lastPrice()!)).toEqual({
      scale: 1.5,
      shown: {
        '["petg","Orange",2]': { status: petg.status, amount_pence: petg.amount_pence },
        '["pla","White",1]': { status: pla.status, amount_pence: pla.amount_pence },
      },
    });
  });

  test("a new scale starts the remembered prices again: those at the old scale are no longer shown", async () => {
    await priceOf(shop, { token, material: "petg", colour: "Orange", quantity: 2 });
    const scaled = (await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1, scale: 2 })).body;
    expect(JSON.parse(lastPrice()!)).toEqual({
      scale: 2,
      shown: { '["pla","Black",1]': { status: scaled.status, amount_pence: scaled.amount_pence } },
    });
  });

  test("instant prices switched off: review, no amount, a reason for the shopper", async () => {
    setPricing(shop.db, pricingFixture({ instant_on: false }));
    const { status, body } = await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 });
    expect(status).toBe(200);
    expect(body.status).toBe("review");
    expect(body.amount_pence).toBeNull();
    expect(body.reasons.length).toBeGreaterThan(0);
    expect(body.range_pence[0]).toBeGreaterThanOrEqual(800);
  });

  test("a model larger than every printer needs a person", async () => {
    const big = (await uploadModel(shop, cubeStl(300), { name: "big.stl" })).body.token;
    const { body } = await priceOf(shop, { token: big, material: "pla", colour: "Black", quantity: 1 });
    expect(body.status).toBe("review");
    expect(body.amount_pence).toBeNull();
    expect(body.reasons.length).toBeGreaterThan(0);
  });

  test("the owner reviewing every price makes every answer a review", async () => {
    setPricing(shop.db, pricingFixture({ review_all: true }));
    const { body } = await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 });
    expect(body.status).toBe("review");
  });
});

describe("refused by name, nothing remembered", () => {
  async function refused(body: unknown, status: number, error: string) {
    const answer = await priceOf(shop, body);
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
    expect(lastPrice()).toBeNull();
  }
  const ask = (change: Record<string, unknown>) => ({ token, material: "pla", colour: "Black", quantity: 1, ...change });

  test("an unknown token is 404", () => refused(ask({ token: "A".repeat(43) }), 404, PRICE_MESSAGES.modelNotFound));
  test("a token that is not one is 404", () => refused(ask({ token: "../uploads" }), 404, PRICE_MESSAGES.modelNotFound));
  test("no token", () => refused(ask({ token: undefined }), 400, PRICE_MESSAGES.token));
  test("an unknown material", () => refused(ask({ material: "nylon" }), 400, PRICE_MESSAGES.unknownMaterial("nylon")));
  test("a colour the material does not come in", () =>
    refused(ask({ colour: "Orange" }), 400, PRICE_MESSAGES.unknownColour("Orange", "PLA")));
  test("no colour", () => refused(ask({ colour: "" }), 400, PRICE_MESSAGES.colour));
  test("no material", () => refused(ask({ material: undefined }), 400, PRICE_MESSAGES.material));
  test("a quantity of 0", () => refused(ask({ quantity: 0 }), 400, PRICE_MESSAGES.quantity));
  test("a quantity of 1.5", () => refused(ask({ quantity: 1.5 }), 400, PRICE_MESSAGES.quantity));
  test("a quantity past the most one line holds", () => refused(ask({ quantity: MODEL_MAX_QUANTITY + 1 }), 400, PRICE_MESSAGES.quantity));
  test("a quantity as text", () => refused(ask({ quantity: "2" }), 400, PRICE_MESSAGES.quantity));
  test("a scale of 0", () => refused(ask({ scale: 0 }), 400, PRICE_MESSAGES.scale));
  test("a scale past ×25.4", () => refused(ask({ scale: 30 }), 400, PRICE_MESSAGES.scale));
  test("not JSON of an object", () => refused(["pla"], 400, PRICE_MESSAGES.body));

  test("a photo's token is not a model", async () => {
    addProduct(shop.db, { id: "lamp", name: "Lithophane", requires_image: true });
    shop.db
      .query(
        "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES (?, 'image', 'lamp', 'p.jpg', 'u_00000000000000000000000000000000.jpg', 'image/jpeg', 1)",
      )
      .run("P".repeat(43));
    await refused(ask({ token: "P".repeat(43) }), 404, PRICE_MESSAGES.modelNotFound);
  });

  test(`the ${PRICES_PER_MINUTE + 1}st price in a minute from one address is 429`, async () => {
    for (let i = 0; i < PRICES_PER_MINUTE; i++) expect((await priceOf(shop, ask({ material: "nylon" }))).status).toBe(400);
    const { status, body, response } = await priceOf(shop, ask({}));
    expect({ status, error: body.error }).toEqual({ status: 429, error: PRICE_MESSAGES.tooManyPrices });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(lastPrice()).toBeNull();
  });
});

test("the price call is personal: never stored by a browser or proxy", async () => {
  const { response } = await priceOf(shop, { token, material: "pla", colour: "Black", quantity: 1 });
  expect(response.headers.get("cache-control")).toContain("no-store");
});

test("a helper's priced cube is instant (the fixture the checkout tests build on)", async () => {
  const { price } = await pricedCube(shop);
  expect((price as PriceAnswer).status).toBe("instant");
});
