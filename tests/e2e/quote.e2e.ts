import { type BrowserContext, devices, type Locator, type Page } from "@playwright/test";
import { adminNav } from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { payButton, payDemoCheckoutAs } from "./support/checkout";
import { stlCube } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { PICTURES_WANTED, picture } from "./support/pictures";
import { editorOf, historyOf, openRequestAsOwner, sendCustomRequest } from "./support/quotes";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// A custom request becomes a quote the shopper answers on the quote page
// (docs/decisions/0014-quotes.md). The request goes through the real form, once for all
// three stories: the shop takes five sends per ten minutes from an address and the whole
// suite shares one (tests/e2e/support/quotes.ts). The owner writes the quote in /admin's
// editor. On a desktop the stories run in order on the one quote: ask for changes (no
// JavaScript), then open the payment page with a double click. The phone story (@phone,
// the phone project) has a quote of its own from the same beforeAll: a line of 2, read,
// answered, cancelled back to and paid (decision 0027).

const MADE_TO_SPECIFICATION =
  "Made to your specification: because this item is made to your own specification, the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, regulation 28(1)(b)). If it arrives faulty or not as described, you are fully covered: contact us and we will repair, replace or refund it.";

/** The owner's quote, typed into the editor on the request's screen in /admin. */
const QUOTE = {
  // Two stands at £16 each: the line costs £32 (decision 0027).
  lines: [
    { description: "Fossil display stand, printed in grey PETG", quantity: "2", pounds: "16.00" },
    { description: "Design time", quantity: "1", pounds: "8.00" },
  ],
  delivery: "4.50",
  leadTimeDays: "7",
  message: "One stand sized for the ammonite in your photo.",
};

/** The owner, signed in, opens the request and sends QUOTE from the editor: answers the shopper's link (path and query). */
async function quoteAsOwner(owner: Page, shopper: string): Promise<string> {
  await openRequestAsOwner(owner, shopper);
  const editor = editorOf(owner, shopper);
  const line = (n: number) => editor.getByRole("group", { name: `Line ${n}`, exact: true });
  for (const [index, { description, quantity, pounds }] of QUOTE.lines.entries()) {
    if (index > 0) await editor.getByRole("button", { name: "Add line" }).click();
    await line(index + 1)
      .getByLabel("Description")
      .fill(description);
    await line(index + 1)
      .getByLabel("Quantity")
      .fill(quantity);
    await line(index + 1)
      .getByLabel("Price each (£)")
      .fill(pounds);
  }
  await editor.getByLabel("Delivery (£)").fill(QUOTE.delivery);
  await editor.getByLabel("Lead time (working days)").fill(QUOTE.leadTimeDays);
  await editor.getByLabel("Note to the shopper (optional)").fill(QUOTE.message);
  await editor.getByRole("button", { name: "Send quote" }).click();
  const link = await owner.getByLabel("The shopper's link").inputValue();
  const url = new URL(link);
  expect(url.pathname).toMatch(/^\/quote\/qt_\w+$/);
  return `${url.pathname}${url.search}`;
}

/** The page as the shopper sees it, in the dark theme it opened in and in the light one, for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!PICTURES_WANTED) return;
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.classList.remove("light", "dark");
      document.documentElement.classList.add(chosen);
    }, theme);
    await picture(page, `${name}-${theme}`, { fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove("light"));
  await page.evaluate(() => document.documentElement.classList.add("dark"));
}

/** Nothing in `region` reaches past the right edge of the screen: no sideways scrolling on a phone. */
async function fitsTheScreen(page: Page, region: Locator): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const box = await region.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * The phone of the quote story (docs/decisions/0014-quotes.md), 390 × 844, touch; set per story so the group shares
 * one request and one project.
 */
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent: devices["Pixel 7"].userAgent,
  deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
};

test.describe
  .serial("a quote for a custom request, answered on the quote page", () => {
    const unique = Date.now().toString(36);
    const shopper = `Mary Anning ${unique}`;
    const file = stlCube(`ammonite-stand-${unique}.stl`, 20);
    let quotePath = "";
    let ownerContext: BrowserContext;
    let owner: Page;

    test.beforeAll(async ({ browser }) => {
      // Stated in full: Playwright gives a context made here the current story's options, and the form needs JavaScript.
      const options = { baseURL: test.info().project.use.baseURL, javaScriptEnabled: true, viewport: { width: 1280, height: 800 } };
      const shopperContext = await browser.newContext(options);
      await sendCustomRequest(await shopperContext.newPage(), shopper, file, "A display stand for an ammonite, about 12 cm across.");
      await shopperContext.close();
      // The owner stays signed in for the last story's order screen: sign-in allows 10 tries a minute.
      ownerContext = await browser.newContext(options);
      owner = await ownerContext.newPage();
      quotePath = await quoteAsOwner(owner, shopper);
    });
    test.afterAll(async () => ownerContext?.close());

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("Ask for changes with a message posts the plain form and lands back on the quote with a note", async ({ page }) => {
        await page.goto(quotePath);
        await expect(page.getByRole("heading", { level: 1, name: "Quote for your custom request" })).toBeVisible();
        await page.getByLabel("What would you like changed?").fill("Could the stand be 5 mm taller, please?");
        await page.getByRole("button", { name: "Ask for changes" }).click();

        await expect(page).toHaveURL(new RegExp(`${quotePath.replace(/[?]/g, "\\?")}&done=changes$`));
        await expect(page.getByRole("status").filter({ hasText: "Thank you — your message has been sent." })).toHaveText(
          "Thank you — your message has been sent. We will reply by email with a new quote.",
        );
        await expect(
          page.getByText("You have asked for changes: we will reply by email with a new quote. You can still accept this one as it is."),
        ).toBeVisible();
      });
    });

    test("a double click on Accept and pay asks for one payment page, and the page reads well in the light theme", async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem("strata.theme", "light"));
      await gotoHydrated(page, quotePath);
      await expectNoSeriousViolations(page, "the quote page (light)", { onlyRules: ["color-contrast"] });
      await shoot(page, "quote-page-desktop");
      const accepts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && /\/api\/quotes\/[^/]+\/accept$/.test(new URL(request.url()).pathname))
          accepts.push(request.url());
      });
      await page.getByRole("button", { name: "Accept and pay" }).dblclick();
      await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
      await expect(payButton(page)).toBeVisible();
      expect(accepts).toHaveLength(1);
    });

    test.describe("on a phone", () => {
      test.use(PHONE);

      test("the shopper reads '2 × …' and what they asked for, asks for changes, finds name and email filled on the payment page, cancels back to the quote, pays, and the Paid quote links to the order @phone", async ({
        page,
      }) => {
        await gotoHydrated(page, quotePath);
        await expect(page.getByRole("heading", { level: 1, name: "Quote for your custom request" })).toBeVisible();
        const quote = page.getByRole("region", { name: "The quote" });
        await expect(quote.getByRole("list", { name: "What is included" }).getByRole("listitem")).toHaveText([
          /^2 × Fossil display stand, printed in grey PETG\s*£16\.00 each\s*£32\.00$/,
          /^1 × Design time\s*£8\.00$/,
        ]);
        await expect(quote.getByText("Subtotal")).toBeVisible();
        await expect(quote.locator(".order-totals__total")).toHaveText(/Total\s*£44\.50/);
        await expect(quote.getByText("Made and dispatched within 7 working days of payment")).toBeVisible();
        await expect(quote.getByText("One stand sized for the ammonite in your photo.")).toBeVisible();
        await expect(quote.getByText(MADE_TO_SPECIFICATION)).toBeVisible();
        const asked = page.getByRole("region", { name: "What you asked for" });
        await expect(asked).toContainText("A display stand for an ammonite, about 12 cm across.");
        await expect(asked.getByRole("list", { name: "Your files" })).toHaveText(file.name);
        await expectNoSeriousViolations(page, "the quote page on a phone (dark)");
        await fitsTheScreen(page, quote.getByRole("list", { name: "What is included" }));
        for (const name of ["Ask for changes", "Decline"]) await expectReachable(page.getByRole("button", { name, exact: true }));

        // Their message comes back with the quote, under what they asked for.
        await page.getByLabel("What would you like changed?").fill("Could the stands be 5 mm taller, please?");
        await tapReachable(page.getByRole("button", { name: "Ask for changes" }));
        await expect(page.getByRole("status").filter({ hasText: "Thank you — your message has been sent." })).toBeVisible();
        await expect(asked.getByRole("list", { name: "Your messages" })).toContainText(
          /Asking for changes to quote 1, \w+day \d{1,2} \w+ \d{4}\s*Could the stands be 5 mm taller, please\?/,
        );
        await fitsTheScreen(page, asked);
        await shoot(page, "quote-page-phone");

        // The payment page opens with the request's name and email; Cancel goes back to the quote, not the basket.
        await tapReachable(page.getByRole("button", { name: "Accept and pay" }));
        await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
        await expect(page.getByRole("heading", { level: 1, name: "Pay £44.50" })).toBeVisible();
        await expect(page.getByText("2 × Fossil display stand, printed in grey PETG")).toBeVisible();
        await expect(page.getByLabel("Email")).toHaveValue("mary@example.co.uk");
        await expect(page.getByLabel("Full name")).toHaveValue(shopper);
        await shoot(page, "quote-payment-phone");
        await tapReachable(page.getByRole("button", { name: "Cancel and return to your quote" }));
        await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === quotePath);
        await expect(page.getByRole("button", { name: "Accept and pay" })).toBeVisible();

        await tapReachable(page.getByRole("button", { name: "Accept and pay" }));
        await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
        await expect(page.getByLabel("Full name")).toHaveValue(shopper);
        const orderId = await payDemoCheckoutAs(page, {
          email: "mary@example.co.uk",
          name: shopper,
          line1: "1 Broad Street",
          city: "Lyme Regis",
          postcode: "DT7 3QD",
        });
        await expect(page).toHaveURL(/\/success\?session_id=cs_demo_/);

        // The link now says it is paid, offers nothing more to press, and leads to the order.
        await gotoHydrated(page, quotePath);
        await expect(page.getByText(`Paid — thank you. Your order reference is ${orderId}.`)).toBeVisible();
        await expect(page.getByRole("button", { name: "Accept and pay" })).toHaveCount(0);
        await shoot(page, "quote-paid-phone");
        await tapReachable(page.getByRole("link", { name: "View your order" }));
        await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));

        // The owner's order screen: the quote's lines with their quantities, and the request's file to download.
        await owner.goto("/admin");
        await adminNav(owner, "Orders").click();
        await owner.getByRole("button", { name: `View order ${orderId}` }).click();
        await expect(owner.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
        await expect(owner.getByText("2 × Fossil display stand, printed in grey PETG").first()).toBeVisible();
        await expect(owner.getByRole("link", { name: file.name })).toHaveAttribute(
          "href",
          /^\/api\/admin\/custom-requests\/[^/]+\/attachments\/[^/]+\/download$/,
        );
        // From the order back to the request: its history shows the quote paid, with the order linked.
        await owner.getByRole("region", { name: "Custom request" }).getByRole("button", { name: "Open the request" }).click();
        const version1 = historyOf(owner).getByRole("listitem", { name: "Version 1" });
        await expect(version1.getByText("Paid", { exact: true })).toBeVisible();
        await version1.getByRole("link", { name: `Order ${orderId}` }).click();
        await expect(owner.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
      });
    });
  });
