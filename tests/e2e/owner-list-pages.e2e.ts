import { adminNav, signIn } from "./support/admin";
import { pictureInBothThemes } from "./support/looks";
import { addOwnerListRows, type OwnShop, startOwnShop } from "./support/own-shop";
import { tapReachable } from "./support/tappable";
import { expect, test } from "./support/test";

// The owner's custom requests and discount codes a page at a time (docs/decisions/0059-every-list-bounded.md): the
// newest 50 requests, then Older; 100 codes in code order, then Next; a save keeps the owner on the page. The shop
// is this story's own (tests/e2e/support/own-shop.ts): its requests and codes would crowd the other stories'.

const REQUESTS = 55;
const CODES = 105;
let shop: OwnShop;

test.beforeAll(async () => {
  shop = await startOwnShop();
  addOwnerListRows(shop, REQUESTS, CODES);
});

test.afterAll(async () => {
  await shop?.stop();
});

test("the owner pages through 55 custom requests, newest first, and 105 discount codes in code order", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: { width: 1280, height: 800 }, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);

  await adminNav(page, "Orders").click();
  const requestPages = page.getByRole("navigation", { name: "Custom request pages" });
  const requests = page.getByRole("row").filter({ hasText: /Request \d+/ });
  await expect(requests).toHaveCount(50);
  await expect(requests.first()).toContainText("Request 55");
  await expect(requests.last()).toContainText("Request 6");
  await expect(requestPages.getByText("Page 1")).toBeVisible();
  await expect(requestPages.getByRole("button", { name: "Newer" })).toBeDisabled();

  await requestPages.getByRole("button", { name: "Older" }).click();
  await expect(requestPages.getByText("Page 2")).toBeVisible();
  await expect(requests).toHaveCount(REQUESTS - 50);
  await expect(requests.first()).toContainText("Request 5");
  await expect(requests.last()).toContainText("Request 1");
  await expect(requestPages.getByRole("button", { name: "Older" })).toBeDisabled();
  await requestPages.getByRole("button", { name: "Newer" }).click();
  await expect(requests).toHaveCount(50);
  await expect(requests.first()).toContainText("Request 55");

  await adminNav(page, "Discounts").click();
  const codePages = page.getByRole("navigation", { name: "Discount code pages" });
  const codes = page
    .getByRole("region", { name: "Discount codes table" })
    .getByRole("row")
    .filter({ hasText: /CODE\d+/ });
  await expect(codes).toHaveCount(100);
  await expect(codes.first()).toContainText("CODE001");
  await expect(codes.last()).toContainText("CODE100");

  await codePages.getByRole("button", { name: "Next" }).click();
  await expect(codePages.getByText("Page 2")).toBeVisible();
  await expect(codes).toHaveCount(CODES - 100);
  await expect(codes.first()).toContainText("CODE101");
  await expect(codePages.getByRole("button", { name: "Next" })).toBeDisabled();

  // A save reloads the page the owner is on, not the first.
  await page.getByRole("button", { name: "Switch off CODE103" }).click();
  await expect(page.getByText("CODE103 switched off.")).toBeVisible();
  await expect(codes.filter({ hasText: "CODE103 (off)" })).toHaveCount(1);
  await expect(codes).toHaveCount(CODES - 100);
  await expect(codePages.getByText("Page 2")).toBeVisible();

  await codePages.getByRole("button", { name: "Previous" }).click();
  await expect(codes).toHaveCount(100);
  await expect(codes.first()).toContainText("CODE001");
  await pictureInBothThemes(page, "owner-list-pages-codes-desktop");

  // On a phone a person can reach both pagers (inside the screen, nothing over them), and a tap on one turns the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await tapReachable(codePages.getByRole("button", { name: "Next" }));
  await expect(codePages.getByText("Page 2")).toBeVisible();
  await pictureInBothThemes(page, "owner-list-pages-codes-phone");
  await adminNav(page, "Orders").click();
  await tapReachable(requestPages.getByRole("button", { name: "Older" }));
  await expect(requestPages.getByText("Page 2")).toBeVisible();
  await pictureInBothThemes(page, "owner-list-pages-requests-phone");
  await context.close();
});
