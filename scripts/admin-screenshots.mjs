// Screenshots of every admin screen at phone and desktop widths, in light and
// dark, for looking at what we build:
//   ADMIN_PASSWORD=… node scripts/admin-screenshots.mjs [base URL]
// Needs a running shop (default http://localhost:3000) started with that
// password. Signs in through the login form first; when the shop has no
// order yet it places one through the demo checkout so the order screens
// have something to show. Runs on Node, like Playwright.
import { adminPasswordOrExit, shopUrl as base, forEachLook, launchBrowser, payThroughDemoCheckout } from "./screenshot-kit.mjs";

const password = adminPasswordOrExit();

/** One paid order through the demo checkout, buying something anyone can buy any number of. */
async function placeDemoOrder() {
  const catalogue = await (await fetch(`${base}/api/catalog`)).json();
  const product = catalogue.find(
    (p) => !p.requiresGpx && !p.requiresImage && p.stock === null && p.variants.every((v) => v.stock === null),
  );
  if (!product) throw new Error("No product with unlimited stock to buy");
  const variant = product.variants[0];
  const item = { id: product.id, productName: product.name, ...(variant ? { variantId: variant.id, variantName: variant.name } : {}) };
  await payThroughDemoCheckout([item, item], {
    email: "ada@example.co.uk",
    name: "Ada Lovelace",
    line1: "12 St James's Square",
    city: "London",
    postalCode: "SW1Y 4JH",
  });
}

const browser = await launchBrowser();

async function signIn(page) {
  await page.goto(`${base}/admin`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Admin" }).waitFor();
}

// Make sure there is an order to look at.
{
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  const orders = await (await page.request.get(`${base}/api/admin/orders`)).json();
  if (!Array.isArray(orders) || orders.length === 0) await placeDemoOrder();
  await context.close();
}

await forEachLook(browser, "admin-", async ({ page, theme, shoot: save }) => {
  const shoot = async (name) => {
    await page.waitForLoadState("networkidle");
    await save(name);
  };

  await page.goto(`${base}/admin`);
  await page.getByRole("heading", { name: "Admin login" }).waitFor();
  await shoot("login");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await shoot("dashboard");

  await page.getByRole("button", { name: "Orders", exact: true }).click();
  await page.getByRole("heading", { name: "All orders" }).waitFor();
  await shoot("orders");
  await page
    .getByRole("button", { name: /^View order / })
    .first()
    .click();
  await page.getByRole("heading", { name: "Shipment" }).waitFor();
  await shoot("order-detail");
  if (await page.getByRole("button", { name: "Cancel order" }).isVisible()) {
    await page.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("dialog").waitFor();
    await shoot("cancel-dialog");
    await page.getByRole("button", { name: "Keep order" }).click();
  }
  if (await page.getByRole("button", { name: "Refund…" }).isVisible()) {
    await page.getByRole("button", { name: "Refund…" }).click();
    await page.getByRole("dialog").waitFor();
    await shoot("refund-dialog");
    await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
  }
  // The packing slip is a server page of its own, printed from a new tab.
  const [slip] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "Packing slip" }).click()]);
  await slip.waitForLoadState("networkidle");
  await slip.screenshot({ path: `test-results/screenshots/admin-slip-${theme}-${page.viewportSize().width}.png`, fullPage: true });
  await slip.close();

  await page.getByRole("button", { name: "Products", exact: true }).click();
  await page.getByRole("heading", { name: "Categories" }).waitFor();
  await page.getByRole("button", { name: "Edit" }).first().waitFor();
  await shoot("products");
  const products = await (await page.request.get(`${base}/api/admin/products`)).json();
  const withVariants = products.find((p) => p.variants.length > 1 && p.images.length > 1) ?? products[0];
  await page.getByRole("button", { name: `Edit ${withVariants.name}`, exact: true }).click();
  await page.getByRole("region", { name: "Product Variants" }).or(page.getByLabel("Product Variants")).first().waitFor();
  await shoot("product-editor");
  await page.getByRole("button", { name: `Close ${withVariants.name}`, exact: true }).click();
  await page.getByRole("button", { name: "Add product" }).click();
  await shoot("product-new");

  await page.getByRole("button", { name: "Projects", exact: true }).click();
  await page.getByRole("button", { name: "Add project" }).waitFor();
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .waitFor();
  await shoot("projects");
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  await page.getByLabel("Project id").waitFor();
  await shoot("project-editor");

  await page.getByRole("button", { name: "Discounts", exact: true }).click();
  await page.getByRole("heading", { name: "Discount codes" }).waitFor();
  await shoot("discounts");

  await page.getByRole("button", { name: "Configuration", exact: true }).click();
  await page.getByRole("heading", { name: "Hero Banner Settings" }).waitFor();
  await shoot("configuration");
});
await browser.close();
