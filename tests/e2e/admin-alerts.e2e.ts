import { type PushServiceStandIn, startPushServiceStandIn } from "../support/push-service-stand-in";
import { adminNav, signIn } from "./support/admin";
import { addQueuedOrders, type OwnShop, startOwnShop } from "./support/own-shop";
import { picture } from "./support/pictures";
import { expect, test } from "./support/test";

// The installable admin and the owner's alerts (docs/decisions/0046-owner-alerts.md): the service worker is
// installed for /admin/ only, the owner's device gets the test alert through a local push service, and the
// To make queue stays readable offline with the time it was loaded. A shop of the story's own: its one device
// and queue are no other story's business.

let shop: OwnShop;
let push: PushServiceStandIn;

test.beforeAll(async () => {
  shop = await startOwnShop();
  addQueuedOrders(shop, 2);
  push = await startPushServiceStandIn();
});

test.afterAll(async () => {
  await push?.stop();
  await shop?.stop();
});

test("the owner installs the admin, gets the test alert, and reads To make offline", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["notifications"], { origin: shop.origin });
  const page = await context.newPage();
  await signIn(page);

  // The installed app opens at /admin/, inside the worker's scope (the manifest's start_url).
  await page.goto("/admin/");
  // Installed for the admin only: its scope is /admin/, and a storefront page is never under it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(`${shop.origin}/admin/`);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/admin/manifest.webmanifest");

  // "Turn on alerts" asks Chromium's PushManager, which subscribes only through Google's push service (no setting
  // points it elsewhere) and this machine cannot reach it: the story sends the subscription the browser would have
  // made, with keys the local push service holds, through the same call.
  await adminNav(page, "Configuration").click();
  const card = page.getByRole("region", { name: "Alerts" });
  await expect(card.getByRole("button", { name: "Turn on alerts on this device" })).toBeVisible();
  const phone = push.subscribe("owners-phone");
  const added = await page.request.post("/api/admin/push/subscriptions", {
    data: { endpoint: phone.endpoint, keys: phone.keys, label: "Owner's phone" },
  });
  expect(added.status()).toBe(201);

  await page.reload();
  await expect(card.getByRole("list", { name: "Devices that get alerts" })).toContainText("Owner's phone");
  await card.getByRole("button", { name: "Send a test alert" }).click();
  await expect(card.getByRole("status")).toHaveText("Test alert sent: it should arrive in a few seconds.");
  await expect.poll(() => push.received.length).toBe(1);
  expect(push.refusals).toEqual([]);
  expect(push.received[0]?.payload.body).toContain("test");
  await page.reload();
  await expect(card.getByRole("list", { name: "Devices that get alerts" })).toContainText("Last alert delivered");

  // To make, loaded once online, is read again offline from the admin's own copy, with when it was loaded.
  await adminNav(page, "Orders").click();
  const queue = page.getByRole("list", { name: "Orders to make, soonest promise first" });
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED001" })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED001" })).toBeVisible();
  await expect(queue.getByRole("listitem", { name: "Order ORD-QUEUED002" })).toBeVisible();
  await expect(page.getByText(/^Offline: this is the queue as loaded on \d+ \w+ \d{4} at \d{2}:\d{2}\.$/)).toBeVisible();
  await context.setOffline(false);
  await context.close();
});

test("the Alerts card on a phone, light and dark @phone", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: shop.origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page);
  await adminNav(page, "Configuration").click();
  const card = page.getByRole("region", { name: "Alerts" });
  await expect(card.getByRole("button", { name: "Turn on alerts on this device" })).toBeVisible();
  // The card fits the phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const theme of ["light", "dark"]) {
    await page.evaluate((chosen) => localStorage.setItem("strata.theme", chosen), theme);
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await picture(card, `alerts-card-phone-${theme}`);
  }
  await context.close();
});
