import type { APIRequestContext } from "@playwright/test";
import { adminNav, signIn } from "./support/admin";
import { expect, test } from "./support/test";

const STOCK_MOVED = "Stock changed since you opened this product: reload to see the current figure";

/** A shopper elsewhere starts paying for `count` units: the checkout holds them off the shelf. */
async function shopperHolds(request: APIRequestContext, productId: string, count: number): Promise<void> {
  const items = Array.from({ length: count }, () => ({ id: productId, productName: productId }));
  const answer = await request.post("/api/checkout", { data: { items } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe("stock edits never undo sales", () => {
  test("the owner's typo fix keeps a shopper's held units off the shelf, and a stale stock change is refused with the reason", async ({
    page,
    request,
  }) => {
    // "Zz…" sorts after the demo products, so other stories picking products by kind never meet it.
    const id = `zz-stock-${Date.now().toString(36)}`;
    const name = `Zz lamp shade ${id.slice(-5)}`;
    await signIn(page);
    const created = await page.request.post("/api/admin/products", {
      data: { id, name: `${name} (tpyo)`, price_cents: 1800, stock: 3, requires_gpx: false, requires_image: false, category_id: null },
    });
    expect(created.status()).toBe(201);
    await adminNav(page, "Products").click();

    // The owner opens the editor while the shelf holds 3.
    await page.getByRole("button", { name: `Edit ${name} (tpyo)` }).click();
    const editor = page.getByRole("form", { name: `Edit ${name}` });
    await expect(editor.getByLabel("Stock")).toHaveValue("3");

    // Meanwhile a shopper holds 2 of them; the owner only fixes the name.
    await shopperHolds(request, id, 2);
    await editor.getByLabel("Name", { exact: true }).fill(name);
    await editor.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
    // The held units stay off the shelf: the editor and the table show the 1 left, not the 3 it opened with.
    await expect(editor.getByLabel("Stock")).toHaveValue("1");
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Delete ${name}` }) });
    await expect(row.getByTestId("stock-value")).toHaveText("1");

    // Another shopper takes the last one; the owner, still looking at 1, types a new figure.
    await shopperHolds(request, id, 1);
    await editor.getByLabel("Stock").fill("10");
    await editor.getByRole("button", { name: "Save product" }).click();
    await expect(editor.getByRole("alert")).toHaveText(STOCK_MOVED);
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toHaveCount(0);
    const stored = (await (await page.request.get(`/api/admin/products/${id}`)).json()) as { stock: number };
    expect(stored.stock).toBe(0);

    // Reloading shows the current figure, and a change from it goes through. The refused 10 is still typed,
    // so Refresh asks before dropping it.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Refresh" }).click();
    expect(asked).toEqual(["You have changes that are not saved. Leave without saving them?"]);
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const reopened = page.getByRole("form", { name: `Edit ${name}` });
    await expect(reopened.getByLabel("Stock")).toHaveValue("0");
    await reopened.getByLabel("Stock").fill("10");
    await reopened.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
    await expect(row.getByTestId("stock-value")).toHaveText("10");
  });
});
