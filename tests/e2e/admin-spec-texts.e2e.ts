import { writeFile } from "node:fs/promises";
import { adminNav, signIn } from "./support/admin";
import { jpegPhoto } from "./support/files";
import { picture } from "./support/pictures";
import { expect, test } from "./support/test";

// Spec texts that could never appear, or appeared where they were not true (docs/product.md#messages).
test.describe("the admin's messages say what happened", () => {
  test("Enter in the blank password field says 'Admin password required'", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
    await page.getByLabel("Password").press("Enter");
    await expect(page.getByRole("alert")).toHaveText("Admin password required");
    // Typing is the answer to it: the message goes.
    await page.getByLabel("Password").pressSequentially("x");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a failed featured products save replaces the 'Featured products saved.' note", async ({ page }) => {
    await signIn(page);
    await adminNav(page, "Configuration").click();
    const setting = page.getByRole("form", { name: "Featured products" });
    // Saving what is stored changes nothing for the stories running alongside.
    await setting.getByRole("button", { name: "Save" }).click();
    await expect(setting.getByRole("status")).toHaveText("Featured products saved.");

    await setting.getByLabel("Featured products").fill("zz-no-such-product");
    await setting.getByRole("button", { name: "Save" }).click();
    await expect(setting.getByRole("alert")).toHaveText("Featured products must be ids of existing products: zz-no-such-product.");
    // At the moment the error shows, the earlier note is already gone (not merely gone 3 seconds later).
    expect(await setting.getByRole("status").count()).toBe(0);
  });

  test("the hero image picker takes the same file chosen a second time", async ({ page }) => {
    // A file on disk: the browser then compares it with the one already chosen, as it does for a person.
    const photo = await jpegPhoto("hero-harbour.jpg");
    const path = test.info().outputPath(photo.name);
    await writeFile(path, photo.buffer);
    await signIn(page);
    await adminNav(page, "Configuration").click();
    const imageUrl = page.getByLabel("Hero image URL");
    const picker = page.getByLabel("Or upload an image");

    const noImage = page.getByText("No hero image: the banner shows text only.");
    // From no image (the demo shop has one), so each upload is seen arriving.
    await imageUrl.fill("");
    await expect(noImage).toBeVisible();
    await picker.setInputFiles(path);
    await expect(imageUrl).toHaveValue(/^\/media\/\S+$/);
    // The owner clears the address, then picks the very same photo again.
    await imageUrl.fill("");
    await expect(noImage).toBeVisible();
    await picker.setInputFiles(path);
    await expect(imageUrl).toHaveValue(/^\/media\/\S+$/);
    await expect(page.getByRole("img", { name: "Preview of the hero image" })).toBeVisible();
  });

  test("a project list that failed to load says so, and not 'No projects found.'", async ({ page }) => {
    await signIn(page);
    await adminNav(page, "Projects").click();
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    await expect(page.getByText("Loading projects…")).toHaveCount(0);

    await page.context().setOffline(true);
    try {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(page.getByRole("alert")).toHaveText("Unable to load projects");
      await expect(page.getByText("No projects found.")).toHaveCount(0);
    } finally {
      await page.context().setOffline(false);
    }
  });

  test("a product whose details fail to load says 'Failed to load product details.' once", async ({ page }) => {
    await signIn(page);
    await adminNav(page, "Products").click();
    const firstEdit = page
      .getByRole("region", { name: "Products", exact: true })
      .getByRole("button", { name: /^Edit / })
      .first();
    await expect(firstEdit).toBeVisible();

    await page.context().setOffline(true);
    try {
      const detailsFailed = page.waitForEvent("requestfailed", (request) => /\/api\/admin\/products\/[^/]+$/.test(request.url()));
      await firstEdit.click();
      await detailsFailed;
      await expect(page.getByText("Failed to load product details.")).toHaveCount(1);
      await expect(page.getByRole("alert").filter({ hasText: "Failed to load product details." })).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
  });
  test("the configuration page whose status check fails says 'Unable to load configuration status', the settings still there", async ({
    page,
  }) => {
    await signIn(page);
    // The browser's network answering 500 for that one call, as a proxy or a restarting shop would.
    await page.route("**/api/admin/session", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await adminNav(page, "Configuration").click();
    const status = page.getByRole("region", { name: "Status" });
    await expect(status.getByRole("alert")).toHaveText("Unable to load configuration status");
    await expect(page.getByRole("heading", { level: 2, name: "Delivery Settings" })).toBeVisible();
    await picture(page, "configuration-status-failed");
  });

  test("the configuration page's status says whether order and tracking emails go out", async ({ page }) => {
    await signIn(page);
    await adminNav(page, "Configuration").click();
    // The stories' shop has no mail service.
    await expect(page.getByRole("region", { name: "Status" })).toContainText("Email: not set up.");
    await expect(page.getByText("Unable to load configuration status")).toHaveCount(0);
  });
  test("a new product's Add Image says 'Please save the product first before adding images.' and opens no file picker", async ({
    page,
  }) => {
    await signIn(page);
    await adminNav(page, "Products").click();
    await page.getByRole("button", { name: "Add product" }).click();
    const editor = page.getByRole("form", { name: "New product" }).locator("..");
    let pickerOpened = false;
    page.on("filechooser", () => {
      pickerOpened = true;
    });
    await editor.getByRole("region", { name: "Product Images" }).getByRole("button", { name: "Add Image" }).click();
    await expect(editor.getByRole("alert")).toHaveText("Please save the product first before adding images.");
    expect(pickerOpened).toBe(false);
    await picture(editor.getByRole("region", { name: "Product Images" }), "new-product-images");
  });

  test("a later error anywhere on the page takes the place of the 'Deleted …' note at once", async ({ page }) => {
    // Fake timers, paused once the note shows: only the new result can take it away, not its 3 seconds running out.
    await page.clock.install();
    await signIn(page);
    await adminNav(page, "Products").click();
    // A product of this story's own, so the stories beside it keep theirs.
    const id = `short-lived-${test.info().parallelIndex}-${Date.now()}`;
    await page.getByRole("button", { name: "Add product" }).click();
    const form = page.getByRole("form", { name: "New product" });
    await form.getByLabel("Product id").fill(id);
    await form.getByLabel("Name").fill("Short-lived bracket");
    await form.getByLabel("Price (£)").fill("3.50");
    await form.getByRole("button", { name: "Save product" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole("button", { name: "Delete Short-lived bracket" }).click();
    const deleted = page.getByRole("status").filter({ hasText: "Deleted Short-lived bracket." });
    await expect(deleted).toBeVisible();

    await page.getByRole("button", { name: "Add product" }).click();
    await page.getByRole("region", { name: "Product Images" }).getByRole("button", { name: "Add Image" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please save the product first before adding images.");
    // At the moment the error shows, the earlier note is already gone.
    expect(await deleted.count()).toBe(0);
  });
});
