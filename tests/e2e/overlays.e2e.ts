import type { Locator, Page } from "@playwright/test";
import { loadCatalogue, pick, productPath, simple } from "./catalogue";
import { watchAddedChip } from "./support/added-chip";
import { jpegPhoto } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";
import { chooseTheme, type StoryTheme, switchTheme, THEMES } from "./support/theme";

/**
 * Everything the storefront opens over the page — the phone menu, the category
 * dropdown, the 'Added to basket' chip, the gallery's thumbnails and the
 * upload preview — must be somewhere a person can see and touch, in both
 * themes. toBeVisible() cannot tell: it passed while the phone menu was cut
 * down to the 64 px header and not one of its links could be tapped.
 */

/** Where an element sits on the page itself, whatever the page is scrolled to. */
const placeOnPage = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { left: box.left + window.scrollX, top: box.top + window.scrollY, width: box.width, height: box.height };
  });

/** The home page in the given theme, and the main navigation's category chevron and the dropdown it opens. */
async function homeCategoryMenu(page: Page, theme: StoryTheme): Promise<{ chevron: Locator; menu: Locator }> {
  await chooseTheme(page, theme);
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  return { chevron: nav.getByRole("button", { name: "Product categories" }), menu: nav.locator("#category-menu") };
}

const drawer = (page: Page) => page.getByRole("dialog", { name: "Menu" });

/**
 * Each flow is walked in both themes on one loaded page: first in the default (dark), then again after the header's
 * toggle switched it to light (docs/decisions/0052-each-screen-loaded-once-for-both-themes.md). A flow that ends by
 * leaving the page (a link followed) follows it once, in the second theme; in the first, the same link is checked
 * reachable.
 */
async function inEachTheme(page: Page, walk: (theme: StoryTheme) => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    if (theme !== "dark") await switchTheme(page, theme);
    await expect(page.locator("html")).toHaveClass(theme);
    await walk(theme);
  }
}

test.describe("on a 390 × 844 phone, dark then light theme", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@phone the menu opens, every link in it can be tapped, and Custom Request takes the shopper there (dark and light)", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await inEachTheme(page, async (theme) => {
      await tapReachable(page.getByRole("button", { name: "Open menu" }));
      await expect(drawer(page)).toBeVisible();

      const links = drawer(page).getByRole("link");
      const names = await links.allTextContents();
      expect(names).toEqual(
        expect.arrayContaining(["Home", "Products", "Personalised", "Custom Request", "Basket", "Contact", "Policies"]),
      );
      for (const name of names) await expectReachable(drawer(page).getByRole("link", { name, exact: true }));
      if (theme === "dark") {
        await page.keyboard.press("Escape");
        await expect(drawer(page)).toBeHidden();
      }
    });

    await tapReachable(drawer(page).getByRole("link", { name: "Custom Request", exact: true }));
    await expect(page).toHaveURL(/\/custom-request$/);
    await expect(page.getByRole("heading", { level: 1, name: "Custom print request" })).toBeVisible();
  });

  test("@phone the menu closes with its close button and with a tap beside it (dark and light)", async ({ page }) => {
    await gotoHydrated(page, "/products");
    await inEachTheme(page, async () => {
      await tapReachable(page.getByRole("button", { name: "Open menu" }));
      await tapReachable(drawer(page).getByRole("button", { name: "Close menu" }));
      await expect(drawer(page)).toBeHidden();

      await tapReachable(page.getByRole("button", { name: "Open menu" }));
      await expect(drawer(page)).toBeVisible();
      // The dimmed page left of the panel, well below the header: a tap there closes the menu.
      const beside = { x: 12, y: 600 };
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute("aria-label"), beside)).toBe("Close menu");
      await page.touchscreen.tap(beside.x, beside.y);
      await expect(drawer(page)).toBeHidden();
    });
  });

  test("@phone the open menu takes focus to its close button, keeps Tab inside and gives focus back when it closes (dark and light)", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await inEachTheme(page, async () => {
      const openMenu = page.getByRole("button", { name: "Open menu" });
      await tapReachable(openMenu);
      const close = drawer(page).getByRole("button", { name: "Close menu" });
      await expect(close).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(drawer(page).getByRole("link", { name: "Policies" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(close).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(drawer(page)).toBeHidden();
      await expect(openMenu).toBeFocused();
    });
  });

  test("@phone the menu's basket link counts what is in the basket and opens it (dark and light)", async ({ page, request }) => {
    const product = pick(await loadCatalogue(request), "simple product in stock", (p) => simple(p) && (p.stock === null || p.stock > 0));
    await gotoHydrated(page, productPath(product));
    await tapReachable(page.getByRole("button", { name: "Add to basket" }));
    await inEachTheme(page, async (theme) => {
      // The panel that stays, not the chip over it: the chip is shown for 2 seconds only, which a busy machine's
      // round trip can outlast (the chip itself is phone-shopping.e2e.ts's story).
      await expectReachable(page.getByRole("region", { name: "In your basket" }));
      await tapReachable(page.getByRole("button", { name: "Open menu" }));
      const basket = drawer(page).getByRole("link", { name: "Basket (1)" });
      if (theme === "dark") {
        await expectReachable(basket);
        await page.keyboard.press("Escape");
        await expect(drawer(page)).toBeHidden();
      } else await tapReachable(basket);
    });
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByRole("listitem").filter({ hasText: product.name })).toBeVisible();
  });

  test("@phone the product gallery's thumbnails can be tapped and switch the picture (dark and light)", async ({ page, request }) => {
    const product = pick(await loadCatalogue(request), "product with more than one picture", (p) => p.images.length > 1);
    await gotoHydrated(page, productPath(product));
    const thumbnail = (number: number) => page.getByRole("button", { name: `Show picture ${number} of ${product.images.length}` });
    await inEachTheme(page, async (theme) => {
      // In the second theme the gallery shows picture 2 already: back to the first, then 2 again.
      if (theme !== "dark") {
        await tapReachable(thumbnail(1));
        await expect(thumbnail(1)).toHaveAttribute("aria-current", "true");
      }
      await tapReachable(thumbnail(2));
      await expect(thumbnail(2)).toHaveAttribute("aria-current", "true");
      await expectReachable(page.getByRole("img", { name: `${product.name}, picture 2 of ${product.images.length}` }));
    });
  });
});

test.describe("on a touch-screen tablet, dark then light theme", () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test("a tap on the categories chevron opens the dropdown, a second closes it, and a category can be tapped (dark and light)", async ({
    page,
  }) => {
    const { chevron, menu } = await homeCategoryMenu(page, "dark");
    await inEachTheme(page, async (theme) => {
      await tapReachable(chevron);
      await expect(chevron).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      await tapReachable(chevron);
      await expect(menu).toBeHidden();

      await tapReachable(chevron);
      for (const name of await menu.getByRole("link").allTextContents())
        await expectReachable(menu.getByRole("link", { name, exact: true }));
      if (theme === "dark") {
        await tapReachable(chevron);
        await expect(menu).toBeHidden();
      }
    });
    await tapReachable(menu.getByRole("link", { name: "Personalised" }));
    await expect(page).toHaveURL(/\/products\?cat=personalised$/);
    await expect(page.getByRole("heading", { level: 1, name: "Personalised" })).toBeVisible();
  });
});

for (const theme of THEMES) {
  test.describe(`on a 390 × 844 phone, ${theme} theme`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    // One story a theme: the photo added in the first would stop the same photo being added in the second.
    test(`@phone the lithophane preview of an uploaded photo shows in full (${theme})`, async ({ page, request }) => {
      const product = pick(await loadCatalogue(request), "product that needs a photo", (p) => p.requiresImage);
      await chooseTheme(page, theme);
      await gotoHydrated(page, productPath(product));
      await page.getByLabel(/^Your photo/).setInputFiles(await jpegPhoto());
      const preview = page.getByRole("img", { name: "Your photo as a lit lithophane" });
      await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
      await expectReachable(preview);
      const chipShown = await watchAddedChip(page);
      await tapReachable(page.getByRole("button", { name: "Add to basket" }));
      await chipShown();
    });
  });

  test.describe(`on a desktop, ${theme} theme`, () => {
    test(`the category dropdown a mouse opened stays open when its chevron is clicked, and its links take the shopper to the category (${theme})`, async ({
      page,
    }) => {
      const { chevron, menu } = await homeCategoryMenu(page, theme);
      // Reaching for the chevron, the mouse passes over it and opens the menu; the click must not shut it again.
      await chevron.hover();
      await expect(menu).toBeVisible();
      await tapReachable(chevron);
      await expect(chevron).toHaveAttribute("aria-expanded", "true");
      await expect(menu).toBeVisible();
      for (const name of await menu.getByRole("link").allTextContents())
        await expectReachable(menu.getByRole("link", { name, exact: true }));

      await tapReachable(menu.getByRole("link", { name: "Personalised" }));
      await expect(page).toHaveURL(/\/products\?cat=personalised$/);
      await expect(page.getByRole("heading", { level: 1, name: "Personalised" })).toBeVisible();
    });

    test(`the 'Added to basket' chip on a catalogue card shows without moving the button from under the pointer (${theme})`, async ({
      page,
      request,
    }) => {
      const product = pick(await loadCatalogue(request), "simple product in stock", (p) => simple(p) && (p.stock === null || p.stock > 0));
      await chooseTheme(page, theme);
      await gotoHydrated(page, "/products");
      const card = page.locator(".product-card").filter({ has: page.getByRole("heading", { name: product.name }) });
      const button = card.getByRole("button", { name: "Add to basket" });
      await expectReachable(button);
      const before = await placeOnPage(button);
      const chipShown = await watchAddedChip(page);
      await tapReachable(button);
      await chipShown();
      // The chip floats over the card: the button must not jump from under the pointer (a second click would land elsewhere).
      expect(await placeOnPage(button)).toEqual(before);
      await tapReachable(page.getByRole("link", { name: "Basket, 1 item" }));
      await expect(page).toHaveURL(/\/basket$/);
    });
  });
}
