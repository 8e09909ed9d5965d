import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import type { Product } from "../../src/modules/catalog/model";
import { expectNoSeriousViolations } from "./support/axe";
import { islandsHydrated } from "./support/hydrated";
import { addManyProducts, type OwnShop, startOwnShop } from "./support/own-shop";
import { picture } from "./support/pictures";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";
import { switchTheme, THEMES } from "./support/theme";

// The catalogue in pages (docs/decisions/0033-catalogue-pages.md) as a shopper sees it in a shop of
// 400 products and the demo's (nine pages; the 2,000-product bounds are the API tests'): paging and filtering with plain links, JavaScript off; the pager
// inside the screen on a 390 × 844 phone and a 1280 × 800 desktop, dark and light; and the cards'
// islands working on a later page. The shop is this story's own (tests/e2e/support/own-shop.ts):
// hundreds of products would move the other stories' products onto later pages.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PAGE_SIZE = 48;
const ADDED = 400;

let shop: OwnShop;
let catalogue: Product[];

// One shop for the file: its stories run one after another in one worker.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  shop = await startOwnShop();
  addManyProducts(shop, ADDED);
  // The shop sees another process's write within a moment (src/db/shown-version.ts): wait for it.
  await expect
    .poll(async () => ((await (await fetch(`${shop.origin}/api/catalog`)).json()) as Product[]).length, { timeout: 10_000 })
    .toBeGreaterThan(ADDED);
  catalogue = (await (await fetch(`${shop.origin}/api/catalog`)).json()) as Product[];
});

test.afterAll(async () => {
  await shop?.stop();
});

async function openContext(browser: Browser, options: BrowserContextOptions) {
  return browser.newContext({ baseURL: shop.origin, ...options });
}

const cards = (page: Page) => page.locator("main article.product-card");
const pager = (page: Page) => page.getByRole("navigation", { name: "Catalogue pages" });
const range = (page: Page) => page.locator(".catalogue-range");
const count = (number: number) => number.toLocaleString("en-GB");

test("with JavaScript off, a shopper pages through the catalogue and filters it by category with plain links", async ({ browser }) => {
  const total = catalogue.length;
  const pages = Math.ceil(total / PAGE_SIZE);
  const context = await openContext(browser, { javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();

  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(range(page)).toHaveText(`Showing 1–48 of ${count(total)} products`);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await expect(page.getByRole("heading", { level: 2, name: "Basic" })).toBeVisible();

  await pager(page).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(range(page)).toHaveText(`Showing 49–96 of ${count(total)} products`);
  await expect(pager(page).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await pager(page)
    .getByRole("link", { name: `Page ${pages}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=${pages}$`));
  await expect(range(page)).toHaveText(`Showing ${count((pages - 1) * PAGE_SIZE + 1)}–${count(total)} of ${count(total)} products`);
  await expect(pager(page).getByRole("link", { name: "Next" })).toHaveCount(0);
  await pager(page).getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=${pages - 1}$`));

  // Filter: the category links on the page (the header's menu needs JavaScript), then page within it.
  const personalised = catalogue.filter((product) => product.categoryId === "personalised");
  await page
    .getByRole("navigation", { name: "Categories" })
    .getByRole("link", { name: /^Personalised/ })
    .click();
  await expect(page).toHaveURL(/\/products\?cat=personalised$/);
  await expect(page.getByRole("heading", { level: 1, name: "Personalised" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^Personalised/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const seen: string[] = [];
  for (let number = 1; ; number++) {
    await expect(range(page)).toHaveText(
      `Showing ${count((number - 1) * PAGE_SIZE + 1)}–${count(Math.min(number * PAGE_SIZE, personalised.length))} of ${count(personalised.length)} products`,
    );
    seen.push(...(await cards(page).locator("h3").allTextContents()));
    const next = pager(page).getByRole("link", { name: "Next" });
    if ((await next.count()) === 0) break;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`/products\\?cat=personalised&page=${number + 1}$`));
  }
  // Every personalised product once, and nothing else.
  expect(seen.length).toBe(personalised.length);
  expect(new Set(seen)).toEqual(new Set(personalised.map((product) => product.name)));

  // Back to everything.
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "All products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(range(page)).toHaveText(`Showing 1–48 of ${count(total)} products`);
  await context.close();
});

test("with JavaScript off, a page number past the last says so and leads to the last page", async ({ browser }) => {
  const pages = Math.ceil(catalogue.length / PAGE_SIZE);
  const context = await openContext(browser, { javaScriptEnabled: false, viewport: PHONE });
  const page = await context.newPage();
  const response = await page.goto(`/products?page=${pages + 1}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 2, name: "We couldn't find that page" })).toBeVisible();
  await expect(page.getByText(`These products run to ${pages} pages.`)).toBeVisible();
  await page.getByRole("link", { name: "Go to the last page" }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?page=${pages}$`));
  await expect(cards(page).first()).toBeVisible();
  await context.close();
});

/** The pager's parts and where they are on the screen, once it has been scrolled to as a person would. */
async function pagerLayout(page: Page) {
  const nav = pager(page);
  await nav.scrollIntoViewIfNeeded();
  const boxOf = (target: Locator) =>
    target.evaluate((element) => {
      const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    });
  return {
    nav: await boxOf(nav),
    previous: await boxOf(nav.getByRole("link", { name: "Previous" })),
    next: await boxOf(nav.getByRole("link", { name: "Next" })),
    numbers: await nav.locator("a.pager__page").evaluateAll((links) =>
      links.map((link) => {
        const { top, bottom, left, right, width, height } = link.getBoundingClientRect();
        return { top, bottom, left, right, width, height };
      }),
    ),
    overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  };
}

// Each pager loaded once in the default (dark) theme, then switched to light on the same page with the header's
// toggle (docs/decisions/0052-each-screen-loaded-once-for-both-themes.md): the same checks in each.
test("on a 390 × 844 phone the pager fits the screen: Previous and Next on one row, the numbers below, every link finger-sized (dark and light)", async ({
  browser,
}) => {
  const context = await openContext(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/products?page=5");
  await islandsHydrated(page);
  for (const theme of THEMES) {
    if (theme !== "dark") {
      await switchTheme(page, theme);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    // The category links wrap inside the screen above the cards.
    for (const link of await page.getByRole("navigation", { name: "Categories" }).getByRole("link").all()) {
      const box = await link.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
    }
    await picture(page, `catalogue-top-phone-${theme}`);
    const layout = await pagerLayout(page);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    expect(layout.nav.left).toBeGreaterThanOrEqual(0);
    expect(layout.nav.right).toBeLessThanOrEqual(PHONE.width);
    expect(Math.round(layout.previous.top)).toBe(Math.round(layout.next.top));
    expect(layout.previous.left).toBeLessThan(layout.next.left);
    expect(layout.numbers.map((box) => Math.round(box.top))).toEqual(layout.numbers.map(() => Math.round(layout.numbers[0]!.top)));
    expect(layout.numbers[0]!.top).toBeGreaterThanOrEqual(layout.previous.bottom);
    for (const box of [layout.previous, layout.next, ...layout.numbers]) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(PHONE.width);
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await expectReachable(pager(page).getByRole("link", { name: "Page 6" }));
    await picture(page, `pager-phone-${theme}`);
  }
  await tapReachable(pager(page).getByRole("link", { name: "Next" }));
  await expect(page).toHaveURL(/\/products\?page=6$/);
  await context.close();
});

test("on a 1280 × 800 desktop the pager is one row under the cards: Previous left, the numbers centred, Next right (dark and light)", async ({
  browser,
}) => {
  const context = await openContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/products?page=5");
  await islandsHydrated(page);
  for (const theme of THEMES) {
    if (theme !== "dark") await switchTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    const layout = await pagerLayout(page);
    expect(layout.overflow).toBeLessThanOrEqual(0);
    // The category links, the "Showing" line and the pager read and contrast as the rest of the shop.
    await expectNoSeriousViolations(page, `/products?page=5 (${theme})`, { onlyRules: theme === "light" ? ["color-contrast"] : [] });
    const lastCard = await cards(page)
      .last()
      .evaluate((element) => element.getBoundingClientRect().bottom);
    expect(layout.nav.top).toBeGreaterThan(lastCard);
    const rowMiddle = (box: { top: number; height: number }) => Math.round(box.top + box.height / 2);
    for (const box of [layout.next, ...layout.numbers]) expect(rowMiddle(box)).toBe(rowMiddle(layout.previous));
    expect(layout.previous.right).toBeLessThan(layout.numbers[0]!.left);
    expect(layout.numbers.at(-1)!.right).toBeLessThan(layout.next.left);
    const numbersMiddle = (layout.numbers[0]!.left + layout.numbers.at(-1)!.right) / 2;
    expect(Math.abs(numbersMiddle - (layout.nav.left + layout.nav.right) / 2)).toBeLessThan(30);
    await picture(page, `pager-desktop-${theme}`);
  }
  await context.close();
});

test("the cards' islands work on a later page: Add to basket there puts the product in the basket", async ({ browser }) => {
  const context = await openContext(browser, { viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto("/products?page=3");
  await islandsHydrated(page);
  const buyable = cards(page)
    .filter({ has: page.getByRole("button", { name: "Add to basket" }) })
    .first();
  const name = (await buyable.locator("h3").textContent()) ?? "";
  await buyable.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await page.goto("/basket");
  await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
  await context.close();
});
