import { loadCatalogue, lowStockSimple, pick, productPath, simple } from "./catalogue";
import { gotoHydrated, reloadHydrated } from "./support/hydrated";
import { expectReachable } from "./support/tappable";
import { expect, test } from "./support/test";

test.describe("browsing the shop", () => {
  test("a shopper goes from the home page to a featured product", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { name: "What We Offer" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Explore Our Product Range" })).toBeVisible();
    const featured = page.locator(".featured-card a").first();
    const name = (await featured.getByRole("heading").textContent()) ?? "";
    await featured.click();
    await expect(page).toHaveURL(/\/products\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back to products" })).toBeVisible();
  });

  test("the projects carousel moves with its next button and dots", async ({ page }) => {
    await gotoHydrated(page, "/");
    const carousel = page.getByRole("region", { name: "Featured projects" });
    const activeTitle = () => carousel.locator(".carousel__slide.is-active h3").textContent();
    const first = await activeTitle();
    await carousel.getByRole("button", { name: "Next project" }).click();
    await expect.poll(activeTitle).not.toBe(first);
    await carousel.getByRole("button", { name: /Show project 1/ }).click();
    await expect.poll(activeTitle).toBe(first);
  });

  test("the category dropdown filters the catalogue and closes after the pointer leaves", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await expect(page.getByRole("heading", { level: 2, name: "Basic" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Personalised" })).toBeVisible();

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Products", exact: true }).hover();
    const menu = nav.locator("#category-menu");
    await expect(menu).toBeVisible();
    await page.mouse.move(5, 400);
    await expect(menu).toBeHidden();

    await nav.getByRole("link", { name: "Products", exact: true }).hover();
    await menu.getByRole("link", { name: "Personalised" }).click();
    await expect(page).toHaveURL(/\/products\?cat=personalised$/);
    await expect(page.getByRole("heading", { level: 1, name: "Personalised" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Basic" })).toHaveCount(0);
  });

  test("a product page is readable with JavaScript switched off, and says the basket needs it", async ({ browser, request }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "product with 1 to 3 in stock", lowStockSimple);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(productPath(product));
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(product.description.slice(0, 40))).toBeVisible();
    await expect(page.getByText(/£\d+\.\d{2}/).first()).toBeVisible();
    await expect(page.getByTestId("stock-text")).toHaveText(`Only ${product.stock} left`);
    // Without JavaScript there is no basket: the button says so by being disabled, and a line says why.
    await expect(page.getByRole("button", { name: "Add to basket" })).toBeDisabled();
    // Playwright's text matchers skip <noscript>, so its text is read directly.
    expect(await page.locator("main .purchase noscript").textContent()).toBe(
      "Your basket is kept in this browser and needs JavaScript switched on.",
    );
    await context.close();
  });

  test("the theme starts dark, toggles to light and stays light after a reload", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light mode" }).click();
    await expect(page.locator("html")).toHaveClass(/light/);
    await reloadHydrated(page);
    await expect(page.locator("html")).toHaveClass(/light/);
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
  });

  for (const theme of ["dark", "light"]) {
    test(`the header's icons sit on one line, the theme toggle's included (${theme})`, async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem("strata.theme", chosen), theme);
      await gotoHydrated(page, "/");
      const middles = await page.locator(".header-actions .icon-button svg").evaluateAll((icons) =>
        icons
          .filter((icon) => icon.getClientRects().length > 0)
          .map((icon) => {
            const box = icon.getBoundingClientRect();
            return Math.round(box.top + box.height / 2);
          }),
      );
      expect(middles.length).toBe(2);
      expect(new Set(middles).size).toBe(1);
    });
  }

  test("an unknown page shows the 404 page inside the shop's layout", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse products" })).toBeVisible();
  });

  test("@phone the menu drawer opens with the categories and closes with Escape", async ({ page, request }) => {
    const products = await loadCatalogue(request);
    expect(products.some(simple)).toBe(true);
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    // toBeVisible() passed while the drawer was cut down to the 64 px header: ask whether a finger could reach it.
    await expectReachable(drawer.getByRole("link", { name: "Personalised" }));
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
  });

  test("@phone no storefront page is wider than a phone screen, an order's long reference included", async ({ page, request }) => {
    const product = (await loadCatalogue(request))[0];
    if (!product) throw new Error("empty catalogue");
    const paths = [
      "/",
      "/products",
      productPath(product),
      "/basket",
      "/custom-request",
      "/order/ORD-WMWMWMWMWMWMWMWMWMWMWMWMWM",
      "/policies",
      "/contact",
    ];
    const tooWide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const { content, screen } = await page.evaluate(() => ({
        content: document.documentElement.scrollWidth,
        screen: window.screen.width,
      }));
      if (content > screen) tooWide.push(`${path}: ${content} px on a ${screen} px screen`);
    }
    expect(tooWide).toEqual([]);
  });

  test("@phone the custom request form with its captcha stays inside its card on a 360 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/custom-request");
    const form = page.locator("form.custom-request-form");
    await form.getByLabel("Name").fill("Ada Lovelace");
    await form.getByLabel("Email").fill("ada@example.co.uk");
    await form.getByLabel("What would you like printed?").fill("A bracket for my shelf, 12 cm long.");
    await expect(form.locator("altcha-widget .altcha-main")).toBeVisible({ timeout: 10_000 });
    const overflowing = await form.evaluate((element) => {
      const right = element.getBoundingClientRect().right;
      return [...element.children].filter((child) => child.getBoundingClientRect().right > right + 0.5).map((child) => child.className);
    });
    expect(overflowing).toEqual([]);
  });
});
