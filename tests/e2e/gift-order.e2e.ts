import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { signIn } from "./support/admin";
import { checkOutAndPay } from "./support/checkout";
import { gotoHydrated, reloadHydrated } from "./support/hydrated";
import { picture } from "./support/pictures";
import { expect, test } from "./support/test";

// A gift order (docs/decisions/0049-gift-orders.md): the shopper ticks "This is a gift" in the basket, writes the
// message and who it is from and sees the card as it will print; the payment page asks for the recipient's address;
// the confirmation shows the note; the owner reads it on the order and prints the slip and the A6 gift note card in
// one print (the PDF's pages counted, the card measured).

const GRANDCHILD = { email: "tom@example.co.uk", name: "Gran Gift", line1: "3 Orchard Row", city: "York", postcode: "YO1 7HH" };
const MESSAGE = "Happy birthday, Gran!\nSee you at Christmas";

/** How many pages a PDF has: the page tree's count (Chromium writes one tree). */
function pdfPageCount(pdf: Buffer): number {
  return Number(/\/Type\s*\/Pages\s*\/Count\s+(\d+)/.exec(pdf.toString("latin1"))?.[1] ?? 0);
}

/** Millimetres in CSS pixels (96 to the inch). */
const mm = (millimetres: number) => (millimetres * 96) / 25.4;

test("a shopper sends a gift with a note card; the owner prints the slip and the A6 gift note in one print", async ({ page, request }) => {
  const products = await loadCatalogue(request);
  const plain = pick(products, "simple product with unlimited stock", unlimitedSimple);
  await gotoHydrated(page, productPath(plain));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");

  await gotoHydrated(page, "/basket");
  await page.getByLabel("This is a gift").check();
  await page.getByLabel("Gift message").fill(MESSAGE);
  await page.getByLabel("From (optional)").fill("Tom");
  await expect(page.getByText("Printed on a gift note card in the parcel; prices never are. 208 characters left.")).toBeVisible();
  const card = page.getByRole("figure", { name: "Your gift note card" });
  await expect(card).toContainText("Happy birthday, Gran!");
  await expect(card).toContainText("From Tom");
  await picture(page.locator(".basket__gift"), "basket-gift");
  // Kept for the visit: a reload (or a return from the payment page) still has it.
  await reloadHydrated(page);
  await expect(page.getByLabel("Gift message")).toHaveValue(MESSAGE);
  await expect(page.getByLabel("From (optional)")).toHaveValue("Tom");

  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page.getByText("This order is a gift: enter the address of the person it is for as the delivery address.")).toBeVisible();
  await page.goBack();
  const orderId = await checkOutAndPay(page, GRANDCHILD);
  await expect(page.getByRole("heading", { name: "Gift note" })).toBeVisible();
  await expect(page.getByText("From Tom")).toBeVisible();

  await signIn(page);
  await page.goto(`/admin/orders?order=${orderId}`);
  const ownersCopy = page.locator(".admin-order__gift-message");
  await expect(ownersCopy).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point: it keeps a line break only where the page shows one.
  expect(await ownersCopy.evaluate((element) => (element as HTMLElement).innerText)).toBe(MESSAGE);

  await page.goto(`/admin/orders/${orderId}/slip`);
  const slip = page.getByRole("region", { name: /^Packing slip for order / });
  await expect(slip).toContainText("Gift order. Put the gift note card (the next page) in the parcel.");
  await expect(page.locator("body")).not.toContainText("£");
  const note = page.getByRole("region", { name: /^Gift note for order / });
  await expect(note).toContainText("From Tom");
  await picture(page, "slip-and-gift-note", { fullPage: true });
  // The print: the slip's page, then the gift note's, its card drawn at A6 (105 × 148 mm) to cut out.
  await page.emulateMedia({ media: "print" });
  expect(pdfPageCount(await page.pdf({ format: "A4" }))).toBe(2);
  const printed = await note.boundingBox();
  expect(Math.round(printed?.width ?? 0)).toBe(Math.round(mm(105)));
  expect(Math.round(printed?.height ?? 0)).toBe(Math.round(mm(148)));
});
