// What a page makes the browser fetch: Debian's Chromium (through Playwright)
// loads each URL and lists the HTML, scripts and stylesheets it requested; each
// is then fetched again asking for gzip only and its bytes on the wire counted.
// Usage: node bench/page-weight.mjs http://127.0.0.1:3300 / /products …  → JSON on stdout.

import { request as httpRequest } from "node:http";
import { chromium, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const [origin, ...paths] = process.argv.slice(2);

function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] ?? "identity", status: res.statusCode }));
    });
    req.on("error", reject);
    req.end();
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const out = {};
for (const path of paths) {
  // A fresh context per page: an empty cache, as on a first visit.
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const page = await context.newPage();
  const seen = new Map();
  page.on("request", (request) => {
    const type = request.resourceType();
    if (["document", "script", "stylesheet"].includes(type) && request.url().startsWith(origin)) seen.set(request.url(), type);
  });
  await page.goto(origin + path, { waitUntil: "networkidle" });
  await context.close();
  const totals = { html: 0, js: 0, css: 0, files: [] };
  for (const [url, type] of seen) {
    const { bytes, encoding } = await gzipBytes(url);
    const kind = type === "document" ? "html" : type === "script" ? "js" : "css";
    totals[kind] += bytes;
    totals.files.push({ url: url.slice(origin.length), kind, bytes, encoding });
  }
  out[path] = totals;
}
await browser.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
