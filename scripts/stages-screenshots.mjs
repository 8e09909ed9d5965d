// Screenshots of issue 14's screens at phone and desktop widths, in light and
// dark: the owner's "To make" queue, an order's "Making" card with a moved
// dispatch date, and the shopper's order page with the timeline.
//   ADMIN_PASSWORD=… node scripts/stages-screenshots.mjs [base URL]
// Needs a running shop (default http://localhost:3000) with the demo
// catalogue, started with that password. Places its own order, moves it to
// Printing and moves its dispatch date with a reason. Runs on Node, like Playwright.
import { horseshoeGpx } from "./screenshot-files.mjs";
import { adminPasswordOrExit, shopUrl as base, forEachLook, launchBrowser, payThroughDemoCheckout } from "./screenshot-kit.mjs";

const password = adminPasswordOrExit();
const POSTCODE = "CA12 5DJ";

/** A UK day `days` after today, as YYYY-MM-DD. */
function ukDayFromToday(days) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A relief map with the shopper's route, bought through the demo checkout; answers the order's id once paid. */
async function placeOrder() {
  const products = await (await fetch(`${base}/api/catalog`)).json();
  const reliefMap = products.find((p) => p.requiresGpx);
  if (!reliefMap) throw new Error("The catalogue needs a product taking a GPX file");
  const route = horseshoeGpx();
  const form = new FormData();
  form.append("productId", reliefMap.id);
  form.append("gpx", new File([route.buffer], route.name, { type: route.mimeType }));
  const uploaded = await (await fetch(`${base}/api/gpx/upload`, { method: "POST", body: form })).json();
  if (!uploaded.token) throw new Error(`GPX upload refused: ${uploaded.error}`);
  const variant = reliefMap.variants[1] ?? reliefMap.variants[0];
  const item = {
    id: reliefMap.id,
    productName: reliefMap.name,
    gpxToken: uploaded.token,
    ...(variant ? { variantId: variant.id, variantName: variant.name } : {}),
  };
  const url = await payThroughDemoCheckout([item], {
    email: "nan@example.co.uk",
    name: "Nan Shepherd",
    line1: "3 Lakeside",
    city: "Keswick",
    postalCode: POSTCODE,
  });
  const sessionId = new URL(url).pathname.split("/").pop();
  for (let attempt = 0; attempt < 30; attempt++) {
    const confirmed = await (
      await fetch(`${base}/api/checkout/confirm`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: sessionId }),
      })
    ).json();
    if (confirmed.orderId) return confirmed.orderId;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The demo payment never became an order");
}

const browser = await launchBrowser();
const orderId = await placeOrder();

// One sign-in for every shot (the login is throttled); the order is moved on through the admin calls.
const session = await browser.newContext();
const admin = await session.newPage();
await admin.goto(`${base}/admin`);
await admin.getByLabel("Password").fill(password);
await admin.getByRole("button", { name: "Sign in" }).click();
await admin.getByRole("navigation", { name: "Admin" }).waitFor();
const call = (path, body) =>
  admin.request.post(`${base}${path}`, { data: body, headers: { Origin: base, "Sec-Fetch-Site": "same-origin" } });
await call(`/api/admin/orders/${orderId}/stage`, { stage: "printing" });
await call(`/api/admin/orders/${orderId}/dispatch-date`, { dispatch_by: ukDayFromToday(5), reason: "Booked in for printing." });
await call(`/api/admin/orders/${orderId}/dispatch-date`, {
  dispatch_by: ukDayFromToday(7),
  reason: "The walnut for the frame arrives a day later than promised.",
});
const cookies = await session.cookies();
await session.close();

await forEachLook(browser, "stages-", async ({ context, page, shoot }) => {
  await context.addCookies(cookies);
  await page.goto(`${base}/admin/orders`);
  await page.getByRole("heading", { name: "To make" }).waitFor();
  await page.getByRole("listitem", { name: `Order ${orderId}` }).waitFor();
  await shoot("to-make");
  await page.goto(`${base}/admin/orders?order=${orderId}`);
  await page.getByRole("heading", { name: "Making" }).waitFor();
  await shoot("order-making");
  await page.goto(`${base}/order/${orderId}`);
  await page.getByLabel("Delivery postcode").fill(POSTCODE);
  await page.getByRole("button", { name: "View order" }).click();
  await page.getByRole("heading", { name: "Progress" }).waitFor();
  await shoot("order-page");
});
await browser.close();
