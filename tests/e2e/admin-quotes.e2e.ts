import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe";
import { stlCube } from "./support/files";
import { picture } from "./support/pictures";
import { editorOf, historyOf, openRequestAsOwner, sendCustomRequest, ukDateIn } from "./support/quotes";
import { expectReachable } from "./support/tappable";
import { expect, test } from "./support/test";

/**
 * The owner's side: a custom request answered with a priced quote from /admin
 * (docs/decisions/0014-quotes.md). The story sends one custom request through
 * the shop's form (tests/e2e/support/quotes.ts counts them). The way from an
 * accepted quote to the paid order on the owner's screen is
 * tests/e2e/quote.e2e.ts's story.
 */

/** The admin has no theme switch of its own: set the html class as the storefront's switch does. */
async function showTheme(page: Page, theme: "light" | "dark"): Promise<void> {
  await page.evaluate((chosen) => {
    document.documentElement.classList.remove("light", "dark");
    document.documentElement.classList.add(chosen);
    document.documentElement.style.colorScheme = chosen;
  }, theme);
}

const previewOf = (page: Page) => page.getByRole("region", { name: "What the shopper will see" });

test.describe("the owner quotes for a custom request", () => {
  test("the owner writes a two-line quote, is refused for a past date without losing a line, sends it, copies the link and withdraws it", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const shopper = `Mary Anning ${Date.now().toString(36)}`;
    const file = stlCube(`ammonite-stand-${Date.now().toString(36)}.stl`);
    await sendCustomRequest(page, shopper, file, "A stand for an ammonite 9 cm across, in black, with my name on a plate.");
    await openRequestAsOwner(page, shopper);

    const asked = page.getByRole("region", { name: "The request" });
    await expect(asked).toContainText("A stand for an ammonite 9 cm across");
    await expect(asked.getByRole("link", { name: file.name })).toHaveAttribute(
      "href",
      /\/api\/admin\/custom-requests\/[^/]+\/attachments\/[^/]+\/download$/,
    );
    await expect(historyOf(page)).toContainText("No quotes sent yet.");

    const editor = editorOf(page, shopper);
    const preview = previewOf(page);
    const line = (n: number) => editor.getByRole("group", { name: `Line ${n}`, exact: true });
    const previewRow = (heading: string) =>
      preview.getByRole("row").filter({ has: page.getByRole("rowheader", { name: heading, exact: true }) });
    await expect(editor.getByLabel("Valid until")).toHaveValue(ukDateIn(14));
    // A quote has at least one line: the only line cannot be removed.
    await expect(line(1).getByRole("button", { name: "Remove line 1" })).toBeDisabled();

    await line(1).getByLabel("Description").fill("Ammonite display stand, black PETG");
    // Two stands at £22.50 each: the price is of one, the line costs it times its quantity (decision 0027).
    await expect(line(1).getByLabel("Quantity")).toHaveValue("1");
    await line(1).getByLabel("Quantity").fill("2");
    await line(1).getByLabel("Price each (£)").fill("22.50");
    await editor.getByRole("button", { name: "Add line" }).click();
    await line(2).getByLabel("Description").fill("Engraved name plate");
    await line(2).getByLabel("Price each (£)").fill("12.50");
    await editor.getByRole("button", { name: "Add line" }).click();
    await line(3).getByLabel("Description").fill("Spare rubber feet");
    await line(3).getByLabel("Price each (£)").fill("3.99");
    await expect(previewRow("Total")).toContainText("£61.49 + delivery");

    await line(3).getByRole("button", { name: "Remove line 3" }).click();
    await expect(editor.getByRole("group", { name: /^Line \d+$/ })).toHaveCount(2);
    await expect(preview.getByRole("rowheader")).toHaveText([
      /^2 × Ammonite display stand, black PETG\s*£22\.50 each$/,
      "1 × Engraved name plate",
      "Delivery",
      "Total",
    ]);
    await expect(preview.getByRole("row").first()).toContainText("£45.00");
    // Blank delivery is the shop's rule, worked out by the server when sending: the preview does not guess it.
    await expect(previewRow("Delivery")).toContainText("Shop's delivery rule");
    await expect(previewRow("Total")).toContainText("£57.50 + delivery");
    await editor.getByLabel("Delivery (£)").fill("4.50");
    await expect(previewRow("Delivery")).toContainText("£4.50");
    await expect(previewRow("Total")).toContainText("£62.00");
    await editor.getByLabel("Lead time (working days)").fill("10");
    await editor.getByLabel("Note to the shopper (optional)").fill("I can have it with you before the fossil fair.");
    await expect(preview).toContainText("Lead time: 10 working days.");
    await expect(preview).toContainText("I can have it with you before the fossil fair.");
    await expect(preview).toContainText("the 14-day right to cancel does not apply");

    // The editor on a desktop and on a 390 × 844 phone, light and dark: every button within reach.
    const desktop = page.viewportSize();
    for (const [size, viewport] of [
      ["desktop", desktop],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      if (viewport) await page.setViewportSize(viewport);
      for (const theme of ["light", "dark"] as const) {
        await showTheme(page, theme);
        for (const name of ["Remove line 1", "Remove line 2", "Add line", "Send quote"]) {
          await expectReachable(editor.getByRole("button", { name, exact: true }));
        }
        // From the top, so the sticky header is drawn where it belongs rather than over the editor.
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
        await picture(page, `quote-editor-${size}-${theme}`, { fullPage: true });
        // Every rule in dark; in light only contrast, the one rule a theme changes (as accessibility.e2e.ts does).
        if (size === "desktop")
          await expectNoSeriousViolations(page, `the quote editor (${theme})`, { onlyRules: theme === "light" ? ["color-contrast"] : [] });
      }
    }
    if (desktop) await page.setViewportSize(desktop);

    // The server refuses a date in the past; its words show by the form, and nothing typed is lost.
    await editor.getByLabel("Valid until").fill("2020-01-01");
    await editor.getByRole("button", { name: "Send quote" }).click();
    await expect(editor.getByRole("alert")).toHaveText("Valid until must be today or later (UK time).");
    await expect(line(1).getByLabel("Description")).toHaveValue("Ammonite display stand, black PETG");
    await expect(line(1).getByLabel("Quantity")).toHaveValue("2");
    await expect(line(1).getByLabel("Price each (£)")).toHaveValue("22.50");
    await expect(line(2).getByLabel("Description")).toHaveValue("Engraved name plate");
    await expect(line(2).getByLabel("Price each (£)")).toHaveValue("12.50");
    await expect(editor.getByLabel("Delivery (£)")).toHaveValue("4.50");
    await expect(editor.getByLabel("Note to the shopper (optional)")).toHaveValue("I can have it with you before the fossil fair.");

    await editor.getByLabel("Valid until").fill(ukDateIn(14));
    await editor.getByRole("button", { name: "Send quote" }).click();
    await expect(page.getByRole("heading", { name: "Quote sent" })).toBeVisible();
    const linkField = page.getByLabel("The shopper's link");
    await expect(linkField).toHaveValue(/\/quote\/qt_[0-9a-f]{24}\?t=[A-Za-z0-9_-]{43}$/);
    const link = await linkField.inputValue();
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByText("it cannot be shown again")).toBeVisible();
    // The browser stories' shop runs without Resend: the owner is told the email only waits in the outbox.
    await expect(
      page.getByText("Email is not set up, so the quote email to mary@example.co.uk waits in the outbox: send them the link yourself."),
    ).toBeVisible();
    await expect(asked).toContainText("In progress");

    // The link is the shopper's: it opens exactly the quote that was typed.
    const { pathname, searchParams } = new URL(link);
    const quoteId = pathname.split("/").pop() ?? "";
    const shopperView = await page.request.get(`/api/quotes/${quoteId}?t=${searchParams.get("t")}`);
    expect(shopperView.status()).toBe(200);
    expect(await shopperView.json()).toMatchObject({
      status: "sent",
      lines: [
        { description: "Ammonite display stand, black PETG", amount_cents: 2250, quantity: 2 },
        { description: "Engraved name plate", amount_cents: 1250, quantity: 1 },
      ],
      delivery_cents: 450,
      total_cents: 6200,
      valid_until: ukDateIn(14),
      lead_time_days: 10,
      message: "I can have it with you before the fossil fair.",
      attachments: [{ filename: file.name }],
    });

    // The history (the lead's `quotes` on the request) lists it as sent; withdrawing asks first.
    const version1 = historyOf(page).getByRole("listitem", { name: "Version 1" });
    // The state is its own word (the line "Sent 24 Nov 2026, 09:18" beside it is when it was written).
    const state = (word: string) => version1.getByText(word, { exact: true });
    await expect(state("Sent")).toBeVisible();
    await expect(version1).toContainText("£62.00");
    await expect(version1.getByRole("listitem").first()).toHaveText(/^2 × Ammonite display stand, black PETG\s*£45\.00$/);
    const asked1: string[] = [];
    page.once("dialog", (dialog) => {
      asked1.push(dialog.message());
      void dialog.dismiss();
    });
    await version1.getByRole("button", { name: "Withdraw version 1" }).click();
    await expect.poll(() => asked1).toEqual(["Withdraw version 1? The shopper will no longer be able to accept or pay it."]);
    await expect(state("Sent")).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await version1.getByRole("button", { name: "Withdraw version 1" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version 1 withdrawn." })).toBeVisible();
    await expect(state("Withdrawn")).toBeVisible();
    await expect(state("Sent")).toHaveCount(0);
    await expect(version1.getByRole("button", { name: "Withdraw version 1" })).toHaveCount(0);
    const afterWithdrawal = await page.request.get(`/api/quotes/${quoteId}?t=${searchParams.get("t")}`);
    expect(await afterWithdrawal.json()).toMatchObject({ status: "withdrawn" });
  });
});
