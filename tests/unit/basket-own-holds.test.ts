import { describe, expect, test } from "bun:test";
import { availabilityProblems, type ProductFacts, withOwnHolds } from "../../shared/basket";

// The basket counts its own unpaid checkout's units as available to it (decision 0025).

const planter: ProductFacts = {
  id: "planter",
  name: "Planter",
  stock: 1,
  maxOnlineQty: null,
  variants: [
    { id: "planter-base", name: "Small", stock: null },
    { id: "planter-large", name: "Large", stock: 0 },
  ],
};

describe("withOwnHolds", () => {
  test("puts the basket's held units back on the product's and the variant's shelf; unlimited stays unlimited", () => {
    const mine = withOwnHolds(planter, [
      { productId: "planter", variantId: "planter-large", quantity: 2 },
      { productId: "planter", variantId: "planter-base", quantity: 1 },
    ]);
    expect(mine.stock).toBe(4);
    expect(mine.variants).toEqual([
      { id: "planter-base", name: "Small", stock: null },
      { id: "planter-large", name: "Large", stock: 2 },
    ]);
    const wanted = [{ id: "planter", name: "Planter", quantity: 2, meta: { variantId: "planter-large" } }];
    expect(availabilityProblems(wanted, [mine])).toEqual([]);
    expect(availabilityProblems(wanted, [planter])).toEqual([
      { name: "Planter", requested: 2, available: 1 },
      { name: "Planter (Large)", requested: 2, available: 0 },
    ]);
  });

  test("another product's holds change nothing, and the facts it was given are not changed", () => {
    expect(withOwnHolds(planter, [{ productId: "feeder", variantId: null, quantity: 2 }])).toBe(planter);
    withOwnHolds(planter, [{ productId: "planter", variantId: null, quantity: 2 }]);
    expect(planter.stock).toBe(1);
  });
});
