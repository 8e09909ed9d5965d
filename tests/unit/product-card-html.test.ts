import { expect, test } from "bun:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { freezeProduct, type Product } from "../../src/modules/catalog/model";
import { cardRenderCount, ProductCardHtml } from "../../web/components/ProductCardHtml";

function product(stock: number): Product {
  return {
    id: "card-kept-once",
    name: "Card kept once",
    description: "A product whose stock sells one unit at a time.",
    unitAmount: 1200,
    currency: "gbp",
    imageUrl: null,
    images: [],
    stock,
    maxOnlineQty: null,
    requiresGpx: false,
    requiresImage: false,
    requiresModel: false,
    proofBeforeMaking: false,
    kind: "item",
    categoryId: null,
    variants: [],
    leadTimeDays: 3,
    dispatchBy: "2026-12-03",
    order_by: [],
  };
}

const card = (shown: Product) => renderToString(createElement(ProductCardHtml, { product: shown }));

test("a shared (frozen) product's card is rendered once and then taken from those kept", () => {
  const shared = freezeProduct(product(5));
  const before = cardRenderCount();
  const first = card(shared);
  expect(card(shared)).toBe(first);
  expect(card(shared)).toBe(first);
  expect(cardRenderCount()).toBe(before + 1);
});

test("a new version of the product (a sale: a new object) is rendered anew and shows the new stock", () => {
  const before = cardRenderCount();
  expect(card(freezeProduct(product(5)))).toContain("In stock");
  const sold = card(freezeProduct(product(1)));
  expect(sold).toContain("Only 1 left");
  expect(cardRenderCount()).toBe(before + 2);
});

test("a product that could still change (not frozen) is never kept: changed in place, its card shows the change", () => {
  const changing = product(5);
  const before = cardRenderCount();
  expect(card(changing)).toContain("In stock");
  changing.stock = 0;
  expect(card(changing)).toContain("Out of stock");
  expect(cardRenderCount()).toBe(before + 2);
});
