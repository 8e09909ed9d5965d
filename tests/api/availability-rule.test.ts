import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { AVAILABILITY_ALERT_HEADING, availabilityProblems, type BasketItem, problemText } from "../../shared/basket";
import type { Product } from "../../src/modules/catalog/model";
import { productFacts } from "../../web/lib/product-view";
import { type Entry, postCheckout, units } from "../support/checkout";
import { addProduct, PLANTER } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

// Decision 0004: the basket (before checking out) and the checkout (inside its
// transaction) judge quantities by one function, availabilityProblems in
// shared/basket.ts, so what the shopper is told and what the server refuses agree.

let shop: TestShop;

beforeEach(async () => {
  shop = await createTestShop();
  addProduct(shop.db, PLANTER);
  addProduct(shop.db, { id: "stand", name: "Headphone stand", price_cents: 1800, stock: 10, max_online_qty: 2 });
  // Every variant counted and no product figure: the variants' sum is the product's limit.
  addProduct(shop.db, {
    id: "mug",
    name: "Mug",
    price_cents: 900,
    stock: null,
    variants: [
      { id: "mug-red", name: "Red", price_cents: 900, stock: 1 },
      { id: "mug-blue", name: "Blue", price_cents: 900, stock: 1 },
    ],
  });
});
afterEach(() => shop.close());

function line(id: string, name: string, quantity: number, variantId?: string): BasketItem {
  return { key: `${id}|${variantId ?? ""}||`, id, name, price: 10, quantity, noStack: false, meta: variantId ? { variantId } : {} };
}

/** What BasketView posts for these lines: one entry per unit. */
function entriesOf(basket: BasketItem[]): Entry[] {
  return basket.flatMap((item) =>
    units(item.quantity, { id: item.id, ...(item.meta.variantId ? { variantId: item.meta.variantId } : {}) }),
  );
}

/** The basket's own check, over the live catalogue as BasketView reads it. */
async function basketCheck(basket: BasketItem[]) {
  const { body } = await shop.json<Product[]>("/api/catalog");
  return availabilityProblems(basket, body.map(productFacts));
}

describe("the basket and the checkout judge quantities by one rule", () => {
  const overLimit: [string, BasketItem[], string][] = [
    [
      "3 Small and 3 Large Planters (5 Planters in stock, 2 Large)",
      [line("planter", "Planter", 3, "planter-base"), line("planter", "Planter", 3, "planter-large")],
      "Some items exceed current availability: Planter: requested 6, available 5; Planter (Large): requested 3, available 2",
    ],
    [
      "2 red Mugs and 1 blue (1 of each, no product figure)",
      [line("mug", "Mug", 2, "mug-red"), line("mug", "Mug", 1, "mug-blue")],
      "Some items exceed current availability: Mug: requested 3, available 2; Mug (Red): requested 2, available 1",
    ],
    [
      "3 Headphone stands (2 a shopper)",
      [line("stand", "Headphone stand", 3)],
      "Some items exceed current availability: Headphone stand: requested 3, available 2",
    ],
  ];
  for (const [what, basket, message] of overLimit) {
    test(`${what}: the checkout's 409 names exactly the problems the basket finds, and stores nothing`, async () => {
      const problems = await basketCheck(basket);
      expect(`${AVAILABILITY_ALERT_HEADING} ${problems.map(problemText).join("; ")}`).toBe(message);
      const answer = await postCheckout(shop, entriesOf(basket));
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: message });
      expect(countRows(shop.db, "checkouts")).toBe(0);
      expect(countRows(shop.db, "checkout_lines")).toBe(0);
    });
  }

  test("a basket the basket's check passes is one the checkout accepts", async () => {
    const basket = [
      line("planter", "Planter", 3, "planter-base"),
      line("planter", "Planter", 2, "planter-large"),
      line("mug", "Mug", 1, "mug-red"),
    ];
    expect(await basketCheck(basket)).toEqual([]);
    const answer = await postCheckout(shop, entriesOf(basket));
    expect(answer.status).toBe(200);
    expect(countRows(shop.db, "checkouts")).toBe(1);
  });
});
