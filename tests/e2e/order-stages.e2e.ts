import type { Page } from "@playwright/test";
import { formatUkDay } from "../../shared/uk-day";
import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { adminNav, openOrderAsOwner, signIn } from "./support/admin";
import { checkOutAndPay, paidOrderThroughCalls } from "./support/checkout";
import { gpxRoute } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expectLoaded } from "./support/images";
import { pictureInBothThemes, readWithoutJavaScript } from "./support/looks";
import { chooseRoute } from "./support/route-upload";
import { expectReachable, tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// Dispatch dates and making stages (docs/decisions/0015-working-days.md,
// docs/decisions/0016-production-stages.md) as one story on a phone: a shopper is
// promised a dispatch day on the product page and basket, buys a relief map with their
// route and is told the day on the confirmation; the owner works it through the "To
// make" queue with one tap per stage, slips the dispatch date with a reason, and the
// shopper's order page (with JavaScript and without) follows, while the email waits in
// the outbox.

const POSTCODE = "CA12 5DJ";

/** A UK day `days` after today, as YYYY-MM-DD (the date field's value). */
function ukDayFromToday(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The owner's queue card of one order: other stories' orders are in the queue too. */
const card = (page: Page, orderId: string) => page.getByRole("listitem", { name: `Order ${orderId}` });

test.describe("made to order, in the open", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@phone a shopper sees the dispatch day and pays; the owner moves the order through the stages in To make, slips its date with a reason, and the shopper's page and outbox follow", async ({
    page,
    request,
    browser,
  }) => {
    const products = await loadCatalogue(request);
    const reliefMap = pick(products, "product that needs a GPX route", (p) => p.requiresGpx);
    const route = gpxRoute("Catbells ridge");

    // Before buying, the shopper is promised a day: the shop's own rule for now (the catalogue's dispatchBy).
    const promised = reliefMap.dispatchBy;
    const shortDay = formatUkDay(promised, { year: false });
    await gotoHydrated(page, productPath(reliefMap));
    await expect(page.getByText(new RegExp(`^Order (today|now), dispatched by ${shortDay}$`))).toBeVisible();
    await chooseRoute(page, route);
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(page.getByTestId("basket-count")).toHaveText("1");
    await gotoHydrated(page, "/basket");
    await expect(page.getByTestId("dispatch-by")).toHaveText(`Order now, dispatched by ${shortDay}`);
    const orderId = await checkOutAndPay(page, {
      email: "fellwalker@example.co.uk",
      name: "Nan Shepherd",
      line1: "3 Lakeside",
      city: "Keswick",
      postcode: POSTCODE,
    });
    await expect(page.getByTestId("dispatch-by")).toHaveText(`Dispatched by ${formatUkDay(promised)}`);

    // The owner, on the phone: the order waits in To make, queued, with the shopper's route drawn.
    await signIn(page);
    await adminNav(page, "Orders").click();
    await expect(page.getByRole("heading", { level: 2, name: "To make" })).toBeVisible();
    const order = card(page, orderId);
    await expect(order.getByText("Queued", { exact: true })).toBeVisible();
    await expectLoaded(order.getByRole("img", { name: `Route map and elevation profile of ${route.name}` }));

    // One tap per stage, each button in reach of a thumb.
    for (const stage of ["Printing", "Finishing", "Packed"]) {
      await tapReachable(order.getByRole("button", { name: `Next: ${stage}, order ${orderId}` }));
      await expect(page.getByRole("status").filter({ hasText: `Order ${orderId} moved to ${stage}.` })).toBeVisible();
      await expect(order.getByText(stage, { exact: true })).toBeVisible();
    }
    // Packed is as far as a tap goes: dispatching is the tracking form's.
    await expect(order.getByRole("button", { name: `Add tracking to dispatch order ${orderId}` })).toBeVisible();

    // The stage filter: the order is among the packed ones and not among the queued.
    await tapReachable(page.getByRole("button", { name: "Queued", exact: true, pressed: false }));
    await expect(page.getByRole("button", { name: "Queued", exact: true, pressed: true })).toBeVisible();
    await expect(order).toHaveCount(0);
    await tapReachable(page.getByRole("button", { name: "Packed", exact: true, pressed: false }));
    await expect(order).toHaveCount(1);

    // On the order screen: one step back and forward again, then the date slips twice with reasons.
    await tapReachable(order.getByRole("button", { name: `Open order ${orderId}` }));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
    const making = page.getByRole("region", { name: "Making" });
    await tapReachable(making.getByRole("button", { name: "Back: Finishing" }));
    await expect(making.getByText("Stage: Finishing")).toBeVisible();
    await tapReachable(making.getByRole("button", { name: "Next: Packed" }));
    await expect(making.getByText("Stage: Packed")).toBeVisible();

    const first = ukDayFromToday(10);
    const slipped = ukDayFromToday(12);
    const reason = "The walnut for the frame arrives a day later than promised.";
    // A day in the past is refused with the server's words.
    await making.getByLabel("New dispatch date").fill(ukDayFromToday(-1));
    await making.getByLabel("Reason (the shopper sees it)").fill(reason);
    await tapReachable(making.getByRole("button", { name: "Move dispatch date" }));
    await expect(making.getByRole("alert")).toHaveText("The dispatch date cannot be in the past (UK time): choose today or a later day.");

    await making.getByLabel("New dispatch date").fill(first);
    await making.getByLabel("Reason (the shopper sees it)").fill("Booked in for printing.");
    await tapReachable(making.getByRole("button", { name: "Move dispatch date" }));
    await expect(making.getByText(`Dispatch by ${formatUkDay(first)}`)).toBeVisible();
    await making.getByLabel("New dispatch date").fill(slipped);
    await making.getByLabel("Reason (the shopper sees it)").fill(reason);
    await tapReachable(making.getByRole("button", { name: "Move dispatch date" }));
    await expect(making.getByRole("status").filter({ hasText: `Dispatch date moved to ${formatUkDay(slipped)}.` })).toBeVisible();
    await expect(making.getByText(`Dispatch by ${formatUkDay(slipped)}`)).toBeVisible();
    await expect(making.getByText(`Was ${formatUkDay(first)}: ${reason}`)).toBeVisible();

    // The outbox holds the shopper's emails about the moves (no mail service here: they wait, unsent).
    const emails = page.getByRole("region", { name: "Emails about this order" });
    await expect(emails.getByRole("row").filter({ hasText: "dispatch-date" })).toHaveCount(2);
    await expect(emails.getByRole("row").filter({ hasText: "dispatch-date" }).first()).toContainText("fellwalker@example.co.uk");

    // The shopper, in a browser of their own: the timeline, the new day and what it was, with the reason.
    const shopper = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const shopperPage = await shopper.newPage();
    await gotoHydrated(shopperPage, `/order/${orderId}`);
    await shopperPage.getByLabel("Delivery postcode").fill(POSTCODE);
    await shopperPage.getByRole("button", { name: "View order" }).click();
    const progress = shopperPage.getByRole("region", { name: "Progress" });
    await expect(progress.getByText(`Dispatch by ${formatUkDay(slipped)}`)).toBeVisible();
    await expect(progress.getByText(`was ${formatUkDay(first)}`)).toBeVisible();
    await expect(progress.getByText(reason)).toBeVisible();
    const stages = progress.getByRole("list", { name: "Stages" }).getByRole("listitem");
    await expect(stages).toHaveText([
      /^Queued\d{1,2} \w+ \d{4} at \d\d:\d\d$/,
      /^Printing\d{1,2} \w+ \d{4} at \d\d:\d\d$/,
      /^Finishing\d{1,2} \w+ \d{4} at \d\d:\d\d$/,
      /^Packed\d{1,2} \w+ \d{4} at \d\d:\d\d$/,
      "DispatchedNot yet",
    ]);
    await expect(progress.getByRole("listitem").filter({ hasText: "Packed" })).toHaveAttribute("aria-current", "step");
    await shopper.close();

    // And without JavaScript: the plain form posts the postcode and the server shows the same progress.
    await readWithoutJavaScript(browser, async (plainPage) => {
      await plainPage.goto(`/order/${orderId}`);
      await plainPage.getByLabel("Delivery postcode").fill(POSTCODE);
      await plainPage.getByRole("button", { name: "View order" }).click();
      await expect(plainPage.getByRole("region", { name: "Progress" }).getByText(`Dispatch by ${formatUkDay(slipped)}`)).toBeVisible();
      await expect(plainPage.getByRole("list", { name: "Stages" }).getByRole("listitem")).toHaveCount(5);
      await expect(plainPage).toHaveURL(new RegExp(`/order/${orderId}$`));
    });
  });
});

/** The shopper's order page looked up with the postcode, as a person does it. */
async function lookUp(page: Page, orderId: string, postcode: string): Promise<void> {
  await gotoHydrated(page, `/order/${orderId}`);
  await page.getByLabel("Delivery postcode").fill(postcode);
  await page.getByRole("button", { name: "View order" }).click();
}

/** Pictures of the page in both themes at this viewport, for a person to look at (when asked for). */
const shoot = (page: Page, name: string) => pictureInBothThemes(page, name);

test.describe("the order page leads with what the shopper came for", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@phone once sent, the carrier and the tracking link come first under the heading; the stages alone say where it is; Copy copies the reference; a wrong postcode reads as an unknown order", async ({
    page,
    request,
    browser,
  }) => {
    const products = await loadCatalogue(request);
    const product = pick(products, "simple product with unlimited stock", unlimitedSimple);
    const postcode = "LA22 9SH";
    const orderId = await paidOrderThroughCalls(request, product.id, 1, {
      email: "beatrix@example.co.uk",
      name: "Beatrix Potter",
      line1: "Hill Top",
      city: "Near Sawrey",
      postcode,
    });

    const shopper = await browser.newContext({ viewport: { width: 390, height: 844 }, permissions: ["clipboard-read", "clipboard-write"] });
    const shopperPage = await shopper.newPage();

    // Being made: the stages say where it is, once; no "Processing" beside them, no parcel yet.
    await lookUp(shopperPage, orderId, postcode);
    const stages = shopperPage.getByRole("list", { name: "Stages" });
    await expect(stages.getByRole("listitem").filter({ hasText: "Queued" })).toHaveAttribute("aria-current", "step");
    await expect(shopperPage.getByText("Processing")).toHaveCount(0);
    await expect(shopperPage.getByText("Status", { exact: true })).toHaveCount(0);
    await expect(shopperPage.getByRole("region", { name: "On its way" })).toHaveCount(0);
    await shoot(shopperPage, "order-being-made-390");

    // The reference's Copy button puts the reference on the clipboard and says so.
    await tapReachable(shopperPage.getByRole("button", { name: "Copy order reference" }));
    await expect(shopperPage.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await shopperPage.evaluate(() => navigator.clipboard.readText())).toBe(orderId);

    // The owner sends it with Royal Mail.
    await openOrderAsOwner(page, orderId);
    await page.getByLabel("Carrier").fill("Royal Mail");
    await page.getByLabel("Tracking number").fill("RM123456785GB");
    await page.getByRole("button", { name: "Finalize shipment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Shipment finalized: the order is fulfilled." })).toBeVisible();

    // The shopper comes back: the parcel is the first thing under the heading, whole on the first screen.
    await lookUp(shopperPage, orderId, postcode);
    const parcel = shopperPage.getByRole("region", { name: "On its way" });
    await expect(parcel).toContainText(/^On its waySent with Royal Mail on \d{1,2} \w+ \d{4} at \d\d:\d\d\.Tracking number/);
    const link = parcel.getByRole("link", { name: "RM123456785GB" });
    await expect(link).toHaveAttribute("href", "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB");
    // The first block of the page after its heading (and the reference's Copy button) is the parcel's.
    expect(await shopperPage.evaluate(() => document.querySelector("main section")?.getAttribute("aria-labelledby"))).toBe(
      "order-parcel-title",
    );
    await shopperPage.evaluate(() => window.scrollTo(0, 0));
    const intro = await shopperPage.locator("main .page-intro").boundingBox();
    const box = await parcel.boundingBox();
    expect(box && intro && box.y - (intro.y + intro.height)).toBeLessThan(40);
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    // The link is in reach of a thumb (not followed: no story reaches the internet).
    await expectReachable(link);
    await expect(stages.getByRole("listitem").filter({ hasText: "Dispatched" })).toHaveAttribute("aria-current", "step");
    await expect(shopperPage.getByText("Status", { exact: true })).toHaveCount(0);
    await shopperPage.evaluate(() => window.scrollTo(0, 0));
    await shoot(shopperPage, "order-dispatched-390");
    await shopperPage.setViewportSize({ width: 1280, height: 900 });
    await shoot(shopperPage, "order-dispatched-desktop");

    // A wrong postcode reads exactly as an unknown order does: nothing about the real one shows.
    const unknown = `ORD-${"0".repeat(orderId.length - 5)}Z`;
    const refusal = async (id: string) => {
      await lookUp(shopperPage, id, "ZZ1 1ZZ");
      await expect(shopperPage.getByRole("alert")).toHaveText("Order not found");
      return ((await shopperPage.locator("main").textContent()) ?? "").replaceAll(id, "<id>");
    };
    expect(await refusal(orderId)).toBe(await refusal(unknown));
    await shopper.close();
  });
});
