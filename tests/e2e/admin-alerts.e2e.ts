import type { Locator, Page } from "@playwright/test";
import { type PushServiceStandIn, startPushServiceStandIn } from "../support/push-service-stand-in";
import { adminNav, signIn } from "./support/admin";
import { addQueuedOrders, type OwnShop, startOwnShop } from "./support/own-shop";
import { picture } from "./support/pictures";
import { expect, test } from "./support/test";

// The installable admin and the owner's alerts (docs/decisions/0046-owner-alerts.md): the service worker is
// installed for /admin/ only, the owner's device gets the test alert through a local push service, and the
// To make queue stays readable offline with the time it was loaded. A shop of the story's own: its one device
// and queue are no other story's business.

const OFFLINE_WORDS = "You are offline. The To make queue shows what was last loaded; other pages and changes wait for a connection.";

/** Where a part of the page is, by its four edges. */
async function edgesOf(part: Locator): Promise<{ top: number; left: number; bottom: number; right: number }> {
  const found = await part.boundingBox();
  if (!found) throw new Error(`${part} has no box`);
  return { top: found.y, left: found.x, bottom: found.y + found.height, right: found.x + found.width };
}

/**
 * The page-wide offline notice, seen whole on the first screen: inside the viewport, its words not cut off, between
 * the navigation bar and the page's work (`work`, its heading), covering neither.
 */
async function expectOfflineNotice(page: Page, work: Locator): Promise<void> {
  const notice = page.getByText(OFFLINE_WORDS, { exact: true });
  await expect(notice).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: "instant" }));
  const box = await edgesOf(notice);
  const nav = await edgesOf(page.getByRole("navigation", { name: "Admin" }));
  const heading = await edgesOf(work);
  const screen = page.viewportSize() ?? { width: 0, height: 0 };
  expect(box.top).toBeGreaterThanOrEqual(nav.bottom);
  expect(box.bottom).toBeLessThanOrEqual(heading.top);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(screen.width);
  expect(box.bottom).toBeLessThanOrEqual(screen.height);
  // Whole: no words hidden past an ellipsis.
  expect(await notice.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
}

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
  await expectOfflineNotice(page, page.getByRole("heading", { level: 1, name: "Orders" }));
  // Back online, the notice goes once the shop answers again: here at the owner's Refresh. (A page opened offline
  // is not always told "online" by the browser; the phone story below sees the notice go on that event alone.)
  await context.setOffline(false);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
  await expect(page.getByText(/^Offline: this is the queue/)).toHaveCount(0);

  // The worker's push handler, given the test alert exactly as the push service decrypted it. Chromium cannot
  // subscribe here (above), so DevTools delivers the message to the installed worker as a push service would.
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const admin = registrations.find((registration) => registration.scopeURL === `${shop.origin}/admin/` && !registration.isDeleted);
      if (admin) resolve(admin.registrationId);
    }),
  );
  await devtools.send("ServiceWorker.enable");
  const alert = push.received[0]?.payload;
  expect(alert?.url).toBe("/admin/configuration#alerts");
  await devtools.send("ServiceWorker.deliverPushMessage", {
    origin: shop.origin,
    registrationId: await registrationId,
    data: JSON.stringify(alert),
  });
  await devtools.detach();
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, data }) => ({ title, body, data })),
    );
  await expect.poll(shown).toEqual([{ title: alert?.title, body: alert?.body, data: { url: alert?.url } }]);
  // A tap on it opens its screen in this window. No browser tooling can tap a notification, so the story runs the
  // worker's own tap handling, `openAlert`, inside the installed worker: the window goes to the alert's screen.
  // Only its last step, bringing the window to the front, needs a real tap, and the browser refuses it here.
  const [worker] = context.serviceWorkers();
  const tapped = await worker?.evaluate(
    (link) =>
      (globalThis as unknown as { openAlert(link: string): Promise<unknown> }).openAlert(link).then(
        () => "opened and focused",
        (error: Error) => error.message,
      ),
    alert?.url ?? "",
  );
  expect(tapped).toBe("Not allowed to focus a window.");
  await expect(page).toHaveURL(`${shop.origin}/admin/configuration#alerts`);
  await expect(page.getByRole("region", { name: "Alerts" })).toBeVisible();
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
  // And every setting's Save sits inside its own card, not over the card's edge.
  const overEdge = await page.evaluate(() =>
    [...document.querySelectorAll("form.admin-setting")].flatMap((form) => {
      const cardRight = (form.closest("section") as HTMLElement).getBoundingClientRect().right;
      const save = form.querySelector("button[type=submit]") as HTMLElement;
      return save.getBoundingClientRect().right > cardRight ? [form.getAttribute("aria-label")] : [];
    }),
  );
  expect(overEdge).toEqual([]);
  for (const theme of ["light", "dark"]) {
    await page.evaluate((chosen) => localStorage.setItem("strata.theme", chosen), theme);
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await picture(card, `alerts-card-phone-${theme}`);
  }

  // Offline on the phone: the notice wraps to show its words whole, under the bar and above the page's heading.
  await context.setOffline(true);
  await expectOfflineNotice(page, page.getByRole("heading", { level: 1, name: "Configuration" }));
  await picture(page, "offline-notice-phone-dark");
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await picture(page, "offline-notice-phone-light");
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
  await context.close();
});
