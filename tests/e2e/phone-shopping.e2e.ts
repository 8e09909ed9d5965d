import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { Product } from "../../src/modules/catalog/model";
import { loadCatalogue, needsUpload, pick, productPath, unlimitedSimple } from "./catalogue";
import { watchAddedChip } from "./support/added-chip";
import { openOrderAsOwner } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { type Payer, paidOrderThroughCalls } from "./support/checkout";
import { violationsOn, watchViolations } from "./support/csp";
import { jpegPhoto } from "./support/files";
import { gotoHydrated, islandsHydrated } from "./support/hydrated";
import { expectLoaded } from "./support/images";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";
import { chooseTheme, switchTheme, THEMES } from "./support/theme";

// Phone shopping, the added-to-basket panel and finding an order
// (docs/decisions/0022-phone-shopping-and-finding-an-order.md) as a shopper on a 390 × 844 phone and on
// a 1280 × 800 desktop sees them: where things are on the screen (boxes inside the viewport, in the
// order read), and taps that land.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Box = { top: number; bottom: number; left: number; right: number; height: number };

/** Where an element is on the screen as it is now (nothing scrolled for it). */
const boxOf = (target: Locator): Promise<Box> =>
  target.evaluate((element) => {
    const { top, bottom, left, right, height } = element.getBoundingClientRect();
    return { top, bottom, left, right, height };
  });

/** The element is wholly on the first screen: the page not scrolled, its box inside the viewport. */
async function expectOnFirstScreen(page: Page, target: Locator, what: string): Promise<Box> {
  await expect(target).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), "the page is not scrolled").toBe(0);
  const box = await boxOf(target);
  const viewport = page.viewportSize() ?? PHONE;
  expect({
    what,
    inside: box.top >= 0 && box.left >= 0 && box.bottom <= viewport.height && box.right <= viewport.width,
    box,
  }).toMatchObject({
    what,
    inside: true,
  });
  return box;
}

const withOptions = (p: Product) => !needsUpload(p) && p.variants.length > 1 && p.variants.some((v) => v.id.endsWith("-base"));
const main = (page: Page) => page.getByRole("main");
const card = (page: Page, product: Product) =>
  page.locator(".product-card").filter({ has: page.getByRole("heading", { name: product.name }) });
const addedPanel = (page: Page) => page.getByRole("region", { name: "In your basket" });

const SHOPPER: Payer = { email: "ada@example.co.uk", name: "Ada Lovelace", line1: "12 Fell View", city: "Kendal", postcode: "LA9 4AB" };

/**
 * A paid order for one of `product`, through the same calls the basket and the demo payment page make: these stories
 * are about finding the order, and buying through the pages is checkout.e2e.ts's story.
 */
const paidOrder = (request: APIRequestContext, product: Product): Promise<string> => paidOrderThroughCalls(request, product.id, 1, SHOPPER);

test.describe("the phone layout", () => {
  test.use({ viewport: PHONE });

  test("@phone a simple product's name, price, stock text and Add to basket are all on the first screen", async ({ page, request }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    await gotoHydrated(page, productPath(product));
    const title = await expectOnFirstScreen(page, page.getByRole("heading", { level: 1, name: product.name }), "name");
    const price = await expectOnFirstScreen(page, main(page).locator(".purchase__price"), "price");
    const stock = await expectOnFirstScreen(page, page.getByTestId("stock-text"), "stock text");
    const button = await expectOnFirstScreen(page, page.getByRole("button", { name: "Add to basket" }), "Add to basket");
    const description = await boxOf(main(page).locator(".product-page__description"));
    // Read top to bottom: name, price, stock, then (below the picture) the button, then the description.
    expect(title.bottom).toBeLessThanOrEqual(price.top);
    expect(price.bottom).toBeLessThanOrEqual(stock.top);
    expect(button.bottom).toBeLessThanOrEqual(description.top);
  });

  test("@phone a product with options shows name, price, stock, the options and the button before its description, on the first screen (dark and light)", async ({
    page,
    request,
  }) => {
    const product = pick(await loadCatalogue(request), "product with several variants, one -base, no upload", withOptions);
    await gotoHydrated(page, productPath(product));
    // Loaded once in the default (dark) theme, then switched to light on the same page with the header's toggle.
    for (const theme of THEMES) {
      if (theme !== "dark") {
        await switchTheme(page, theme);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await expect(page.locator("html")).toHaveClass(theme);
      await expectOnFirstScreen(page, page.getByRole("heading", { level: 1, name: product.name }), `name (${theme})`);
      const price = await expectOnFirstScreen(page, main(page).locator(".purchase__price"), `price (${theme})`);
      await expectOnFirstScreen(page, page.getByTestId("stock-text"), `stock text (${theme})`);
      const options = await expectOnFirstScreen(page, page.getByRole("group", { name: "Choose an option" }), `options (${theme})`);
      const button = await expectOnFirstScreen(page, page.getByRole("button", { name: "Add to basket" }), `Add to basket (${theme})`);
      const picture = await boxOf(main(page).locator(".gallery__main"));
      const description = await boxOf(main(page).locator(".product-page__description"));
      expect(price.bottom).toBeLessThanOrEqual(picture.top);
      expect(picture.bottom).toBeLessThanOrEqual(options.top);
      expect(options.bottom).toBeLessThanOrEqual(button.top);
      expect(button.bottom).toBeLessThanOrEqual(description.top);
      // The description is written once (moved by CSS, not copied).
      await expect(page.getByText(product.description, { exact: true })).toHaveCount(1);
      // The picture's thumbnails can still be tapped.
      if (product.images.length > 1) await tapReachable(page.getByRole("button", { name: `Show picture 2 of ${product.images.length}` }));
    }
  });

  test("@phone the catalogue shows two cards a row, each inside the screen", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const cards = page.locator(".product-card");
    const boxes = await cards.evaluateAll((elements) =>
      elements.map((element) => {
        const { left, right, top } = element.getBoundingClientRect();
        return { left: Math.round(left), right: Math.round(right), top: Math.round(top + window.scrollY) };
      }),
    );
    expect(boxes.length).toBeGreaterThan(2);
    const columns = new Set(boxes.map((box) => box.left));
    expect(columns.size).toBe(2);
    for (const box of boxes) expect(box.left >= 0 && box.right <= PHONE.width).toBe(true);
    // Two side by side: the first two cards share a row.
    expect(boxes[0]?.top).toBe(boxes[1]?.top);
  });

  test("@phone a card of a product with options says 'Choose options', keeps its stock text, and a tap opens the product", async ({
    page,
    request,
  }) => {
    const product = pick(await loadCatalogue(request), "product with several variants, one -base, no upload", withOptions);
    await gotoHydrated(page, "/products");
    const chosen = card(page, product);
    await expect(chosen.getByTestId("stock-text")).toHaveText(/^(In stock|Made to order|Only \d left|Out of stock)$/);
    await expect(chosen.getByRole("button", { name: "Add to basket" })).toHaveCount(0);
    await tapReachable(chosen.getByRole("link", { name: "Choose options" }));
    await expect(page).toHaveURL(new RegExp(`${productPath(product)}$`));
    // Nothing went into the basket on the way.
    await expect(page.getByTestId("basket-count")).toHaveCount(0);
  });
});

test.describe("the catalogue on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("no catalogue group ends in one lone card, and every card shows its stock text", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const groups = await page.locator(".product-grid").evaluateAll((grids) =>
      grids.map((grid) => {
        const tops = [...grid.querySelectorAll(".product-card")].map((element) => Math.round(element.getBoundingClientRect().top));
        const last = Math.max(...tops);
        return { cards: tops.length, lastRow: tops.filter((top) => top === last).length, columns: new Set(tops).size };
      }),
    );
    expect(groups.length).toBeGreaterThan(1);
    for (const group of groups) {
      if (group.cards > 1) expect({ ...group, lone: group.lastRow === 1 }).toMatchObject({ lone: false });
    }
    const cards = page.locator(".product-card");
    await expect(page.locator(".product-card [data-testid='stock-text']")).toHaveCount(await cards.count());
  });

  test("cards of products with options or a file link to the product with 'Choose options' instead of adding", async ({
    page,
    request,
  }) => {
    const products = await loadCatalogue(request);
    const choosy = products.filter((p) => needsUpload(p) || p.variants.length > 1);
    expect(choosy.length).toBeGreaterThan(1);
    await gotoHydrated(page, "/products");
    for (const product of choosy) {
      const link = card(page, product).getByRole("link", { name: "Choose options" });
      await expect(link).toHaveAttribute("href", productPath(product));
      await expect(card(page, product).getByRole("button", { name: "Add to basket" })).toHaveCount(0);
    }
    const gpx = pick(products, "product that needs a GPX file", (p) => p.requiresGpx);
    await tapReachable(card(page, gpx).getByRole("link", { name: "Choose options" }));
    await expect(page.getByRole("heading", { level: 1, name: gpx.name })).toBeVisible();
  });
});

/** Adds an unlimited product, then opens the basket. */
async function basketWithOne(page: Page, product: Product): Promise<void> {
  await gotoHydrated(page, productPath(product));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await gotoHydrated(page, "/basket");
}

test.describe("Clear asks first", () => {
  test.use({ viewport: PHONE });

  test("@phone Clear asks in the page; 'Keep my basket' keeps it, 'Empty basket' empties it (dark and light)", async ({
    page,
    request,
  }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await basketWithOne(page, product);
    const line = page.getByRole("link", { name: product.name, exact: true });
    const question = page.getByRole("group", { name: "Remove everything from your basket?" });

    // The question asked and kept in the default (dark) theme, then again after switching to light on the same page.
    for (const theme of THEMES) {
      if (theme !== "dark") await switchTheme(page, theme);
      await expect(page.locator("html")).toHaveClass(theme);
      await tapReachable(page.getByRole("button", { name: "Clear" }));
      await expectReachable(question);
      const keep = question.getByRole("button", { name: "Keep my basket" });
      await expect(keep).toBeFocused();
      await expect(line).toBeVisible();
      await expectReachable(question.getByRole("button", { name: "Empty basket" }));
      await expectNoSeriousViolations(page, `basket's Clear question (${theme})`, {
        onlyRules: theme === "light" ? ["color-contrast"] : [],
      });
      await tapReachable(keep);
      await expect(question).toHaveCount(0);
      await expect(line).toBeVisible();
      await expect(page.getByTestId("basket-count")).toHaveText("1");
    }

    await tapReachable(page.getByRole("button", { name: "Clear" }));
    await tapReachable(page.getByRole("button", { name: "Empty basket" }));
    await expect(page.getByRole("heading", { name: "Your basket is empty" })).toBeVisible();
    await expect(page.getByTestId("basket-count")).toHaveCount(0);
    expect(dialogs, "no browser dialog was used").toBe(0);
  });
});

test.describe("Clear on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("Escape answers the question with 'keep', and focus goes back to Clear", async ({ page, request }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    await basketWithOne(page, product);
    await tapReachable(page.getByRole("button", { name: "Clear" }));
    await expect(page.getByRole("button", { name: "Keep my basket" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Clear" })).toBeFocused();
    await expect(page.getByRole("link", { name: product.name, exact: true })).toBeVisible();
  });
});

for (const theme of THEMES) {
  test.describe(`the added-to-basket panel on a phone (${theme})`, () => {
    test.use({ viewport: PHONE });

    test(`@phone after adding, the chip shows for its 2 seconds and the panel with the line and View basket stays on screen (${theme})`, async ({
      page,
      request,
    }) => {
      const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
      await chooseTheme(page, theme);
      await gotoHydrated(page, productPath(product));
      const chipShown = await watchAddedChip(page);
      await tapReachable(page.getByRole("button", { name: "Add to basket" }));
      await chipShown();
      const chip = page.getByRole("status").filter({ hasText: "Added to basket" });
      const panel = addedPanel(page);
      await expectReachable(panel);
      await expect(panel.getByText(product.name, { exact: true })).toBeVisible();
      await expectReachable(panel.getByRole("button", { name: "Checkout" }));
      await expectNoSeriousViolations(page, `added-to-basket panel (${theme})`, { onlyRules: theme === "light" ? ["color-contrast"] : [] });
      // The chip goes after 2 seconds; the panel stays for the shopper to choose (docs/product.md#product-page).
      await expect(chip).toHaveCount(0, { timeout: 4_000 });
      await expectReachable(panel);
      await tapReachable(panel.getByRole("link", { name: "View basket" }));
      await expect(page).toHaveURL(/\/basket$/);
      await expect(page.getByRole("link", { name: product.name, exact: true })).toBeVisible();
    });
  });
}

test.describe("the added-to-basket panel on a phone, with a photo", () => {
  test.use({ viewport: PHONE });

  test("@phone after adding a photo lithophane the preview stays, the panel shows the photo, and the same photo cannot be added twice", async ({
    page,
    request,
  }) => {
    const product = pick(await loadCatalogue(request), "product that needs a photo", (p) => p.requiresImage);
    await gotoHydrated(page, productPath(product));
    await page.getByLabel(/^Your photo/).setInputFiles(await jpegPhoto("gran-at-the-beach.jpg"));
    const preview = page.getByRole("img", { name: "Your photo as a lit lithophane" });
    await expectLoaded(preview);
    const add = page.getByRole("button", { name: "Add to basket" });
    await tapReachable(add);
    const panel = addedPanel(page);
    await expectReachable(panel);
    await expect(panel.getByText("Photo: gran-at-the-beach.jpg")).toBeVisible();
    await expect
      .poll(() => panel.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    // The preview is still there: the shopper sees what they ordered.
    await expectLoaded(preview);
    await expect(add).toBeDisabled();
    await expect(page.getByText("This photo is in your basket.", { exact: false })).toBeVisible();
    await tapReachable(panel.getByRole("button", { name: "Keep shopping" }));
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId("basket-count")).toHaveText("1");
  });
});

test.describe("the added-to-basket panel on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test("the panel's Checkout starts the basket's own checkout and reaches the payment page", async ({ page, request }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    await gotoHydrated(page, productPath(product));
    await tapReachable(page.getByRole("button", { name: "Add to basket" }));
    const panel = addedPanel(page);
    await expectReachable(panel);
    const checkoutCall = page.waitForRequest((r) => r.url().endsWith("/api/checkout") && r.method() === "POST");
    await tapReachable(panel.getByRole("button", { name: "Checkout" }));
    const sent = await checkoutCall;
    // The basket's checkout: an Idempotency-Key and Basket-Id, and the line without its price.
    expect(sent.headers()["idempotency-key"]).toBeTruthy();
    expect(sent.headers()["basket-id"]).toBeTruthy();
    expect(sent.postDataJSON()).toEqual({ items: [{ id: product.id, productName: product.name }] });
    await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  });
});

/** The order page's heading reference: on one line, inside the screen. */
async function expectReferenceOnOneLine(page: Page, orderId: string): Promise<void> {
  const reference = page.getByRole("heading", { level: 1 }).locator(".order-reference");
  await expect(reference).toHaveText(orderId);
  const lines = await reference.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    return tops.size;
  });
  expect(lines, "the order reference is one line").toBe(1);
  const box = await boxOf(reference);
  expect(box.left >= 0 && box.right <= (page.viewportSize()?.width ?? 0)).toBe(true);
}

test.describe("finding an order on a phone", () => {
  test.use({ viewport: PHONE });

  test("@phone 'Track your order' in the footer leads to the two fields, and reference and postcode show the order (postcode never in the URL)", async ({
    page,
    request,
  }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    const orderId = await paidOrder(request, product);

    await gotoHydrated(page, "/");
    await tapReachable(page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }));
    await expect(page).toHaveURL(/\/order$/);
    await expectNoSeriousViolations(page, "Track your order");
    const reference = page.getByLabel("Order reference");
    const postcode = page.getByLabel("Delivery postcode");
    await expectReachable(reference);
    await reference.fill(orderId.toLowerCase());
    await postcode.fill("la9 4ab");
    await tapReachable(page.getByRole("button", { name: "Find my order" }));

    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    expect(page.url().toLowerCase()).not.toContain("la9");
    await expect(page.getByText(`1 × ${product.name}`)).toBeVisible();
    await expectReferenceOnOneLine(page, orderId);
  });

  test("@phone a blank reference is asked for on the same page, the postcode kept, with no console error or CSP violation", async ({
    page,
  }) => {
    const cspReports = await watchViolations(page);
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await gotoHydrated(page, "/order");
    await page.getByLabel("Delivery postcode").fill("LA9 4AB");
    await tapReachable(page.getByRole("button", { name: "Find my order" }));
    await expect(page).toHaveURL(/\/order$/);
    await expectReachable(page.getByRole("alert").filter({ hasText: "Please enter your order reference" }));
    await expect(page.getByLabel("Delivery postcode")).toHaveValue("LA9 4AB");
    await islandsHydrated(page);
    expect(await violationsOn(page)).toEqual([]);
    expect(cspReports).toEqual([]);
    // The refused post answers 400 on purpose: the browser logs that one status line and nothing else.
    expect(errors.filter((text) => !/status of 400/.test(text))).toEqual([]);
  });
});

test.describe("finding an order without JavaScript", () => {
  test.use({ viewport: PHONE });

  test("@phone the Track your order form works with JavaScript off", async ({ browser, request }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    const orderId = await paidOrder(request, product);
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const plainPage = await plain.newPage();
      await plainPage.goto("/");
      await plainPage.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
      await plainPage.getByLabel("Order reference").fill(orderId);
      await plainPage.getByLabel("Delivery postcode").fill("LA9 4AB");
      await plainPage.getByRole("button", { name: "Find my order" }).click();
      await expect(plainPage).toHaveURL(new RegExp(`/order/${orderId}$`));
      await expect(plainPage.getByText(`1 × ${product.name}`)).toBeVisible();
    } finally {
      await plain.close();
    }
  });
});

test.describe("finding an order on a desktop: tracking links", () => {
  test.use({ viewport: DESKTOP });

  test("the owner saves Royal Mail tracking with no link; the shopper's order page links the number to Royal Mail's tracking page", async ({
    page,
    request,
  }) => {
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    const orderId = await paidOrder(request, product);

    await openOrderAsOwner(page, orderId);
    const carrier = page.getByLabel("Carrier");
    // The field suggests the carriers whose pages are known.
    await expect(page.locator(`#${await carrier.getAttribute("list")} option`)).toHaveCount(6);
    await carrier.fill("Royal Mail");
    await page.getByLabel("Tracking number").fill("RM 1234 5678 5GB");
    await page.getByRole("button", { name: "Finalize shipment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Shipment finalized: the order is fulfilled." })).toBeVisible();

    await gotoHydrated(page, "/order");
    await page.getByLabel("Order reference").fill(orderId);
    await page.getByLabel("Delivery postcode").fill("LA9 4AB");
    await page.getByRole("button", { name: "Find my order" }).click();
    const number = page.getByRole("link", { name: "RM 1234 5678 5GB" });
    await expectReachable(number);
    await expect(number).toHaveAttribute("href", "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB");
    await expect(number).toHaveAttribute("target", "_blank");
    await expectReferenceOnOneLine(page, orderId);
  });
});
