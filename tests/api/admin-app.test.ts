import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { setConfig } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

// The installable admin: manifest, service worker and icons (docs/decisions/0046-owner-alerts.md).

let shop: TestShop;
beforeEach(async () => {
  shop = await createTestShop();
});
afterEach(() => shop.close());

describe("GET /admin/manifest.webmanifest", () => {
  test("names the shop, opens /admin/ full-screen within the /admin/ scope, and lists PNG icons at 192 and 512 px", async () => {
    const response = await shop.request("/admin/manifest.webmanifest");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/manifest+json; charset=utf-8");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "Strata admin",
      short_name: "Strata",
      start_url: "/admin/",
      scope: "/admin/",
      display: "standalone",
    });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });

  test("follows the shop's name when the owner changes it", async () => {
    setConfig(shop.db, "shop_name", "Hill Top Prints");
    const manifest = await (await shop.request("/admin/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ name: "Hill Top Prints admin", short_name: "Shop admin" });
  });
});

describe("the icons", () => {
  for (const [path, size] of [
    ["/admin/icon-192.png", 192],
    ["/admin/icon-512.png", 512],
    ["/admin/icon-maskable-512.png", 512],
    ["/admin/icon-180.png", 180],
  ] as const) {
    test(`${path} is a ${size} × ${size} PNG`, async () => {
      const response = await shop.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const bytes = new Uint8Array(await response.arrayBuffer());
      const view = new DataView(bytes.buffer);
      // PNG signature, then the IHDR chunk's width and height.
      expect([...bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([size, size]);
    });
  }
});

describe("GET /admin/sw.js", () => {
  test("is a script the browser may scope to /admin/ only, checked for updates on every visit", async () => {
    const response = await shop.request("/admin/sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("service-worker-allowed")).toBe("/admin/");
    const script = await response.text();
    // Run in a stand-in worker scope: it listens for the five events this worker handles, and nothing throws.
    const listened: string[] = [];
    const scope = { addEventListener: (type: string) => listened.push(type), location: new URL("http://shop.test/admin/sw.js") };
    new Function("self", "caches", script)(scope, {});
    expect(listened.sort()).toEqual(["activate", "fetch", "install", "notificationclick", "push"]);
    expect(script).toMatch(/var CACHE = "strata-admin-[0-9a-f]{12}";/);
  });

  /**
   * A tap on an alert, in a stand-in worker scope: `windows` are the browser's open windows of the shop, each
   * controlled by the worker or not (navigate() works only in one it controls). Returns what the worker did.
   */
  async function tapAlert(link: string, windows: { url: string; controlled: boolean }[]): Promise<string[]> {
    const done: string[] = [];
    const listeners = new Map<string, (event: unknown) => void>();
    const scope = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      location: new URL("http://shop.test/admin/sw.js"),
      clients: {
        matchAll: async () =>
          windows.map((open) => ({
            url: open.url,
            navigate: async (url: string) => {
              if (!open.controlled) throw new TypeError("not controlled");
              done.push(`navigated ${open.url} to ${url}`);
            },
            focus: async () => done.push(`focused ${open.url}`),
          })),
        openWindow: async (url: string) => done.push(`opened ${url}`),
      },
    };
    new Function("self", "caches", await (await shop.request("/admin/sw.js")).text())(scope, {});
    let work: Promise<unknown> = Promise.resolve();
    listeners.get("notificationclick")?.({
      notification: { data: { url: link }, close: () => done.push("closed") },
      waitUntil: (promise: Promise<unknown>) => {
        work = promise;
      },
    });
    await work;
    return done;
  }

  test("a tapped alert opens its /admin screen in the admin's open window", async () => {
    expect(await tapAlert("/admin/orders?order=ORD-1", [{ url: "http://shop.test/admin/products", controlled: true }])).toEqual([
      "closed",
      "navigated http://shop.test/admin/products to http://shop.test/admin/orders?order=ORD-1",
      "focused http://shop.test/admin/products",
    ]);
  });

  test("a tapped alert opens a new window when the admin's window is at /admin, outside the worker's scope", async () => {
    expect(await tapAlert("/admin/configuration#alerts", [{ url: "http://shop.test/admin", controlled: false }])).toEqual([
      "closed",
      "opened http://shop.test/admin/configuration#alerts",
    ]);
  });

  test("a tapped alert whose link leaves the admin opens the dashboard instead", async () => {
    expect(await tapAlert("https://elsewhere.example/admin", [])).toEqual(["closed", "opened http://shop.test/admin"]);
  });

  test("an admin page is still the admin's page, not caught by the icon routes", async () => {
    const page = await shop.html("/admin/orders");
    expect(page.status).toBe(200);
    expect(page.body).toContain('rel="manifest" href="/admin/manifest.webmanifest"');
  });
});
