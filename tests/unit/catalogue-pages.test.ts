import { describe, expect, test } from "bun:test";
import type { Product } from "../../src/modules/catalog/model";
import { catalogueHref, type ProductGroup, pageAsked, pageOf, pagerItems } from "../../web/lib/catalogue-pages";

// The catalogue's pages (web/lib/catalogue-pages.ts): how the groups are cut, which page numbers the
// pager links to, and which `?page=` values are pages at all.

const products = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index + 1}` }) as Product);

const GROUPS: ProductGroup[] = [
  { category: { id: "basic", name: "Basic" }, products: products("b", 5) },
  { category: { id: "personalised", name: "Personalised" }, products: products("p", 3) },
  { category: null, products: products("u", 2) },
];

const shape = (groups: ProductGroup[]) => groups.map((group) => [group.category?.id ?? null, group.products.map((product) => product.id)]);

describe("pageOf", () => {
  test("cuts the groups, read in order, every `size` cards: a group runs on into the next page", () => {
    expect(shape(pageOf(GROUPS, 1, 4)!.groups)).toEqual([["basic", ["b1", "b2", "b3", "b4"]]]);
    expect(shape(pageOf(GROUPS, 2, 4)!.groups)).toEqual([
      ["basic", ["b5"]],
      ["personalised", ["p1", "p2", "p3"]],
    ]);
    expect(shape(pageOf(GROUPS, 3, 4)!.groups)).toEqual([[null, ["u1", "u2"]]]);
  });

  test("says which cards of how many a page shows, and how many pages there are", () => {
    expect(pageOf(GROUPS, 2, 4)).toMatchObject({ page: 2, pageCount: 3, first: 5, last: 8, total: 10 });
    expect(pageOf(GROUPS, 3, 4)).toMatchObject({ first: 9, last: 10 });
  });

  test("past the last page there is no page", () => {
    expect(pageOf(GROUPS, 4, 4)).toBeNull();
  });

  test("an empty catalogue has its first page, with nothing on it, and no second", () => {
    expect(pageOf([], 1, 4)).toEqual({ groups: [], page: 1, pageCount: 1, first: 0, last: 0, total: 0 });
    expect(pageOf([], 2, 4)).toBeNull();
  });
});

describe("pagerItems", () => {
  test.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 42, [1, 2, "gap", 42]],
    [2, 42, [1, 2, 3, "gap", 42]],
    [4, 42, [1, 2, 3, 4, 5, "gap", 42]],
    [5, 42, [1, "gap", 4, 5, 6, "gap", 42]],
    [21, 42, [1, "gap", 20, 21, 22, "gap", 42]],
    [39, 42, [1, "gap", 38, 39, 40, 41, 42]],
    [42, 42, [1, "gap", 41, 42]],
    [3, 5, [1, 2, 3, 4, 5]],
  ] as const)("page %d of %d links to %j", (page, pageCount, items) => {
    expect(pagerItems(page, pageCount)).toEqual([...items]);
  });

  test("never more than seven items, so the row fits a phone", () => {
    for (let page = 1; page <= 100; page++) expect(pagerItems(page, 100).length).toBeLessThanOrEqual(7);
  });
});

describe("pageAsked", () => {
  test("no ?page= is the first page; the numbers the pager writes are those pages", () => {
    expect(pageAsked(null)).toBe(1);
    expect(pageAsked("1")).toBe(1);
    expect(pageAsked("42")).toBe(42);
  });

  test.each(["", "0", "-1", "+2", "02", "1.5", "1e3", "two", " 2", "2 ", "1234567890"])("%j is no page", (raw) => {
    expect(pageAsked(raw)).toBeNull();
  });
});

describe("catalogueHref", () => {
  test("the first page has no page number; a category comes first in the query", () => {
    expect(catalogueHref(null)).toBe("/products");
    expect(catalogueHref(null, 1)).toBe("/products");
    expect(catalogueHref(null, 3)).toBe("/products?page=3");
    expect(catalogueHref("basic", 1)).toBe("/products?cat=basic");
    expect(catalogueHref("basic", 2)).toBe("/products?cat=basic&page=2");
    expect(catalogueHref("a&b", 2)).toBe("/products?cat=a%26b&page=2");
  });
});
