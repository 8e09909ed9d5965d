import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { availabilityProblems, withOwnHolds } from "../../shared/basket";
import { postCheckout, stockOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER, PLANTER } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

/** Real concurrency on a shared machine: a test here may wait its turn for the CPU (the suite runs beside stress-ng). */
const SLOW_TEST_MS = 30_000;

// A shopper's own hold never blocks them (decision 0025): the units the
// basket's unpaid checkout holds count as available to that basket, in the
// basket's check (GET /api/catalog with GET /api/checkout/held) and on the
// server; another basket still sees them taken.

const MY_BASKET = "basket-a-6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
const OTHER_BASKET = "basket-b-7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, { ...BIRD_FEEDER, name: "Cottage bird feeder", stock: 2 });
  addProduct(shop.db, PLANTER);
}, SLOW_TEST_MS);
afterEach(() => shop.close());

const held = (basketId: string | null) =>
  shop.json<{ held?: { productId: string; variantId: string | null; quantity: number }[]; error?: string }>("/api/checkout/held", {
    headers: basketId ? { "Basket-Id": basketId } : {},
  });

/** What the basket's check sees before Checkout: the catalogue with this basket's own holds back on the shelf. */
async function basketCheck(basketId: string, items: { id: string; name: string; quantity: number; meta: { variantId?: string } }[]) {
  const catalogue =
    await shop.json<{ id: string; name: string; stock: number | null; maxOnlineQty: number | null; variants: [] }[]>("/api/catalog");
  const holds = (await held(basketId)).body.held ?? [];
  return availabilityProblems(
    items,
    catalogue.body.map((product) => withOwnHolds(product, holds)),
  );
}

describe("the last two units, held by my own unpaid checkout", () => {
  beforeEach(async () => {
    // Checkout with the last two feeders and a planter: the payment page opens, the units are held.
    const first = await postCheckout(shop, [...units(2, { id: BIRD_FEEDER.id }), { id: PLANTER.id, variantId: "planter-large" }], {
      "Basket-Id": MY_BASKET,
    });
    expect(first.status).toBe(200);
    expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(0);
  }, SLOW_TEST_MS);

  test(
    "GET /api/checkout/held answers the units my basket's checkout holds, and none for another basket",
    async () => {
      const mine = await held(MY_BASKET);
      expect(mine.status).toBe(200);
      expect(mine.response.headers.get("cache-control")).toContain("no-store");
      expect(mine.body).toEqual({
        held: [
          { productId: BIRD_FEEDER.id, variantId: null, quantity: 2 },
          { productId: PLANTER.id, variantId: "planter-large", quantity: 1 },
        ],
      });
      expect((await held(OTHER_BASKET)).body).toEqual({ held: [] });
    },
    SLOW_TEST_MS,
  );

  test(
    "my basket's check finds both feeders available to me; another basket's check finds none",
    async () => {
      const item = { id: BIRD_FEEDER.id, name: "Cottage bird feeder", quantity: 2, meta: {} };
      expect(await basketCheck(MY_BASKET, [item])).toEqual([]);
      expect(await basketCheck(OTHER_BASKET, [item])).toEqual([{ name: "Cottage bird feeder", requested: 2, available: 0 }]);
    },
    SLOW_TEST_MS,
  );

  test(
    "back from the payment page, without the planter, my checkout of the two feeders opens and replaces the first",
    async () => {
      const again = await postCheckout(shop, units(2, { id: BIRD_FEEDER.id }), { "Basket-Id": MY_BASKET });
      expect(again.status).toBe(200);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(0);
      const holds = shop.db.query<{ hold: string }, []>("SELECT hold FROM checkouts ORDER BY created_at, rowid").all();
      expect(holds.map((row) => row.hold)).toEqual(["released", "held"]);
      // The planter went back to the shelf with the replaced checkout.
      expect(shop.db.query<{ stock: number }, []>("SELECT stock FROM product_variants WHERE id = 'planter-large'").get()?.stock).toBe(2);
    },
    SLOW_TEST_MS,
  );

  test(
    "another shopper still cannot take them: 409 with what is available, and nothing stored",
    async () => {
      const stranger = await postCheckout(shop, units(1, { id: BIRD_FEEDER.id }), { "Basket-Id": OTHER_BASKET });
      expect(stranger.status).toBe(409);
      expect(stranger.body).toEqual({ error: "Some items exceed current availability: Cottage bird feeder: requested 1, available 0" });
      expect(countRows(shop.db, "checkouts")).toBe(1);
      expect((await held(MY_BASKET)).body.held?.[0]).toEqual({ productId: BIRD_FEEDER.id, variantId: null, quantity: 2 });
    },
    SLOW_TEST_MS,
  );
});

describe("GET /api/checkout/held refuses what it cannot answer", () => {
  test(
    "no Basket-Id header: 400 with what to send",
    async () => {
      const answer = await held(null);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: "Send the basket's Basket-Id header to see what its checkouts hold." });
    },
    SLOW_TEST_MS,
  );

  test(
    "a guessable Basket-Id (under 32 characters): 400, on the checkout too, which then stores nothing",
    async () => {
      const rule = { error: "The Basket-Id header must be 32 to 100 letters, digits, hyphens or underscores." };
      expect(await held("basket-1")).toMatchObject({ status: 400, body: rule });
      expect(await postCheckout(shop, units(1, { id: BIRD_FEEDER.id }), { "Basket-Id": "basket-a1b2c3d4" })).toMatchObject({
        status: 400,
        body: rule,
      });
      expect(countRows(shop.db, "checkouts")).toBe(0);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(2);
    },
    SLOW_TEST_MS,
  );
});
