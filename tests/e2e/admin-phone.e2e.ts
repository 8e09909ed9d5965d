import type { Locator, Page } from "@playwright/test";
import { loadCatalogue, pick, unlimitedSimple } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { paidOrderThroughCalls } from "./support/checkout";
import { solidPng } from "./support/files";
import { expectLoaded } from "./support/images";
import { picture } from "./support/pictures";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// The owner runs the shop from a phone at 390 × 844 (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md):
// the navigation is one bar, the work is on the first screen, nothing scrolls sideways, and a product is drafted
// with its picture and options before it goes live.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const LEAVE_QUESTION = "You have changes that are not saved. Leave without saving them?";

/**
 * Seen without scrolling: the page back at its top, the element's whole box inside the screen. Asked again until it
 * holds (or the expect timeout), as a person looks once the page has settled: a busy machine can show the element
 * before what comes above it has its final size.
 */
async function expectOnFirstScreen(target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect
    .poll(() =>
      target.evaluate((element) => {
        window.scrollTo({ top: 0, left: 0, behavior: "instant" });
        const { top, left, bottom, right } = element.getBoundingClientRect();
        const inside = top >= 0 && left >= 0 && right <= window.innerWidth && bottom <= window.innerHeight;
        return inside ? "inside the screen" : `at ${Math.round(left)},${Math.round(top)} to ${Math.round(right)},${Math.round(bottom)}`;
      }),
    )
    .toBe("inside the screen");
}

/**
 * An admin page's button in the phone's navigation bar, swiped into the bar's strip as a person would (the strip
 * scrolls inside the bar; the page never does), then tapped where it is in reach.
 */
async function tapNav(page: Page, name: string): Promise<void> {
  const button = adminNav(page, name);
  await button.evaluate((element) => element.scrollIntoView({ block: "nearest", inline: "center", behavior: "instant" }));
  await tapReachable(button);
}

/**
 * The browser's Back button with unsaved typing: the question it asks, answered, and where the owner ends up.
 * `page.goBack()` waits for a page change that a refusal never brings, so Back is pressed through the DevTools call
 * goBack itself makes (Page.navigateToHistoryEntry), which returns at once; the page's Navigation API then says how
 * the traversal ended: refused (`navigateerror`) or done (`currententrychange`).
 */
async function pressBack(page: Page, answer: "stay" | "leave"): Promise<{ question: string; outcome: string }> {
  await page.evaluate(() => {
    const settled = new Promise<string>((resolve) => {
      navigation.addEventListener("navigateerror", () => resolve("stayed"), { once: true });
      navigation.addEventListener("currententrychange", () => resolve("moved"), { once: true });
    });
    Object.assign(window, { backSettled: settled });
  });
  const dialog = page.waitForEvent("dialog");
  const devtools = await page.context().newCDPSession(page);
  const { currentIndex, entries } = await devtools.send("Page.getNavigationHistory");
  const previous = entries[currentIndex - 1];
  if (!previous) throw new Error("There is no page to go back to.");
  await devtools.send("Page.navigateToHistoryEntry", { entryId: previous.id });
  const asked = await dialog;
  await (answer === "stay" ? asked.dismiss() : asked.accept());
  // Only once answered: the question holds the page, and DevTools with it.
  await devtools.detach();
  const outcome = await page.evaluate(() => (window as unknown as { backSettled: Promise<string> }).backSettled);
  return { question: asked.message(), outcome };
}

/** The page is no wider than the screen: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

test.describe("the admin on a phone", () => {
  test("@phone the owner drafts a product with a picture and options, publishes it, and moves an order through its stages from To make", async ({
    page,
    request,
    browser,
  }) => {
    const products = await loadCatalogue(request);
    const bought = pick(products, "a simple product of unlimited stock", unlimitedSimple);
    const orderId = await paidOrderThroughCalls(request, bought.id, 1, {
      email: "potter@example.co.uk",
      name: "Lucie Rie",
      line1: "18 Albion Mews",
      city: "London",
      postcode: "W2 2AT",
    });

    await signIn(page);
    // One compact bar: the navigation takes one row, its pages and Sign out in reach.
    const nav = page.getByRole("navigation", { name: "Admin" });
    expect((await nav.boundingBox())?.height).toBeLessThanOrEqual(60);
    await expectOnFirstScreen(page.getByRole("button", { name: "Sign out" }));
    await expectNoSidewaysScroll(page);
    await picture(page, "phone-dashboard-dark");

    // A product drafted: saved, it is the owner's alone, and its editor stays where it was made.
    await tapNav(page, "Products");
    await expectReachable(page.getByRole("heading", { level: 1, name: "Products" }));
    await expectNoSidewaysScroll(page);
    await tapReachable(page.getByRole("button", { name: "Add product" }));
    const id = `zz-phone-vase-${Date.now().toString(36)}`;
    const name = `Zz phone vase ${id.slice(-5)}`;
    const form = page.getByRole("form", { name: "New product" });
    await form.getByLabel("Product id").fill(id);
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Price (£)").fill("24");
    await form.getByLabel("Description").fill("A ribbed bud vase, printed in a marbled PLA.");
    await tapReachable(form.getByRole("button", { name: "Save product" }));
    await expect(page.getByRole("status").filter({ hasText: "Product saved." })).toBeVisible();
    const editor = page.getByRole("form", { name: `Edit ${name}` });
    await expect(editor.getByText("Only you see it. Publish it when its pictures and options are ready.")).toBeVisible();
    await expectReachable(editor.getByRole("heading", { name: `Edit ${name}` }));
    expect((await page.request.get(`/api/products/${id}`)).status()).toBe(404);

    // Its picture and two options, each with its own stock.
    const chooser = page.waitForEvent("filechooser");
    await tapReachable(page.getByRole("button", { name: "Add Image" }));
    await (await chooser).setFiles({ name: "vase.png", mimeType: "image/png", buffer: solidPng(48, 48, [20, 184, 166]) });
    await expect(page.getByText("1 image · First image is used as primary")).toBeVisible();
    // Loaded, so the editor below it has stopped moving before the next tap.
    await expectLoaded(page.getByRole("img", { name: "Image 1" }));
    const addOption = page.getByRole("form", { name: "Add New Variant" });
    for (const [option, stock] of [
      ["Small", "3"],
      ["Tall", "4"],
    ] as const) {
      await addOption.getByLabel("Name").fill(option);
      await addOption.getByLabel("Price (GBP)").fill("24");
      await addOption.getByLabel("Stock").fill(stock);
      await tapReachable(addOption.getByRole("button", { name: "Add Variant" }));
      await expect(page.getByRole("button", { name: `Edit variant ${option}` })).toBeVisible();
    }
    // With options, the product's own stock field says which figure counts, and the list shows their sum.
    await expect(
      editor.getByText(
        "This product has options: each option's own stock counts. A figure here caps all options together; blank is no cap.",
      ),
    ).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Delete ${name}` }) });
    await expect(row.getByTestId("stock-value")).toHaveText("7across options");
    await expectNoSidewaysScroll(page);

    // Typing, then leaving, asks first: staying keeps what was typed.
    await editor.getByLabel("Description").fill("A ribbed bud vase, printed in a marbled PLA. Watertight.");
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await tapNav(page, "Orders");
    await expect.poll(() => asked).toEqual([LEAVE_QUESTION]);
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await expect(editor.getByLabel("Description")).toHaveValue("A ribbed bud vase, printed in a marbled PLA. Watertight.");

    // The browser's Back asks the same question. Answered no, the owner stays: the address, the editor, the typing.
    expect(await pressBack(page, "stay")).toEqual({ question: LEAVE_QUESTION, outcome: "stayed" });
    expect(new URL(page.url()).pathname).toBe("/admin/products");
    await expect(editor.getByLabel("Description")).toHaveValue("A ribbed bud vase, printed in a marbled PLA. Watertight.");
    // Answered yes, Back goes back (to the dashboard) and the typing is let go; Forward returns with no question.
    expect(await pressBack(page, "leave")).toEqual({ question: LEAVE_QUESTION, outcome: "moved" });
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.goForward();
    await tapReachable(page.getByRole("button", { name: `Edit ${name}` }));
    await expect(editor.getByLabel("Description")).toHaveValue("A ribbed bud vase, printed in a marbled PLA.");
    await editor.getByLabel("Description").fill("A ribbed bud vase, printed in a marbled PLA. Watertight.");

    // Published with that change: the shop has it at once.
    await tapReachable(editor.getByRole("button", { name: "Save and publish" }));
    await expect(editor.getByText("Live: shoppers can see and buy it.")).toBeVisible();
    const published = await page.request.get(`/api/products/${id}`);
    expect(published.status()).toBe(200);
    expect(((await published.json()) as { description: string }).description).toBe(
      "A ribbed bud vase, printed in a marbled PLA. Watertight.",
    );
    await expect(row.getByText("Draft")).toHaveCount(0);
    await picture(page, "phone-products-dark", { fullPage: true });

    // The To make queue is the first thing on Orders, its first order's next stage within a thumb's reach.
    await tapNav(page, "Orders");
    const queue = page.getByRole("region", { name: "To make" });
    await expectOnFirstScreen(queue.getByRole("heading", { level: 2, name: "To make" }));
    await expectOnFirstScreen(
      queue
        .getByRole("listitem")
        .filter({ has: page.getByRole("button", { name: /^Next: / }) })
        .first()
        .getByRole("button", { name: /^Next: / }),
    );
    await expectNoSidewaysScroll(page);
    await picture(page, "phone-orders-dark");
    const card = queue.getByRole("listitem", { name: `Order ${orderId}` });
    for (const stage of ["Printing", "Finishing", "Packed"]) {
      await tapReachable(card.getByRole("button", { name: `Next: ${stage}, order ${orderId}` }));
      await expect(page.getByRole("status").filter({ hasText: `Order ${orderId} moved to ${stage}.` })).toBeVisible();
    }

    // The order's own screen: its stage buttons on the first screen.
    await tapReachable(card.getByRole("button", { name: `Open order ${orderId}` }));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
    const making = page.getByRole("region", { name: "Making" });
    await expectOnFirstScreen(making.getByRole("button", { name: "Back: Finishing" }));
    await tapReachable(making.getByRole("button", { name: "Back: Finishing" }));
    await expect(making.getByText("Stage: Finishing")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await picture(page, "phone-order-dark");

    // The other lists read as cards too, with nothing to scroll sideways.
    await tapNav(page, "Discounts");
    await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Light theme, and the desktop beside it, for a person to look at.
    await page.evaluate(() => localStorage.setItem("strata.theme", "light"));
    await page.goto(`/admin/orders?order=${orderId}`);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
    await picture(page, "phone-order-light");
    await page.goto("/admin/products");
    await expect(row).toBeVisible();
    await picture(page, "phone-products-light", { fullPage: true });
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await page.context().storageState() });
    const wide = await desktop.newPage();
    await wide.goto("/admin/products");
    await expect(wide.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    await picture(wide, "desktop-products-light", { fullPage: true });
    await wide.evaluate(() => localStorage.setItem("strata.theme", "dark"));
    await wide.goto("/admin/orders");
    await expect(wide.getByRole("heading", { level: 2, name: "To make" })).toBeVisible();
    await picture(wide, "desktop-orders-dark");
    await desktop.close();

    // Closing the tab with unsaved typing gets the browser's own question.
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    await page
      .getByRole("form", { name: `Edit ${name}` })
      .getByLabel("Name", { exact: true })
      .fill(`${name} (renamed)`);
    // The editor marks itself unsaved once React has committed the typing (an effect after the render): a close in
    // the same moment could come before it. Wait until the page would ask, without leaving it.
    await page.waitForFunction(() => {
      const leaving = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(leaving);
      return leaving.defaultPrevented;
    });
    const beforeUnload = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const question = await beforeUnload;
    expect(question.type()).toBe("beforeunload");
    await question.accept();
  });
});
