import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addCategory, addProduct } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  addCategory(shop.db, { id: "basic", name: "Basic" });
  addCategory(shop.db, { id: "personalised", name: "Personalised" });
  addProduct(shop.db, { id: "planter", category_id: "basic" });
  addProduct(shop.db, { id: "relief-map", category_id: "personalised" });
  addProduct(shop.db, { id: "lithophane" });
  mkdirSync(join(shop.dataDir, "media"), { recursive: true });
  writeFileSync(join(shop.dataDir, "media", "planter-3f9a2c.png"), "not really a png");
});

afterAll(() => shop.close());

function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? "");
}

describe("/healthz", () => {
  test("answers 200 {status: 'ok'} while the database answers", async () => {
    const { status, body } = await shop.json("/healthz");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });

  test("answers 503 once the database is closed", async () => {
    const broken = await createTestShop();
    try {
      broken.db.close();
      const { status, body } = await broken.json<{ status: string }>("/healthz");
      expect(status).toBe(503);
      expect(body.status).not.toBe("ok");
    } finally {
      broken.close();
    }
  });
});

describe("/robots.txt", () => {
  test("disallows /admin and /api and names the sitemap on the public origin", async () => {
    const response = await shop.request("/robots.txt");
    const lines = (await response.text()).split("\n");
    expect(response.status).toBe(200);
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("/sitemap.xml", () => {
  test("is served as XML", async () => {
    const response = await shop.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    expect(await response.text()).toStartWith('<?xml version="1.0" encoding="UTF-8"?>');
  });

  test("lists every product page on the PUBLIC_URL origin", async () => {
    const locs = locsOf(await (await shop.request("/sitemap.xml")).text());
    expect(locs.filter((loc) => loc.startsWith("http://shop.test/products/")).toSorted()).toEqual([
      "http://shop.test/products/lithophane",
      "http://shop.test/products/planter",
      "http://shop.test/products/relief-map",
    ]);
  });

  test("lists every category page as /products?cat=…", async () => {
    const locs = locsOf(await (await shop.request("/sitemap.xml")).text());
    expect(locs.filter((loc) => loc.includes("?cat=")).toSorted()).toEqual([
      "http://shop.test/products?cat=basic",
      "http://shop.test/products?cat=personalised",
    ]);
  });

  test("lists the static pages and no private ones", async () => {
    const locs = locsOf(await (await shop.request("/sitemap.xml")).text());
    for (const path of ["/", "/products", "/custom-request", "/policies", "/contact"]) {
      expect(locs).toContain(`http://shop.test${path}`);
    }
    for (const path of ["/admin", "/basket", "/success"]) {
      expect(locs).not.toContain(`http://shop.test${path}`);
    }
  });

  test("escapes & as &amp; so the XML stays valid", async () => {
    const odd = await createTestShop({ PUBLIC_URL: "http://shop.test/a&b" });
    try {
      const xml = await (await odd.request("/sitemap.xml")).text();
      expect(xml).toContain("<loc>http://shop.test/a&amp;b/products</loc>");
      expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;|#)/);
    } finally {
      odd.close();
    }
  });
});

describe("/favicon.svg", () => {
  test("is served as image/svg+xml", async () => {
    const response = await shop.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(await response.text()).toStartWith("<svg");
  });
});

describe("/media/<name> and /assets/<name>", () => {
  test("an existing media file is served with a year-long immutable cache and nosniff", async () => {
    const response = await shop.request("/media/planter-3f9a2c.png");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("not really a png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("a missing media file answers 404", async () => {
    const response = await shop.request("/media/nothing-here.png");
    expect(response.status).toBe(404);
  });

  test("/media/..%2Fshop.db answers 404 and never the database beside the media folder", async () => {
    const response = await shop.request("/media/..%2Fshop.db");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("SQLite format");
  });

  test("/media/%2e%2e%2fshop.db answers 404 and never the database", async () => {
    const response = await shop.request("/media/%2e%2e%2fshop.db");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("SQLite format");
  });

  test("/assets/..%2F..%2Fpackage.json answers 404 and never the project's files", async () => {
    const response = await shop.request("/assets/..%2F..%2Fpackage.json");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("strata-shop");
  });

  test("/assets/%2e%2e%2f%2e%2e%2fpackage.json answers 404 and never the project's files", async () => {
    const response = await shop.request("/assets/%2e%2e%2f%2e%2e%2fpackage.json");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("strata-shop");
  });

  test("a missing asset answers 404", async () => {
    const response = await shop.request("/assets/client-doesnotexist.js");
    expect(response.status).toBe(404);
  });
});
