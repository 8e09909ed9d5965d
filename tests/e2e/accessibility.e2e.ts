import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { E2E_ADMIN_PASSWORD } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { violationsOn, watchViolations } from "./support/csp";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

const THEME_STORAGE_KEY = "strata.theme";

/**
 * axe-core over every screen a shopper or the owner sees, in both themes for
 * the storefront. A serious or critical violation fails the story with the
 * rule, the help text and the elements it found.
 */
async function inTheme(browser: Browser, theme: "dark" | "light"): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
  return context;
}

/** Waits until the islands have hydrated, so axe sees what a shopper sees. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

// Every rule in the default (dark) theme; in the light theme only colour contrast, the one rule a theme changes.
const THEME_RULES = { dark: [], light: ["color-contrast"] } as const satisfies Record<string, readonly string[]>;

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

// One story a screen, so the screens are checked side by side rather than one after another in one story.
for (const theme of ["dark", "light"] as const) {
  const onlyRules = [...THEME_RULES[theme]];
  for (const screen of SCREENS) {
    if (theme === "light" && !screen.light) continue;
    const named = screen.name ?? screen.path;
    test(`the storefront's ${named} has no serious accessibility violations (${theme} theme)`, async ({ browser, request }) => {
      const path = typeof screen.path === "string" ? screen.path : screen.path(await productsToCheck(request));
      const context = await inTheme(browser, theme);
      const page = await context.newPage();
      await page.goto(path);
      await settle(page);
      await expectNoSeriousViolations(page, `${path} (${theme})`, { onlyRules });
      await context.close();
    });
  }

  test(`the storefront's menu opened on a phone-sized screen has no serious accessibility violations (${theme} theme)`, async ({
    browser,
  }) => {
    const context = await inTheme(browser, theme);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await settle(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expectNoSeriousViolations(page, `/ with the menu open (${theme})`, { onlyRules });
    await context.close();
  });

  test(`a basket with something in it, then the test payment page it leads to, have no serious accessibility violations (${theme} theme)`, async ({
    browser,
    request,
  }) => {
    const { unlimited } = await productsToCheck(request);
    const context = await inTheme(browser, theme);
    const page = await context.newPage();
    await gotoHydrated(page, productPath(unlimited));
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(page.getByTestId("basket-count")).toHaveText("1");
    await page.goto("/basket");
    await settle(page);
    await expectNoSeriousViolations(page, `/basket with an item (${theme})`, { onlyRules });
    await page.getByRole("button", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
    await settle(page);
    await expectNoSeriousViolations(page, `the demo payment page (${theme})`, { onlyRules });
    await context.close();
  });
}

/**
 * The owner's screens, signed in once (sign-in allows 10 tries a minute per
 * address). The admin app renders in the browser, so the CSP story in
 * csp.e2e.ts, which is not signed in, cannot reach these screens: every story
 * here also fails on any Content-Security-Policy violation.
 */
test.describe
  .serial("the owner's screens", () => {
    let context: BrowserContext;
    let page: Page;
    let cspConsoleReports: string[] = [];

    let orderId = "";

    test.beforeAll(async ({ browser, request }) => {
      context = await browser.newContext();
      page = await context.newPage();
      cspConsoleReports = await watchViolations(page);
      // A paid order for the order screen, through the same calls the basket and the test payment page make.
      const product = pick(await loadCatalogue(request), "simple product with unlimited stock", unlimitedSimple);
      const checkout = await request.post("/api/checkout", { data: { items: [{ id: product.id, productName: product.name }] } });
      const { url } = (await checkout.json()) as { url: string };
      const sessionId = url.split("/").pop() ?? "";
      await request.post(`/checkout/demo/${sessionId}/pay`, {
        form: {
          email: "ada@example.co.uk",
          name: "Ada Lovelace",
          line1: "12 St James's Square",
          line2: "",
          city: "London",
          postalCode: "SW1Y 4JH",
          country: "GB",
          billingSame: "1",
        },
        maxRedirects: 0,
      });
      const session = (await (await request.get(`/api/checkout/session?id=${sessionId}`)).json()) as { order_id: string | null };
      orderId = session.order_id ?? "";
      expect(orderId).toMatch(/^ORD-/);
    });
    test.afterEach(async () => {
      expect({ screen: page.url(), violations: await violationsOn(page), consoleReports: cspConsoleReports }).toEqual({
        screen: page.url(),
        violations: [],
        consoleReports: [],
      });
    });
    test.afterAll(async () => context.close());

    test("the sign-in screen has no serious accessibility violations", async () => {
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
      await expectNoSeriousViolations(page, "admin sign-in");
      // Signed in once for every admin screen below: sign-in is limited to 10 tries a minute.
      await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    });

    test("every admin page has no serious accessibility violations", async () => {
      for (const path of [
        "/admin",
        "/admin/orders",
        "/admin/products",
        "/admin/projects",
        "/admin/configuration",
        "/admin/discounts",
        "/admin/vouchers",
        "/admin/pricing",
        "/admin/money",
        "/admin/payouts",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await settle(page);
        await expectNoSeriousViolations(page, path);
      }
    });

    test("an order, the new-project form and a project's editor have no serious accessibility violations", async () => {
      await page.goto(`/admin/orders?order=${orderId}`);
      await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
      await settle(page);
      await expectNoSeriousViolations(page, "admin order");
      await page.goto("/admin/projects");
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

    test("the product editor and the new-product form have no serious accessibility violations", async () => {
      await page.goto("/admin/products");
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
