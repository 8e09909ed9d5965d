import { describe, expect, test } from "bun:test";
import { addItem, maxQuantityFor, type ProductFacts, setQuantity } from "../../shared/basket";

// A shopper's own model goes in the basket as one line of the copies it was priced for
// (docs/decisions/0043-pricing-page-and-model-purchase.md).

const product: ProductFacts = { id: "print-your-own-model", name: "Print your own model", stock: null, maxOnlineQty: null, variants: [] };
const line = {
  id: product.id,
  name: product.name,
  price: 6.15,
  noStack: false,
  meta: { modelToken: "tok_1", modelName: "stand.stl", material: "pla", materialName: "PLA", colour: "Black" },
};

describe("a priced model in the basket", () => {
  test("is one line of the copies chosen", () => {
    const added = addItem([], line, product, 3);
    expect(added.ok && added.items.map((item) => item.quantity)).toEqual([3]);
  });

  test("cannot be added twice: the checkout prices one file once", () => {
    const first = addItem([], line, product, 2);
    if (!first.ok) throw new Error("not added");
    expect(addItem(first.items, line, product, 2)).toEqual({ ok: false, reason: "limit" });
  });

  test("keeps its quantity in the basket: the price was for that many copies", () => {
    const added = addItem([], line, product, 3);
    if (!added.ok) throw new Error("not added");
    const key = added.items[0]!.key;
    expect(maxQuantityFor(added.items, key, product)).toBe(3);
    expect(setQuantity(added.items, key, 1, product)).toEqual(added.items);
    expect(setQuantity(added.items, key, 5, product)).toEqual(added.items);
  });

  test("is refused when its copies pass the product's limit", () => {
    expect(addItem([], line, { ...product, maxOnlineQty: 2 }, 3)).toEqual({ ok: false, reason: "limit" });
  });
});
