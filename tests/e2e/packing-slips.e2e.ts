import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { openOrderAsOwner } from "./support/admin";
import { buyOneAndPay, paidOrderThroughCalls } from "./support/checkout";
import { gpxRoute } from "./support/files";
import { expectLoaded } from "./support/images";
import { picture } from "./support/pictures";
import { chooseRoute } from "./support/route-upload";
import { expect, test } from "./support/test";

// Packing slips (docs/decisions/0019-packing-slips.md) as one story: two shoppers pay
// (one with their route), the owner opens a packing slip from the order screen and
// all of today's from the orders page, and the slips print one order to a page, with
// JavaScript or without.

const WALKER = { email: "walker@example.co.uk", name: "Dorothy Wordsworth", line1: "Dove Cottage", city: "Grasmere", postcode: "LA22 9SH" };
const GARDENER = {
  email: "gardener@example.co.uk",
  name: "Gertrude Jekyll",
  line1: "Munstead Wood",
  city: "Godalming",
  postcode: "GU7 1UN",
};

/** Pages in a PDF that Chromium wrote: one "/Type /Page" object each (the page tree is "/Type /Pages"). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

test("the owner prints a packing slip from the order screen and today's from the orders page: one order per printed page, the route drawn, no prices", async ({
  page,
  request,
  browser,
}) => {
  const products = await loadCatalogue(request);
  const reliefMap = pick(products, "product that needs a GPX route", (p) => p.requiresGpx);
  const plain = pick(products, "simple product with unlimited stock", unlimitedSimple);
  const route = gpxRoute("Fairfield horseshoe");

  const mapOrder = await buyOneAndPay(page, productPath(reliefMap), WALKER, async () => {
    await chooseRoute(page, route);
  });
  const plainOrder = await paidOrderThroughCalls(request, plain.id, 1, GARDENER);

  // From the order screen: the slip opens in its own tab.
  await openOrderAsOwner(page, mapOrder);
  const [slip] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "Packing slip" }).click()]);
  await expect(slip).toHaveURL(new RegExp(`/admin/orders/${mapOrder}/slip$`));
  const section = slip.getByRole("region", { name: `Packing slip for order ${mapOrder}` });
  await expect(section).toContainText("Return address");
  await expect(section).toContainText("Deliver to");
  await expect(section).toContainText(WALKER.name);
  await expect(section).toContainText(WALKER.postcode);
  await expect(section).toContainText(reliefMap.name);
  await expectLoaded(section.getByRole("img", { name: `Route map and elevation profile of ${route.name}` }));
  await expect(slip.locator("body")).not.toContainText("£");
  await slip.emulateMedia({ media: "print" });
  await picture(slip, "packing-slip-print", { fullPage: true });
  expect(pdfPageCount(await slip.pdf({ format: "A4" }))).toBe(1);
  await slip.close();

  // From the orders page: every order to dispatch, both of these among them.
  await page.getByRole("button", { name: "← All orders" }).click();
  const [today] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "Print today's packing slips" }).click(),
  ]);
  await expect(today).toHaveURL(/\/admin\/slips$/);
  for (const id of [mapOrder, plainOrder]) await expect(today.getByRole("region", { name: `Packing slip for order ${id}` })).toBeVisible();
  await today.close();

  // The two chosen, printed: each section after the first starts a page, and the PDF has exactly two.
  const both = await page.context().newPage();
  await both.goto(`/admin/slips?ids=${mapOrder},${plainOrder}`);
  await both.emulateMedia({ media: "print" });
  const sections = both.locator("section.slip");
  await expect(sections).toHaveCount(2);
  const breaks = await sections.evaluateAll((elements) => elements.map((element) => getComputedStyle(element).breakBefore));
  expect(breaks).toEqual(["auto", "page"]);
  await expectLoaded(both.getByRole("img", { name: `Route map and elevation profile of ${route.name}` }));
  await picture(both, "packing-slips-print", { fullPage: true });
  expect(pdfPageCount(await both.pdf({ format: "A4" }))).toBe(2);
  await both.close();

  // With JavaScript off, the same slips, and still two printed pages.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    await noScript.addCookies(await page.context().cookies());
    const plainPage = await noScript.newPage();
    await plainPage.goto(`/admin/slips?ids=${mapOrder},${plainOrder}`);
    await expect(plainPage.getByRole("region", { name: `Packing slip for order ${plainOrder}` })).toContainText(GARDENER.name);
    expect(pdfPageCount(await plainPage.pdf({ format: "A4" }))).toBe(2);
  } finally {
    await noScript.close();
  }
});
