import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLIENT_OUT_DIR } from "../../src/ssr/build-client";
import { createTestShop } from "../support/test-app";

// Source maps carry the full sources, the admin's included
// (docs/product.md#logs-and-headers). The production build writes none
// (tests/unit/client-bundle.test.ts); this is the serve rule for a map that a
// development build (`bun run dev`) left in dist/client and a production start
// then found there.

/** What production needs besides NODE_ENV (src/env.ts): an owner password and a way to take payments. */
const PRODUCTION = { NODE_ENV: "production", ADMIN_PASSWORD: "a long owner password for tests", DEMO_CHECKOUT: "true" };

const MAP_NAME = `leak-check-${crypto.randomUUID()}.js.map`;
const SOURCES = JSON.stringify({
  version: 3,
  sources: ["../../web/admin/main.tsx"],
  sourcesContent: ["// the admin's source"],
  mappings: "",
});

beforeAll(() => {
  mkdirSync(CLIENT_OUT_DIR, { recursive: true });
  writeFileSync(join(CLIENT_OUT_DIR, MAP_NAME), SOURCES);
});
afterAll(() => rmSync(join(CLIENT_OUT_DIR, MAP_NAME), { force: true }));

describe("/assets/*.map", () => {
  test("in production a source map is 404 'File not found.', even when a development build left one in dist/client", async () => {
    const shop = await createTestShop(PRODUCTION);
    try {
      const response = await shop.request(`/assets/${MAP_NAME}`);
      expect(response.status).toBe(404);
      const body = await response.text();
      expect(body).toBe("File not found.");
      expect(body).not.toContain("sourcesContent");
    } finally {
      shop.close();
    }
  });

  test("in development the same map is served, for the browser's developer tools", async () => {
    const shop = await createTestShop({ NODE_ENV: "development" });
    try {
      const response = await shop.request(`/assets/${MAP_NAME}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(SOURCES);
    } finally {
      shop.close();
    }
  });
});
