import { loadCatalogue, pick, productPath, unlimitedSimple } from "./catalogue";
import { signIn } from "./support/admin";
import { checkOutAndPay } from "./support/checkout";
import { gotoHydrated, reloadHydrated } from "./support/hydrated";
import { expect, test } from "./support/test";

// The gift message (the recipe "Add a field to an order" in docs/architecture.md, followed once): the shopper
// types it in the basket, it survives a reload of the basket, the confirmation shows it, and the owner's packing
// slip prints it for the parcel.

const GRANDCHILD = { email: "tom@example.co.uk", name: "Tom Gift", line1: "3 Orchard Row", city: "York", postcode: "YO1 7HH" };

test("a shopper writes a gift message in the basket; the confirmation shows it and the packing slip prints it", async ({
  page,
  request,
}) => {
  const products = await loadCatalogue(request);
  const plain = pick(products, "simple product with unlimited stock", unlimitedSimple);
  await gotoHydrated(page, productPath(plain));
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByTestId("basket-count")).toHaveText("1");

  await gotoHydrated(page, "/basket");
  const field = page.getByLabel("Gift message (optional)");
  await field.fill("Happy birthday, Gran!\nLove from Tom");
  await expect(page.getByText("Printed on the packing slip in the parcel; prices never are. 265 characters left.")).toBeVisible();
  // Kept for the visit: a reload (or a return from the payment page) still has it.
  await reloadHydrated(page);
  await expect(page.getByLabel("Gift message (optional)")).toHaveValue("Happy birthday, Gran!\nLove from Tom");

  const orderId = await checkOutAndPay(page, GRANDCHILD);
  const gift = page.getByRole("heading", { name: "Gift message" });
  await expect(gift).toBeVisible();
  await expect(page.getByText("Happy birthday, Gran! Love from Tom")).toBeVisible();

  await signIn(page);
  // The owner reads it on the order's screen, the shopper's line break kept.
  await page.goto(`/admin/orders?order=${orderId}`);
  const ownersCopy = page.locator(".admin-order__gift-message");
  await expect(ownersCopy).toBeVisible();
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point: it keeps a line break only where the page shows one.
  expect(await ownersCopy.evaluate((element) => (element as HTMLElement).innerText)).toBe("Happy birthday, Gran!\nLove from Tom");

  await page.goto(`/admin/orders/${orderId}/slip`);
  const slip = page.getByRole("region", { name: `Packing slip for order ${orderId}` });
  await expect(slip).toContainText("Gift message");
  await expect(slip).toContainText("Happy birthday, Gran!");
  await expect(slip).not.toContainText("£");
});
