import type { Page } from "@playwright/test";
import { ukToday } from "../../shared/uk-day";
import { signIn } from "./support/admin";
import { gotoHydrated } from "./support/hydrated";
import { pictureInBothThemes } from "./support/looks";
import { type MailStandIn, startMailStandIn } from "./support/mail";
import { emailDayComes, type OwnShop, startOwnShop } from "./support/own-shop";
import { PICTURES_WANTED } from "./support/pictures";
import { expect, test } from "./support/test";

// A gift voucher from buying to spending (docs/decisions/0054-gift-vouchers.md), on a phone: a shopper buys a £50
// voucher for someone with tomorrow as its day; the email waits for that morning, then reaches the person it is for;
// they spend part of it on a gift order with a message (the voucher pays it all, so the shop's own page places it
// with no card); the owner prints the slip and the gift note (two pages); the voucher shows what is left. The shop
// is this story's own (tests/e2e/support/own-shop.ts), sending its emails through a mail service stand-in
// (tests/e2e/support/mail.ts), so the story reads each email as the person it is for would.

const PHONE = { width: 390, height: 844 };
const BUYER = { email: "ada@example.co.uk", name: "Ada Buyer", line1: "12 St James's Square", city: "London", postcode: "SW1Y 4JH" };
const FRIEND = { email: "grace@example.co.uk", name: "Grace Friend", line1: "3 Orchard Row", city: "York", postcode: "YO1 7HH" };
const VOUCHER_MESSAGE = "Happy birthday, Grace! Choose something lovely.";
const GIFT_MESSAGE = "For Dad's garden, with love";

let shop: OwnShop;
let mail: MailStandIn;

test.beforeAll(async () => {
  mail = await startMailStandIn();
  shop = await startOwnShop(mail.env);
});
test.afterAll(async () => {
  await shop?.stop();
  await mail?.stop();
});

/** How many pages a PDF has: the page tree's count (Chromium writes one tree). */
const pdfPageCount = (pdf: Buffer) => Number(/\/Type\s*\/Pages\s*\/Count\s+(\d+)/.exec(pdf.toString("latin1"))?.[1] ?? 0);

/** The day after `day` (YYYY-MM-DD), as a date field takes it. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Waits until an email to `to` whose subject matches has arrived at the mail service; answers it. */
async function emailTo(to: string, subject: RegExp) {
  let found: Awaited<ReturnType<MailStandIn["delivered"]>>[number] | undefined;
  await expect(async () => {
    found = (await mail.delivered()).find((email) => email.to.includes(to) && subject.test(email.subject));
    expect(found).toBeDefined();
  }).toPass({ timeout: 30_000 });
  return found!;
}

/** Pictures of the page at a desktop's width in both themes (only when pictures are asked for), then back to the phone. */
async function desktopPictures(page: Page, name: string): Promise<void> {
  if (!PICTURES_WANTED) return;
  await page.setViewportSize({ width: 1280, height: 900 });
  await pictureInBothThemes(page, name, { fullPage: true });
  await page.setViewportSize(PHONE);
}

/** The shop's own page's fields: the email and delivery address. */
async function fillAddress(page: Page, person: typeof BUYER): Promise<void> {
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Full name").fill(person.name);
  await page.getByLabel("Address line 1", { exact: true }).fill(person.line1);
  await page.getByLabel("Town or city", { exact: true }).fill(person.city);
  await page.getByLabel("Postcode", { exact: true }).fill(person.postcode);
}

test("@phone a voucher bought for a friend reaches them on its day; they spend part on a gift and the rest stays on it", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const sendOn = dayAfter(ukToday(new Date()));

  // The buyer: £50, for Grace, sent tomorrow, with a message.
  await gotoHydrated(page, "/products/gift-voucher");
  await page.getByRole("radio", { name: /£50/ }).check();
  await page.getByLabel("Their email (leave blank to have it sent to you)").fill(FRIEND.email);
  await page.getByLabel("Send it on (leave blank to send it once paid)").fill(sendOn);
  await page.getByLabel("Message (optional)").fill(VOUCHER_MESSAGE);
  await page.getByRole("button", { name: "Add to basket" }).tap();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
  await gotoHydrated(page, "/basket");
  await page.getByRole("button", { name: "Checkout" }).tap();
  await expect(page).toHaveURL(/\/checkout\/demo\/cs_demo_/);
  await fillAddress(page, BUYER);
  // Nothing to post: the one address asked for is the billing address, and no delivery is charged.
  await expect(page.getByRole("group", { name: "Billing address" })).toBeVisible();
  const deliveryLine = page.getByRole("region", { name: "Order summary" }).getByRole("listitem").filter({ hasText: "None — emailed" });
  await expect(deliveryLine).toHaveText(/^Delivery\s*None — emailed$/);
  await pictureInBothThemes(page, "voucher-payment-phone", { fullPage: true });
  await desktopPictures(page, "voucher-payment-desktop");
  await page.getByRole("button", { name: "Pay £50.00 (test)" }).tap();
  await expect(page.getByRole("status")).toContainText("Your order reference is ORD-");

  // The buyer's confirmation comes at once; the voucher waits for 08:00 UK on its day.
  await emailTo(BUYER.email, /is confirmed$/);
  expect((await mail.delivered()).filter((email) => email.to.includes(FRIEND.email))).toEqual([]);
  const waiting = emailDayComes(shop, "gift-voucher");
  expect(waiting).toHaveLength(1);
  expect(waiting[0]!.recipient).toBe(FRIEND.email);
  expect(
    new Date(waiting[0]!.next_attempt_at).toLocaleString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }),
  ).toBe("08:00");
  expect(new Date(waiting[0]!.next_attempt_at).toLocaleDateString("en-CA", { timeZone: "Europe/London" })).toBe(sendOn);

  // Its day: Grace's email arrives with the code, the amount and Ada's message.
  const voucherEmail = await emailTo(FRIEND.email, /gift voucher/i);
  expect(voucherEmail.text).toContain("£50.00");
  expect(voucherEmail.text).toContain(VOUCHER_MESSAGE);
  const code = /Your code: ([A-Z0-9-]{19})/.exec(voucherEmail.text)?.[1] ?? "";
  expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);

  // Grace, on her own phone: a £24 bird feeder as a gift for her dad, paid with the voucher.
  const friendContext = await browser.newContext({ baseURL: shop.origin, viewport: PHONE, isMobile: true, hasTouch: true });
  const friend = await friendContext.newPage();
  await gotoHydrated(friend, "/products/bird-feeder");
  await friend.getByRole("button", { name: "Add to basket" }).tap();
  await expect(friend.getByTestId("basket-count")).toHaveText("1");
  await gotoHydrated(friend, "/basket");
  await friend.getByLabel("This is a gift").check();
  await friend.getByLabel("Gift message").fill(GIFT_MESSAGE);
  await friend.getByLabel("From (optional)").fill("Grace");
  await friend.getByLabel("Gift voucher", { exact: true }).fill(code.toLowerCase().replaceAll("-", " "));
  await friend.getByLabel("Gift voucher", { exact: true }).press("Enter");
  await expect(friend.getByText("Gift voucher applied: £50.00 to spend.")).toBeVisible();
  await expect(friend.getByTestId("voucher")).toHaveText("−£29.00");
  await expect(friend.getByTestId("total")).toHaveText("£0.00");
  await pictureInBothThemes(friend, "basket-voucher-phone", { fullPage: true });

  // Nothing to pay: the shop's own page places the order, no card asked for.
  await friend.getByRole("button", { name: "Checkout" }).tap();
  await expect(friend).toHaveURL(/\/checkout\/voucher\/cs_voucher_/);
  await expect(friend.getByRole("heading", { level: 1, name: "Confirm your order" })).toBeVisible();
  await expect(friend.getByText("Your gift voucher pays for this order in full, so no card is needed.")).toBeVisible();
  await expect(friend.getByText("This order is a gift: enter the address of the person it is for as the delivery address.")).toBeVisible();
  await expect(friend.getByLabel("Billing address, if different")).toHaveCount(0);
  await fillAddress(friend, { ...FRIEND, name: "Tom Friend", line1: "8 Mill Lane" });
  const place = friend.getByRole("button", { name: "Place order" });
  const placeBox = await place.boundingBox();
  expect(placeBox).not.toBeNull();
  expect(placeBox!.x).toBeGreaterThanOrEqual(0);
  expect(placeBox!.x + placeBox!.width).toBeLessThanOrEqual(PHONE.width);
  expect(placeBox!.height).toBeGreaterThanOrEqual(44);
  await pictureInBothThemes(friend, "voucher-page-phone", { fullPage: true });
  await desktopPictures(friend, "voucher-page-desktop");
  await place.tap();
  await expect(friend.getByRole("status")).toContainText("Your order reference is ORD-");
  await expect(friend.getByRole("heading", { name: "Gift note" })).toBeVisible();
  const orderId = (await friend.getByRole("link", { name: "View your order" }).getAttribute("href"))?.split("/").pop() ?? "";
  expect(orderId).toMatch(/^ORD-/);
  const totals = friend.locator(".order-totals").last();
  await expect(totals).toContainText("Gift voucher");
  await expect(totals).toContainText("−£29.00");
  await emailTo(FRIEND.email, /is confirmed$/);
  await friendContext.close();

  // The owner, on the phone: the slip and the gift note print as two pages; the voucher has £21 left.
  await signIn(page);
  await page.goto(`/admin/orders/${orderId}/slip`);
  await expect(page.getByRole("region", { name: /^Packing slip for order / })).toContainText("Gift order.");
  await expect(page.getByRole("region", { name: /^Gift note for order / })).toContainText("From Grace");
  await page.emulateMedia({ media: "print" });
  expect(pdfPageCount(await page.pdf({ format: "A4" }))).toBe(2);
  await page.emulateMedia({ media: "screen" });

  await page.goto("/admin/vouchers");
  const row = page.getByRole("row").filter({ hasText: code.slice(-4) });
  await expect(row.getByTestId("voucher-balance")).toHaveText("£21.00");

  // The owner's vouchers' settings: a discount code and a voucher on one order no longer.
  await page.goto("/admin/configuration");
  const withCodes = page.getByRole("form", { name: "A discount code with a gift voucher" });
  await expect(withCodes).toContainText("Now allowed.");
  await withCodes.getByLabel("A discount code with a gift voucher").selectOption({ label: "Not allowed" });
  await withCodes.getByRole("button", { name: "Save" }).tap();
  await expect(withCodes).toContainText("Now not allowed: the shopper is asked to remove one.");
  await expect(page.getByRole("form", { name: "Gift vouchers are valid for (months)" })).toContainText("Now 24.");
  const card = page.getByRole("region", { name: "Gift vouchers", exact: true });
  const cardBox = await card.boundingBox();
  expect(cardBox!.x).toBeGreaterThanOrEqual(0);
  expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(PHONE.width);
  await card.scrollIntoViewIfNeeded();
  await pictureInBothThemes(page, "configuration-vouchers-phone");
  await desktopPictures(page, "configuration-vouchers-desktop");
  await context.close();
});
