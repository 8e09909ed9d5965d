// Screenshots of what the owner sees of shoppers' uploads, at phone and
// desktop widths, in light and dark: a custom request with the 3D viewer open
// on its STL, and an order whose relief map came with a GPX route.
//   ADMIN_PASSWORD=… node scripts/admin-upload-screenshots.mjs [base URL]
// Needs a running shop (default http://localhost:3000) with the demo
// catalogue, started with that password. Sends its own request (through the
// form, captcha and all) and places its own order. Runs on Node, like Playwright.
import { horseshoeGpx } from "./screenshot-files.mjs";
import { adminPasswordOrExit, shopUrl as base, forEachLook, launchBrowser, payThroughDemoCheckout } from "./screenshot-kit.mjs";

const password = adminPasswordOrExit();

/**
 * A binary STL of a twisted, fluted vase 60 mm across and 90 mm tall, closed
 * top and bottom so it is watertight: something with more shape than a cube.
 */
function vaseStl() {
  const sides = 48;
  const rings = 40;
  const ring = (k) => {
    const t = k / rings;
    const z = 90 * t;
    const radius = 22 + 8 * Math.sin(Math.PI * t * 1.2) - 6 * t;
    return Array.from({ length: sides }, (_, i) => {
      const angle = (i / sides) * 2 * Math.PI + t * 0.9;
      const r = radius * (1 + 0.06 * Math.cos(i * ((2 * Math.PI) / sides) * 8));
      return [30 + r * Math.cos(angle), 30 + r * Math.sin(angle), z];
    });
  };
  const points = Array.from({ length: rings + 1 }, (_, k) => ring(k));
  const triangles = [];
  for (let k = 0; k < rings; k++) {
    for (let i = 0; i < sides; i++) {
      const a = points[k][i],
        b = points[k][(i + 1) % sides],
        c = points[k + 1][(i + 1) % sides],
        d = points[k + 1][i];
      triangles.push([a, b, c], [a, c, d]);
    }
  }
  const bottom = [30, 30, 0];
  const top = [30, 30, 90];
  for (let i = 0; i < sides; i++) {
    triangles.push([bottom, points[0][(i + 1) % sides], points[0][i]]);
    triangles.push([top, points[rings][i], points[rings][(i + 1) % sides]]);
  }
  const buffer = Buffer.alloc(84 + triangles.length * 50);
  buffer.write("Strata screenshots vase", 0, "ascii");
  buffer.writeUInt32LE(triangles.length, 80);
  for (const [t, corners] of triangles.entries()) {
    for (const [i, value] of corners.flat().entries()) buffer.writeFloatLE(value, 84 + t * 50 + 12 + i * 4);
  }
  return { name: "fluted-vase.stl", mimeType: "model/stl", buffer };
}

/** Uploads the route and pays for a relief map through the demo checkout; answers the order id. */
async function placeReliefMapOrder() {
  const catalogue = await (await fetch(`${base}/api/catalog`)).json();
  const reliefMap = catalogue.find((p) => p.requiresGpx);
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
    postalCode: "CA12 5DJ",
  });
  const sessionId = new URL(url).pathname.split("/").pop();
  // The payment lands a moment later, as a webhook would: ask until the order exists.
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

// The custom request, sent once through the form as a shopper would.
const vase = vaseStl();
{
  const page = await browser.newPage();
  await page.goto(`${base}/custom-request`);
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.co.uk");
  await page
    .getByLabel("What would you like printed?")
    .fill("This vase in silk copper PLA, 0.2 mm layers. It is a present, so no seam on the front if you can help it!");
  await page.getByText("I'm not a robot").click();
  await page.getByRole("button", { name: "Send request" }).waitFor({ state: "visible" });
  await page.waitForFunction(() => !document.querySelector("button[type=submit]")?.disabled, null, { timeout: 20_000 });
  await page.getByLabel("Attachments (optional)").setInputFiles(vase);
  await page.getByRole("button", { name: "Send request" }).click();
  await page.getByRole("status").filter({ hasText: "Sent — we will get back to you shortly." }).waitFor();
  await page.close();
}
const orderId = await placeReliefMapOrder();

// One sign-in for every shot: the login is throttled.
const session = await browser.newContext();
{
  const page = await session.newPage();
  await page.goto(`${base}/admin`);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("navigation", { name: "Admin" }).waitFor();
}
const cookies = await session.cookies();
await session.close();

await forEachLook(browser, "admin-uploads-", async ({ context, page, shoot }) => {
  await context.addCookies(cookies);

  await page.goto(`${base}/admin/orders`);
  await page.getByRole("heading", { name: "Custom requests" }).waitFor();
  const row = page.getByRole("row").filter({ hasText: "silk copper PLA" }).first();
  await shoot("custom-requests");
  await row.getByRole("button", { name: `View 3D: ${vase.name}` }).click();
  const viewer = page.getByRole("dialog", { name: `3D view: ${vase.name}` });
  await viewer.getByRole("term").first().waitFor();
  await viewer
    .getByRole("button", { name: "Reset view" })
    .and(page.locator(":enabled"))
    .or(viewer.getByText("3D preview needs WebGL"))
    .waitFor();
  await page.waitForTimeout(300);
  await shoot("model-viewer", false);
  await viewer.getByRole("button", { name: "Close" }).click();

  await page.goto(`${base}/admin/orders?order=${encodeURIComponent(orderId)}`);
  const preview = page.getByRole("img", { name: /^Route map and elevation profile of / });
  await preview.waitFor();
  await preview.evaluate((img) => img.decode());
  await shoot("order-route");
});
await browser.close();
