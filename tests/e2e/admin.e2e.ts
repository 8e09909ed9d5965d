import { loadCatalogue, pick, unlimitedSimple } from "./catalogue";
import { adminNav, E2E_ADMIN_PASSWORD, openOrderAsOwner, signIn } from "./support/admin";
import { paidOrderThroughCalls } from "./support/checkout";
import { solidPng } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

test.describe("the owner's admin area", () => {
  test("the owner signs in (a wrong password first), moves between pages and signs out", async ({ page }) => {
    // Script errors and hydration warnings; the 401s this story causes on purpose are the browser's own log lines.
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
    });
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    const signInButton = page.getByRole("button", { name: "Sign in" });
    await expect(signInButton).toBeDisabled();

    await page.getByLabel("Password").fill("Tr0ub4dor&3");
    await page.getByLabel("Password").press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Invalid admin password");

    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await signInButton.click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(adminNav(page, "Dashboard")).toBeDisabled();
    await expect(page.getByRole("term").filter({ hasText: "Active custom requests" })).toBeVisible();

    // Client-side pages with real addresses: the back button works, a reload keeps the session.
    await adminNav(page, "Configuration").click();
    await expect(page).toHaveURL(/\/admin\/configuration$/);
    await expect(adminNav(page, "Configuration")).toBeDisabled();
    await expect(page.getByRole("heading", { level: 1, name: "Configuration" })).toBeFocused();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    expect((await page.request.get("/api/admin/orders")).status()).toBe(401);
    expect(problems).toEqual([]);
  });

  test("the owner adds a product with two variants and a picture, publishes it, and shoppers find it", async ({ page }) => {
    // "Zz…" sorts after the demo products, so other stories picking products by kind never meet it.
    const id = `zz-desk-tidy-${Date.now().toString(36)}`;
    const name = `Zz desk tidy ${id.slice(-5)}`;
    await signIn(page);
    await adminNav(page, "Products").click();
    await page.getByRole("button", { name: "Add product" }).click();

    const form = page.getByRole("form", { name: "New product" });
    await expect(form.getByRole("button", { name: "Save product" })).toBeDisabled();
    await expect(form.getByText("Please provide an id, name, and price before saving.")).toBeVisible();
    // Add Image is there from the start; pressed before saving, it says to save first (admin-spec-texts.e2e.ts).
    await expect(page.getByRole("region", { name: "Product Images" }).getByRole("button", { name: "Add Image" })).toBeEnabled();
    await expect(page.getByText("Save the product first to add variants.")).toBeVisible();
    await form.getByLabel("Product id").fill(id);
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Price (£)").fill("-1");
    await expect(form.getByText("Price must be a valid non-negative number.")).toBeVisible();
    await form.getByLabel("Price (£)").fill("12.5");
    await form.getByLabel("Stock").fill("2.5");
    await expect(form.getByText("Stock must be a whole number or blank for unlimited.")).toBeVisible();
    await form.getByLabel("Stock").fill("");
    await form.getByLabel("Description").fill("A zigzag organiser for pens, cables and the odd screwdriver.");
    await form.getByLabel("Category").selectOption({ label: "Basic" });
    await form.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

    // The saved product's editor stays open, its id locked, ready for variants and pictures.
    const editor = page.getByRole("form", { name: `Edit ${name}` });
    await expect(editor.getByLabel("Product id")).toHaveValue(id);
    await expect(editor.getByLabel("Product id")).toHaveAttribute("readonly", "");
    await expect(
      page.getByText("No variants added yet. Add variants to offer different options like sizes, colors, or custom configurations."),
    ).toBeVisible();

    const addVariant = page.getByRole("form", { name: "Add New Variant" });
    await expect(addVariant.getByRole("button", { name: "Add Variant" })).toBeDisabled();
    await addVariant.getByLabel("Name").fill("Small, 3 slots");
    await addVariant.getByLabel("Price (GBP)").fill("12.50");
    await addVariant.getByRole("button", { name: "Add Variant" }).click();
    await expect(page.getByRole("button", { name: "Edit variant Small, 3 slots" })).toBeVisible();
    await addVariant.getByLabel("Name").fill("Large, 6 slots");
    await addVariant.getByLabel("Price (GBP)").fill("18");
    await addVariant.getByLabel("Stock").fill("5");
    await addVariant.getByRole("button", { name: "Add Variant" }).click();
    await expect(page.getByRole("button", { name: "Edit variant Large, 6 slots" })).toBeVisible();
    await expect(page.getByText("Stock: 5")).toBeVisible();

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add Image" }).click();
    await (await chooser).setFiles({ name: "desk-tidy.png", mimeType: "image/png", buffer: solidPng(48, 32, [251, 146, 60]) });
    await expect(page.getByText("1 image · First image is used as primary")).toBeVisible();
    await expect(page.getByRole("img", { name: "Image 1" })).toBeVisible();
    await expect(page.getByText("(Primary)")).toBeVisible();
    await expect(page.getByRole("button", { name: "Move image 1 up" })).toBeDisabled();

    // With options the table shows their stock added up: one of them unlimited, so ∞, with no ±1 to nudge a cap.
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Delete ${name}` }) });
    await expect(row.getByRole("img", { name: "Unlimited" })).toHaveText("∞");
    await expect(row.getByTestId("stock-value")).toHaveText("∞across options");
    await expect(row.getByRole("button", { name: `+1 ${name} in stock` })).toHaveCount(0);

    // A new product is a draft: shoppers cannot reach it until the owner publishes it.
    await expect(editor.getByText("Only you see it. Publish it when its pictures and options are ready.")).toBeVisible();
    expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);
    await editor.getByRole("button", { name: "Save and publish" }).click();
    await expect(editor.getByText("Live: shoppers can see and buy it.")).toBeVisible();
    expect((await page.request.get(`/api/products/${id}`)).status()).toBe(200);

    await gotoHydrated(page, "/products");
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible();
    await expect(card.getByText("From £12.50")).toBeVisible();
    await expect(card.getByText("2 options")).toBeVisible();
    await expect(card.getByRole("img", { name })).toBeVisible();
  });

  test("the owner deletes a category only once the question is accepted, and is told it is gone", async ({ page }) => {
    // "Zz…" sorts after the demo categories, so no other story meets it.
    const id = `zz-shelf-${Date.now().toString(36)}`;
    const name = `Zz shelf ${id.slice(-5)}`;
    const deletes: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "DELETE") deletes.push(new URL(sent.url()).pathname);
    });
    await signIn(page);
    await adminNav(page, "Products").click();
    await page.getByRole("button", { name: "Add category" }).click();
    await page.getByRole("textbox", { name: "Category id" }).fill(id);
    await page.getByRole("textbox", { name: "Category name" }).fill(name);
    await page.getByRole("button", { name: "Save category" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Category saved." })).toBeVisible();
    const remove = page.getByRole("button", { name: `Delete category ${name}` });

    const question = `Delete the category "${name}"? Its products stay, without a category.`;
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await remove.click();
    await expect.poll(() => asked).toEqual([question]);
    await expect(remove).toBeVisible();

    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await remove.click();
    await expect(page.getByRole("status").filter({ hasText: `Deleted ${name}.` })).toBeVisible();
    await expect(remove).toHaveCount(0);
    expect(asked).toEqual([question, question]);
    expect(deletes).toEqual([`/api/admin/categories/${id}`]);
  });

  test("the owner ships a paid order with a tracking number and is told the truth about the tracking email", async ({ page, request }) => {
    // Something with unlimited stock, so stories running side by side never race for it.
    const products = await loadCatalogue(request);
    const product = pick(products, "simple product with unlimited stock", unlimitedSimple);
    const orderId = await paidOrderThroughCalls(request, product.id, 1, {
      email: "grace@example.co.uk",
      name: "Grace Hopper",
      line1: "1 Harbour Street",
      city: "Whitby",
      postcode: "YO21 3PU",
    });

    await openOrderAsOwner(page, orderId);
    await expect(page.getByText("paid", { exact: true })).toBeVisible();
    await expect(page.getByText("Grace Hopper").first()).toBeVisible();

    await page.getByRole("button", { name: "Finalize shipment" }).click();
    await expect(page.getByRole("alert")).toHaveText("Add a carrier and tracking number before finalizing shipment.");
    await page.getByLabel("Carrier").fill("Royal Mail");
    await page.getByLabel("Tracking number").fill("RM123456785GB");
    await page.getByLabel("Tracking URL (optional)").fill("https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB");
    await page.getByRole("button", { name: "Finalize shipment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Shipment finalized: the order is fulfilled." })).toBeVisible();
    await expect(page.getByText("fulfilled", { exact: true })).toBeVisible();
    // No mail service in this shop: the email waits in the outbox, and the owner is told so, twice over
    // and consistently: the answer to the save, and the standing line under the form (never "emailed on").
    await expect(page.getByText("Tracking email skipped: no mail service is configured.")).toBeVisible();
    const shipment = page.getByRole("region", { name: "Shipment" });
    await expect(shipment.getByText("Tracking email not sent (email is not set up).")).toBeVisible();
    await expect(page.getByText(/Tracking emailed to the customer/)).toHaveCount(0);
    const emails = page.getByRole("region", { name: "Emails" });
    await expect(emails.getByRole("row").filter({ hasText: "tracking" })).toContainText("not sent (email is not set up)");

    // It was never sent, so an update is not treated as a resend: no "already emailed" question.
    await page.getByLabel("Tracking number").fill("RM987654321GB");
    await page.getByRole("button", { name: "Update shipment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Tracking saved." })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Resend the tracking email?" })).toHaveCount(0);
    await expect(page.getByText("Tracking email not sent: already emailed.")).toHaveCount(0);
    await expect(page.getByText("Tracking email skipped: no mail service is configured.")).toBeVisible();

    // A later send is offered; it goes through the outbox and still says plainly that nothing went out.
    await shipment.getByRole("button", { name: "Send tracking email again" }).click();
    await expect(page.getByText("Tracking email skipped: no mail service is configured.")).toBeVisible();
    await expect(shipment.getByText("Tracking email not sent (email is not set up).")).toBeVisible();
    await expect(emails.getByRole("row").filter({ hasText: "tracking" })).toHaveCount(1);

    await page.getByRole("button", { name: "← All orders" }).click();
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `View order ${orderId}` }) });
    await expect(row).toContainText("fulfilled");
    await expect(row).toContainText("Royal Mail RM987654321GB");

    // The search finds it by its postcode typed without the space, and the pager says how many orders match.
    const search = page.getByRole("form", { name: "Search orders" });
    await search.getByLabel("Search").fill("yo213pu");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("navigation", { name: "Order pages" })).toContainText(/Page 1 · \d+ orders?/);
    await expect(row).toBeVisible();
    await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();

    // The session ends on the server's side: the next call answers 401, the orders on screen go and the login returns.
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("alert")).toHaveText("Session expired. Please sign in again.");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await expect(page.getByText(orderId)).toHaveCount(0);
  });
});
