// Screenshots of the shopper's uploads at phone and desktop widths, in light
// and dark: the route relief map as chosen, trimmed, being sent and refused, the lithophane right after an upload,
// the basket holding both, and /custom-request with its captcha showing.
//   node scripts/upload-screenshots.mjs [base URL]
// Needs a running shop (default http://localhost:3000) with the demo
// catalogue. Makes its own GPX route and photo. Runs on Node, like Playwright.
import sharp from "sharp";
import { horseshoeGpx } from "./screenshot-files.mjs";
import { shopUrl as base, forEachLook, launchBrowser } from "./screenshot-kit.mjs";

const catalogue = await (await fetch(`${base}/api/catalog`)).json();
const reliefMap = catalogue.find((p) => p.requiresGpx);
const lithophane = catalogue.find((p) => p.requiresImage);
if (!reliefMap || !lithophane) throw new Error("The catalogue needs a product taking a GPX file and one taking a photo");

/** A portrait "photo": a lighthouse on a headland at dusk, drawn and encoded as JPEG. */
async function photo() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 300 400">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f2a4a"/><stop offset="0.6" stop-color="#e48a3c"/><stop offset="1" stop-color="#f7d9a0"/></linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b5a78"/><stop offset="1" stop-color="#0b1d2e"/></linearGradient>
  </defs>
  <rect width="300" height="400" fill="url(#sky)"/>
  <circle cx="210" cy="230" r="34" fill="#fff1d6"/>
  <rect y="255" width="300" height="145" fill="url(#sea)"/>
  <path d="M0 300 C60 270 110 262 150 280 L170 300 L300 330 L300 400 L0 400 Z" fill="#1b2a1f"/>
  <rect x="92" y="170" width="22" height="100" fill="#f4f1ea"/>
  <rect x="92" y="195" width="22" height="14" fill="#b83a2b"/><rect x="92" y="230" width="22" height="14" fill="#b83a2b"/>
  <rect x="88" y="158" width="30" height="14" fill="#2b2b2b"/><path d="M86 158 L103 140 L120 158 Z" fill="#b83a2b"/>
  <circle cx="103" cy="165" r="5" fill="#ffe9a8"/>
  <path d="M40 380 q20 -10 40 0 q20 10 40 0" stroke="#f7d9a0" stroke-width="2" fill="none" opacity="0.6"/>
</svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
  return { name: "lighthouse-at-dusk.jpg", mimeType: "image/jpeg", buffer };
}

const route = horseshoeGpx();
const picture = await photo();

const browser = await launchBrowser();
await forEachLook(browser, "uploads-", async ({ page, shoot: shot }) => {
  await page.goto(base);
  await page.evaluate(() => localStorage.removeItem("strata.basket.v1"));

  await page.goto(`${base}/products/${encodeURIComponent(reliefMap.id)}`, { waitUntil: "networkidle" });
  // The route is read and drawn at once, the trim under it; the file is sent when the map is added
  // (docs/decisions/0028-route-trim-in-the-browser.md).
  const picker = page.getByLabel("Your route (GPX file)");
  await picker.setInputFiles(route);
  await page.getByRole("img", { name: /^Your route:/ }).waitFor();
  await shot("relief-map");
  await page.getByRole("combobox", { name: "From the start" }).selectOption("500");
  await page.getByRole("combobox", { name: "From the end" }).selectOption("300");
  await shot("relief-map-trimmed");
  // The in-between states too: the upload held in flight, the shop out of reach, then a file that is no route.
  let held;
  const holding = new Promise((resolve) => (held = resolve));
  await page.route("**/api/gpx/upload", (request) => held(request));
  await page.getByRole("button", { name: "Add to basket" }).click();
  const request = await holding;
  await page
    .getByRole("status")
    .filter({ hasText: /Uploading|Checking/ })
    .waitFor();
  await shot("relief-map-uploading");
  await request.abort();
  await page.getByRole("alert").getByText("GPX upload failed").waitFor();
  await shot("relief-map-upload-failed");
  await page.unroute("**/api/gpx/upload");
  await picker.setInputFiles({
    name: "empty.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from('<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"></gpx>'),
  });
  await page.getByRole("alert").getByText("The GPX file has no track, route or waypoints.").waitFor();
  await shot("relief-map-error");
  await picker.setInputFiles(route);
  await page.getByRole("img", { name: /^Your route:/ }).waitFor();
  await page.getByRole("button", { name: "Add to basket" }).click();
  await page.getByRole("status").filter({ hasText: "Added to basket" }).waitFor();
  await shot("relief-map-added");

  await page.goto(`${base}/products/${encodeURIComponent(lithophane.id)}`, { waitUntil: "networkidle" });
  await page.getByLabel("Your photo").setInputFiles(picture);
  const lit = page.getByRole("img", { name: "Your photo as a lit lithophane" });
  await lit.waitFor();
  await lit.evaluate((img) => img.decode());
  await shot("lithophane");
  await page.getByRole("button", { name: "Add to basket" }).click();

  await page.goto(`${base}/basket`, { waitUntil: "networkidle" });
  await shot("basket");

  await page.goto(`${base}/custom-request`, { waitUntil: "networkidle" });
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.co.uk");
  await page
    .getByLabel("What would you like printed?")
    .fill("A replacement knob for an old radio: 32 mm across, D-shaped shaft. Photo attached.");
  await page.getByRole("checkbox", { name: "I'm not a robot" }).waitFor();
  await shot("custom-request");
});
await browser.close();
