import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN_PRODUCTS_PAGE_SIZE, type AdminProduct, PRODUCT_LIST_MESSAGES } from "../../src/modules/admin-catalog/products-model";
import { PRODUCT_PAGE_SQL } from "../../src/modules/admin-catalog/products-service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct } from "../support/factories";
import { queryPlan } from "../support/query-plan";
import { countRows } from "../support/test-app";

// The owner's product list a page at a time, in name order, searched by name or id
// (docs/decisions/0064-the-owner-s-products-paged.md). The spec's plain call answers the first page with the fields
// it always had.

let shop: OwnerShop;

/** 120 products whose names sort in a different order from their ids, in mixed case, a few sharing a name. */
const NAMES = Array.from({ length: 120 }, (_, n) => {
  const word = ["apple", "Birch", "cedar", "Dune", "elm", "Fern"][n % 6]!;
  return n % 40 === 7 ? "Shared Name" : `${n % 2 === 0 ? word : word.toUpperCase()} ${String(119 - n).padStart(3, "0")}`;
});

beforeAll(async () => {
  shop = await createOwnerShop();
  NAMES.forEach((name, n) => {
    addProduct(shop.db, {
      id: `prod-${String(n).padStart(3, "0")}`,
      name,
      stock: n,
      images: n === 3 ? ["/media/three-a.jpg", "/media/three-b.jpg"] : undefined,
      variants: n === 4 ? [{ id: "prod-004-base", name: "Small", price_cents: 900, stock: 2 }] : undefined,
    });
  });
});

afterAll(() => shop.close());

const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** Every page from the first (or from the page `from` leads to), following X-Next-Cursor; `query` is added to each call. */
async function allPages(query = "", from: string | null = null): Promise<AdminProduct[][]> {
  const pages: AdminProduct[][] = [];
  let cursor: string | null = from;
  do {
    const params = new URLSearchParams(query);
    if (cursor) params.set("cursor", cursor);
    const asked = params.toString();
    const answer = await shop.call<AdminProduct[]>(`/api/admin/products${asked ? `?${asked}` : ""}`);
    expect(answer.status).toBe(200);
    pages.push(answer.body);
    const next: string | null = answer.response.headers.get("x-next-cursor");
    cursor = next;
  } while (cursor && pages.length < 10);
  return pages;
}

describe("the owner's product list, a page at a time", () => {
  test("the plain call answers the first 50 products in name order (any case, the id breaking ties) and a cursor to the next", async () => {
    const answer = await shop.call<AdminProduct[]>("/api/admin/products");
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(ADMIN_PRODUCTS_PAGE_SIZE);
    const expected = NAMES.map((name, n) => ({ name, id: `prod-${String(n).padStart(3, "0")}` })).sort(byNameThenId);
    expect(answer.body.map(({ id, name }) => ({ name, id }))).toEqual(expected.slice(0, ADMIN_PRODUCTS_PAGE_SIZE));
    expect(answer.response.headers.get("x-next-cursor")).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  test("following the cursors gives every product once, 50, 50 and 20, the last page without a cursor", async () => {
    const pages = await allPages();
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    const ids = pages.flat().map((product) => product.id);
    expect(new Set(ids).size).toBe(120);
    expect(pages.flat().map(({ id, name }) => ({ name, id }))).toEqual(
      [...pages.flat()].sort(byNameThenId).map(({ id, name }) => ({ name, id })),
    );
  });

  test("each product keeps the fields the plain call always had, with its own pictures and options", async () => {
    const everything = (await allPages()).flat();
    const three = everything.find((product) => product.id === "prod-003")!;
    expect(three.images.map((image) => image.image_url)).toEqual(["/media/three-a.jpg", "/media/three-b.jpg"]);
    const four = everything.find((product) => product.id === "prod-004")!;
    expect(four.variants).toEqual([{ id: "prod-004-base", name: "Small", price_cents: 900, stock: 2, sort_order: 0 }]);
    expect(Object.keys(three).sort()).toEqual(Object.keys(four).sort());
    expect(everything.filter((product) => product.images.length > 0 && product.id !== "prod-003")).toEqual([]);
  });

  test("a product added before the cursor while the owner pages is not on the later pages, one added after it is", async () => {
    const first = await shop.call<AdminProduct[]>("/api/admin/products");
    const cursor = first.response.headers.get("x-next-cursor")!;
    addProduct(shop.db, { id: "late-early", name: "AAA Added meanwhile" });
    addProduct(shop.db, { id: "late-later", name: "zzz Added meanwhile" });
    try {
      const rest = (await allPages("", cursor)).flat().map((product) => product.id);
      expect(rest).not.toContain("late-early");
      expect(rest).toContain("late-later");
      expect(rest.filter((id) => first.body.some((product) => product.id === id))).toEqual([]);
    } finally {
      shop.db.run("DELETE FROM products WHERE id IN ('late-early', 'late-later')");
    }
  });

  test("q finds the products whose name holds the text in any case, or whose id does, paged the same way", async () => {
    const birch = (await allPages("q=bIrCh")).flat();
    expect(birch).toHaveLength(NAMES.filter((name) => name.toLowerCase().includes("birch")).length);
    expect(birch.every((product) => product.name.toLowerCase().includes("birch"))).toBe(true);
    expect((await allPages("q=prod-11")).flat().map((product) => product.id)).toEqual(
      ["prod-110", "prod-111", "prod-112", "prod-113", "prod-114", "prod-115", "prod-116", "prod-117", "prod-118", "prod-119"]
        .map((id) => ({ id, name: NAMES[Number(id.slice(5))]! }))
        .sort(byNameThenId)
        .map((product) => product.id),
    );
    const shared = await allPages("q=shared name");
    expect(shared.flat().map((product) => product.id)).toEqual(["prod-007", "prod-047", "prod-087"]);
    expect(await shop.call("/api/admin/products?q=nothing-like-it")).toMatchObject({ status: 200, body: [] });
    // A blank search is no search.
    expect((await shop.call<AdminProduct[]>("/api/admin/products?q=%20%20")).body).toHaveLength(ADMIN_PRODUCTS_PAGE_SIZE);
  });

  test("a page's size does not grow with the catalogue: the first page reads the same 50 rows at 120 products and at 1,120", async () => {
    const before = (await shop.call<AdminProduct[]>("/api/admin/products")).body;
    shop.db.transaction(() => {
      for (let n = 0; n < 1000; n++) addProduct(shop.db, { id: `bulk-${n}`, name: `zz bulk ${String(n).padStart(4, "0")}` });
    })();
    try {
      const after = await shop.call<AdminProduct[]>("/api/admin/products");
      expect(after.body).toEqual(before);
      // The page's own statement, whichever of its conditions apply: a walk of the name index, never a sort.
      const plan = queryPlan(shop.db, PRODUCT_PAGE_SQL);
      expect(plan[0]).toContain("products_by_name");
      expect(plan.filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
    } finally {
      shop.db.run("DELETE FROM products WHERE id LIKE 'bulk-%'");
    }
  });
});

describe("what the owner's product list refuses", () => {
  test("a cursor the list did not give: 400 with what to do, and nothing changed", async () => {
    const before = countRows(shop.db, "products");
    const made = Buffer.from(JSON.stringify(["Apple", "not an id!"])).toString("base64url");
    for (const cursor of ["not-a-cursor", made, Buffer.from(JSON.stringify([3])).toString("base64url")]) {
      expect(await shop.call(`/api/admin/products?cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { error: PRODUCT_LIST_MESSAGES.badCursor },
      });
    }
    expect(countRows(shop.db, "products")).toBe(before);
  });

  test("a search of more than 100 characters: 400 with the limit, and nothing changed", async () => {
    const before = countRows(shop.db, "products");
    expect(await shop.call(`/api/admin/products?q=${"a".repeat(101)}`)).toMatchObject({
      status: 400,
      body: { error: "The search must be at most 100 characters." },
    });
    expect(countRows(shop.db, "products")).toBe(before);
  });

  test("without the owner's session: 401, and no product is listed", async () => {
    const answer = await shop.request("/api/admin/products");
    expect(answer.status).toBe(401);
    expect(await answer.text()).not.toContain("prod-");
  });
});
