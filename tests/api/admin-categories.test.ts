import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AdminCategory } from "../../src/modules/admin-catalog/categories-model";
import type { AdminProduct } from "../../src/modules/admin-catalog/products-model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addCategory, addProduct } from "../support/factories";
import { countRows } from "../support/test-app";

let shop: OwnerShop;

beforeAll(async () => {
  shop = await createOwnerShop();
});

afterAll(() => shop.close());

const saveCategory = <T = AdminCategory>(body: unknown) => shop.call<T>("/api/admin/categories", { method: "POST", body });

describe("categories: create, list, update, delete", () => {
  test("a new category is saved and answered with 201 as { id, name, sort }", async () => {
    const response = await saveCategory({ id: "garden", name: "Garden", sort: 2 });
    expect(response).toMatchObject({ status: 201, body: { id: "garden", name: "Garden", sort: 2 } });
  });

  test("the list is ordered by sort, then name, and the public list agrees", async () => {
    await saveCategory({ id: "sport", name: "Sport", sort: 1 });
    await saveCategory({ id: "basic", name: "Basic", sort: 1 });
    await saveCategory({ id: "personalised", name: "Personalised", sort: 0 });
    const { status, body } = await shop.call<AdminCategory[]>("/api/admin/categories");
    expect(status).toBe(200);
    expect(body.map((category) => category.id)).toEqual(["personalised", "basic", "sport", "garden"]);
    const publicList = await shop.json<{ id: string; name: string }[]>("/api/categories");
    expect(publicList.body.map((category) => category.id)).toEqual(["personalised", "basic", "sport", "garden"]);
  });

  test("saving an existing id updates it (200) instead of adding another", async () => {
    const before = countRows(shop.db, "categories");
    const response = await saveCategory({ id: "garden", name: "Garden & Outdoors", sort: -1 });
    expect(response).toMatchObject({ status: 200, body: { id: "garden", name: "Garden & Outdoors", sort: -1 } });
    expect(countRows(shop.db, "categories")).toBe(before);
    expect((await shop.call<AdminCategory[]>("/api/admin/categories")).body[0]).toEqual({
      id: "garden",
      name: "Garden & Outdoors",
      sort: -1,
    });
  });

  test("a blank or absent sort counts as 0, and numeric text is read as its number", async () => {
    expect((await saveCategory({ id: "blank-sort", name: "Blank sort", sort: "" })).body.sort).toBe(0);
    expect((await saveCategory({ id: "no-sort", name: "No sort" })).body.sort).toBe(0);
    expect((await saveCategory({ id: "text-sort", name: "Text sort", sort: "7" })).body.sort).toBe(7);
  });

  test("deleting answers { ok: true } and leaves its products uncategorised", async () => {
    addCategory(shop.db, { id: "doomed", name: "Doomed" });
    addProduct(shop.db, { id: "orphan-to-be", category_id: "doomed" });
    expect(await shop.call("/api/admin/categories/doomed", { method: "DELETE" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(shop.db.query("SELECT id FROM categories WHERE id = 'doomed'").get()).toBeNull();
    const product = await shop.call<AdminProduct>("/api/admin/products/orphan-to-be");
    expect(product).toMatchObject({ status: 200, body: { id: "orphan-to-be", category_id: null } });
  });

  test("deleting a category that does not exist answers 404 'Category not found.'", async () => {
    expect(await shop.call("/api/admin/categories/never-was", { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { error: "Category not found." },
    });
  });
});

describe("categories: each refused input, with nothing stored", () => {
  async function expectRefused(body: unknown, error: string) {
    const before = countRows(shop.db, "categories");
    const response = await saveCategory<{ error: string }>(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
    expect(countRows(shop.db, "categories")).toBe(before);
  }

  test("no id: 'Please provide an id and name before saving.'", async () => {
    await expectRefused({ name: "Lamps", sort: 0 }, "Please provide an id and name before saving.");
  });

  test("a blank name: 'Please provide an id and name before saving.'", async () => {
    await expectRefused({ id: "lamps", name: "  ", sort: 0 }, "Please provide an id and name before saving.");
  });

  test("a sort that is not a number: 'Sort must be a number.'", async () => {
    await expectRefused({ id: "lamps", name: "Lamps", sort: "first" }, "Sort must be a number.");
  });

  test("a fractional sort: 'Sort must be a whole number.'", async () => {
    await expectRefused({ id: "lamps", name: "Lamps", sort: 1.5 }, "Sort must be a whole number.");
  });

  test("an id with characters a link cannot carry", async () => {
    await expectRefused({ id: "lamps & lights", name: "Lamps" }, "Category id must be 1 to 64 letters, digits, hyphens or underscores.");
  });

  test("a body that is not an object", async () => {
    await expectRefused("lamps", "Send the category as a JSON object.");
  });

  test("a refused update leaves the stored category as it was", async () => {
    await saveCategory({ id: "steady", name: "Steady", sort: 4 });
    await saveCategory({ id: "steady", name: "Changed", sort: "soon" });
    expect(shop.db.query("SELECT name, sort FROM categories WHERE id = 'steady'").get()).toEqual({ name: "Steady", sort: 4 });
  });
});
