import { expect, test } from "bun:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { Product } from "../../src/modules/catalog/model";
import { keptCardCount, ProductCardHtml } from "../../web/components/ProductCardHtml";

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
    categoryId: null,
    variants: [],
    leadTimeDays: 3,
    dispatchBy: "2026-12-03",
  };
}

const card = (stock: number) => renderToString(createElement(ProductCardHtml, { product: product(stock) }));

test("a catalogue card is kept once per product: each sale's new version replaces the one before, and shows the new stock", () => {
  const before = keptCardCount();
  let html = "";
  for (let stock = 40; stock >= 1; stock--) html = card(stock);
  expect(keptCardCount()).toBe(before + 1);
  expect(html).toContain("Only 1 left");
  // The same version again is the kept card, not a second one.
  expect(card(1)).toBe(html);
  expect(keptCardCount()).toBe(before + 1);
});
