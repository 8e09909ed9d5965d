import type { Page } from "@playwright/test";
import { formatUkDay } from "../../shared/uk-day";
import { loadCatalogue, pick, productPath } from "./catalogue";
import { adminNav, signIn } from "./support/admin";
import { checkOutAndPay } from "./support/checkout";
import { gpxRoute } from "./support/files";
import { gotoHydrated } from "./support/hydrated";
import { expectLoaded } from "./support/images";
import { chooseRoute } from "./support/route-upload";
import { tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// Issue 14 as one story on a phone: a shopper is promised a dispatch day on the
// product page and basket, buys a relief map with their route and is told the day
// on the confirmation; the owner works it through the "To make" queue with one tap per
// stage, slips the dispatch date with a reason, and the shopper's order page
// (with JavaScript and without) follows, while the email waits in the outbox.

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
    // A purchase with an upload, the owner's screens and two order pages on a machine shared with other stories.
    test.setTimeout(120_000);
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
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plainPage = await plain.newPage();
    await plainPage.goto(`/order/${orderId}`);
    await plainPage.getByLabel("Delivery postcode").fill(POSTCODE);
    await plainPage.getByRole("button", { name: "View order" }).click();
    await expect(plainPage.getByRole("region", { name: "Progress" }).getByText(`Dispatch by ${formatUkDay(slipped)}`)).toBeVisible();
    await expect(plainPage.getByRole("list", { name: "Stages" }).getByRole("listitem")).toHaveCount(5);
    await expect(plainPage).toHaveURL(new RegExp(`/order/${orderId}$`));
    await plain.close();
  });
});
