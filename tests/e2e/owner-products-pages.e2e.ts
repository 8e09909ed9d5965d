import { adminNav, signIn } from "./support/admin";
import { pictureInBothThemes } from "./support/looks";
import { addManyProducts, type OwnShop, startOwnShop } from "./support/own-shop";
import { tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// The owner's products a page at a time, in name order, and found by name or id
// (docs/decisions/0064-the-owner-s-products-paged.md). The shop is this story's own (tests/e2e/support/own-shop.ts):
// its 120 extra products would crowd the other stories' lists.

const EXTRA = 120;
let shop: OwnShop;

test.beforeAll(async () => {
  shop = await startOwnShop();
  addManyProducts(shop, EXTRA);
});

test.afterAll(async () => {
  await shop?.stop();
});

test("the owner pages through the products, finds one by name or id, and a product made on a later page stays open at the top", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: { width: 1280, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);
  await adminNav(page, "Products").click();

  const table = page.getByRole("region", { name: "Products", exact: true });
  const rows = table.getByRole("button", { name: /^Edit / });
  const pages = page.getByRole("navigation", { name: "Product pages" });
  const total = await context.request.get("/api/catalog").then(async (answer) => ((await answer.json()) as unknown[]).length);
  expect(total).toBeGreaterThan(100);

  await expect(rows).toHaveCount(50);
  await expect(pages.getByText("Page 1")).toBeVisible();
  await expect(pages.getByRole("button", { name: "Previous" })).toBeDisabled();
  const firstOfPage1 = await rows.first().getAttribute("aria-label");
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages.getByText("Page 2")).toBeVisible();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).not.toHaveAttribute("aria-label", firstOfPage1 ?? "");
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages.getByText("Page 3")).toBeVisible();
  await expect(pages.getByRole("button", { name: "Next" })).toBeDisabled();
  const onPage3 = await rows.count();
  expect(onPage3).toBeGreaterThan(0);
  expect(onPage3).toBeLessThanOrEqual(50);

  // A product made from page 3 stays in its editor at the top, its id locked, ready for variants and pictures.
  await page.getByRole("button", { name: "Add product" }).click();
  const form = page.getByRole("form", { name: "New product" });
  await form.getByLabel("Product id").fill("aaa-first-in-line");
  await form.getByLabel("Name", { exact: true }).fill("Aaa first in line");
  await form.getByLabel("Price (£)").fill("9.5");
  await form.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
  const editor = page.getByRole("form", { name: "Edit Aaa first in line" });
  await expect(editor.getByLabel("Product id")).toHaveValue("aaa-first-in-line");
  await expect(editor.getByLabel("Product id")).toHaveAttribute("readonly", "");
  await expect(pages.getByText("Page 3")).toBeVisible();
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(editor).toHaveCount(0);

  // Found by part of its id: one row, the pager gone.
  const search = page.getByRole("form", { name: "Search products" });
  await search.getByRole("searchbox").fill("many-77");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(table.getByText("many-77", { exact: true })).toBeVisible();
  await expect(pages).toHaveCount(0);
  await rows.first().click();
  await expect(page.getByRole("form", { name: /^Edit / }).getByLabel("Product id")).toHaveValue("many-77");
  await page
    .getByRole("form", { name: /^Edit / })
    .getByRole("button", { name: "Cancel" })
    .click();

  // By part of its name in another case, and nothing found said so.
  await search.getByRole("searchbox").fill("AAA FIRST");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(1);
  await expect(table.getByText("Aaa first in line")).toBeVisible();
  await search.getByRole("searchbox").fill("no such thing");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No products match this search.")).toBeVisible();

  // A blank search is every product again, from the first page: the new product first of all.
  await search.getByRole("searchbox").fill("");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAttribute("aria-label", "Edit Aaa first in line");
  await pictureInBothThemes(page, "owner-products-pages-desktop");

  // On a phone the search and the pager are inside the screen, and a tap turns the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await pictureInBothThemes(page, "owner-products-pages-phone-search");
  await tapReachable(search.getByRole("button", { name: "Search" }));
  await expect(rows).toHaveCount(50);
  await tapReachable(pages.getByRole("button", { name: "Next" }));
  await expect(pages.getByText("Page 2")).toBeVisible();
  await pictureInBothThemes(page, "owner-products-pages-phone");
  await context.close();
});
