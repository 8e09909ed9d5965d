import type { APIRequestContext, Page } from "@playwright/test";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { E2E_ADMIN_PASSWORD, signIn } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { type Payer, paidOrderThroughCalls } from "./support/checkout";
import { violationsOn, watchViolations } from "./support/csp";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";
import { type StoryTheme, switchTheme } from "./support/theme";

/**
 * axe-core over every screen a shopper or the owner sees, in both themes for
 * the storefront. A serious or critical violation fails the story with the
 * rule, the help text and the elements it found.
 */

/** Waits until the islands have hydrated, so axe sees what a shopper sees. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

// Every rule in the default (dark) theme; in the light theme only colour contrast, the one rule a theme changes.
const THEME_RULES = { dark: [], light: ["color-contrast"] } as const satisfies Record<StoryTheme, readonly string[]>;

/** axe-core over the screen as it is now, with the rules of the theme it is shown in. */
async function expectAccessibleIn(page: Page, theme: StoryTheme, screen: string): Promise<void> {
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  await expectNoSeriousViolations(page, `${screen} (${theme})`, { onlyRules: [...THEME_RULES[theme]] });
}

/** The demo products each kind of product page is checked with. */
async function productsToCheck(request: APIRequestContext) {
  const products = await loadCatalogue(request);
  return {
    withVariants: pick(
      products,
      "product with variants",
      (product) => product.variants.length > 1 && !product.requiresGpx && !product.requiresImage,
    ),
    gpx: pick(products, "product that needs a GPX file", (product) => product.requiresGpx),
    photo: pick(products, "product that needs a photo", (product) => product.requiresImage),
    unlimited: pick(products, "simple product with unlimited stock", unlimitedSimple),
  };
}

const PAYER: Payer = {
  email: "ada@example.co.uk",
  name: "Ada Lovelace",
  line1: "12 St James's Square",
  city: "London",
  postcode: "SW1Y 4JH",
};

type Products = Awaited<ReturnType<typeof productsToCheck>>;

// Every screen in the dark theme; the light theme only changes colours, so its check covers one screen of each kind.
const SCREENS: { path: string | ((products: Products) => string); name?: string; light: boolean }[] = [
  { path: "/", light: true },
  { path: "/products", light: true },
  { path: "/products?cat=basic", light: false },
  { path: ({ withVariants }) => productPath(withVariants), name: "page of a product with options", light: true },
  { path: ({ gpx }) => productPath(gpx), name: "page of a product made from a GPX route", light: true },
  { path: ({ photo }) => productPath(photo), name: "page of a product made from a photo", light: false },
  { path: "/basket", light: true },
  { path: "/custom-request", light: true },
  { path: "/policies", light: false },
  { path: "/contact", light: true },
  { path: "/order/ORD-0123456789ABCDEFGHJKMNPQRS", light: true },
  { path: "/success?session_id=cs_demo_unknown", light: false },
  { path: "/no-such-page", light: false },
];

// One story a screen, so the screens are checked side by side; each screen is loaded once, in the default (dark)
// theme, and switched to light on the same page with the header's toggle (docs/decisions/0052-each-screen-loaded-once-for-both-themes.md).
for (const screen of SCREENS) {
  const named = screen.name ?? screen.path;
  const themes = screen.light ? "dark and light themes" : "dark theme";
  test(`the storefront's ${named} has no serious accessibility violations (${themes})`, async ({ page, request }) => {
    const path = typeof screen.path === "string" ? screen.path : screen.path(await productsToCheck(request));
    await page.goto(path);
    await settle(page);
    await expectAccessibleIn(page, "dark", path);
    if (!screen.light) return;
    await switchTheme(page, "light");
    await expectAccessibleIn(page, "light", path);
  });
}

test("the storefront's menu opened on a phone-sized screen has no serious accessibility violations (dark and light themes)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/");
  await settle(page);
  const openMenu = page.getByRole("button", { name: "Open menu" });
  const menu = page.getByRole("dialog", { name: "Menu" });
  await openMenu.click();
  await expect(menu).toBeVisible();
  await expectAccessibleIn(page, "dark", "/ with the menu open");
  // The open menu covers the header's theme toggle: closed, switched, and opened again.
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await switchTheme(page, "light");
  await openMenu.click();
  await expect(menu).toBeVisible();
  await expectAccessibleIn(page, "light", "/ with the menu open");
});

test("a basket with something in it, then the test payment page it leads to, have no serious accessibility violations (dark and light themes)", async ({
  page,
  request,
}) => {
  const { unlimited } = await productsToCheck(request);
  await gotoHydrated(page, productPath(unlimited));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await page.goto("/basket");
  await settle(page);
  await expectAccessibleIn(page, "dark", "/basket with an item");
  await switchTheme(page, "light");
  await expectAccessibleIn(page, "light", "/basket with an item");
  // The toggle stored the choice: the payment page opens in light, and is switched back to dark on the same page.
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  await settle(page);
  await expectAccessibleIn(page, "light", "the demo payment page");
  await switchTheme(page, "dark");
  await expectAccessibleIn(page, "dark", "the demo payment page");
});

/**
 * The owner's screens. The admin app renders in the browser, so the CSP story in csp.e2e.ts, which is not signed
 * in, cannot reach these screens: every story here also fails on any Content-Security-Policy violation. Each story
 * signs in through the worker's shared session (tests/e2e/support/admin.ts); the sign-in screen's own story types
 * the password.
 */
test.describe("the owner's screens", () => {
  let cspConsoleReports: string[] = [];

  test.beforeEach(async ({ page }) => {
    cspConsoleReports = await watchViolations(page);
  });
  test.afterEach(async ({ page }) => {
    expect({ screen: page.url(), violations: await violationsOn(page), consoleReports: cspConsoleReports }).toEqual({
      screen: page.url(),
      violations: [],
      consoleReports: [],
    });
  });

  test("the sign-in screen has no serious accessibility violations", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await expectNoSeriousViolations(page, "admin sign-in");
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });

  /** Every admin page, in groups checked side by side; each page's own CSP violations are checked as it is left. */
  const ADMIN_PAGES = [
    ["/admin", "/admin/orders", "/admin/products"],
    ["/admin/projects", "/admin/configuration", "/admin/discounts"],
    ["/admin/vouchers", "/admin/pricing", "/admin/money", "/admin/payouts"],
  ];
  for (const paths of ADMIN_PAGES) {
    test(`every admin page has no serious accessibility violations: ${paths.join(", ")}`, async ({ page }) => {
      for (const path of paths) {
        await signIn(page, path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await settle(page);
        await expectNoSeriousViolations(page, path);
        expect({ screen: path, violations: await violationsOn(page) }).toEqual({ screen: path, violations: [] });
      }
    });
  }

  test("an order has no serious accessibility violations", async ({ page, request }) => {
    // A paid order, through the same calls the basket and the test payment page make.
    const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
    const orderId = await paidOrderThroughCalls(request, product.id, 1, PAYER);
    await signIn(page, `/admin/orders?order=${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, "admin order");
  });

  test("the new-project form and a project's editor have no serious accessibility violations", async ({ page }) => {
    await signIn(page, "/admin/projects");
    await page.getByRole("button", { name: "Add project" }).click();
    await settle(page);
    await expectNoSeriousViolations(page, "admin new project");
    await page.goto("/admin/projects");
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await settle(page);
    await expectNoSeriousViolations(page, "admin project editor");
  });

  test("the product editor and the new-product form have no serious accessibility violations", async ({ page }) => {
    await signIn(page, "/admin/products");
    await page.getByRole("button", { name: "Add product" }).click();
    await expect(page.getByRole("form", { name: "New product" })).toBeVisible();
    await expectNoSeriousViolations(page, "admin new product");
    await page.goto("/admin/products");
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("form", { name: /^Edit / })).toBeVisible();
    await settle(page);
    await expectNoSeriousViolations(page, "admin product editor");
  });
});
