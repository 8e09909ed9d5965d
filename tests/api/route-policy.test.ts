import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { RouteObject } from "react-router";
import { createRoutePolicies, declaredRoutes, policyProblems, type RoutePolicy, sitemapPages } from "../../src/http/route-policy";
import { routes as pageRoutes } from "../../web/routes/route-table";
import { createTestShop, type TestShop } from "../support/test-app";

// Each page and API route says, where it is defined, whether it is personal
// (never kept, no-store), which path parameters are secrets in the log, and
// whether the sitemap lists it. Everything else is derived from that.

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

/** Every route the running app has: the pages of the route table and every route Elysia registered. */
const everyRoute = () => declaredRoutes(pageRoutes, shop.app.routes);

/** A page route as the route table would hold it, under the same layout as the real ones. */
function withPage(page: RouteObject): RouteObject[] {
  return [{ path: "/", children: [{ children: [page] }] }];
}

function apiRoute(method: string, path: string, policy?: RoutePolicy) {
  return { method, path, hooks: policy ? { policy } : {} };
}

describe("every route declares its policy", () => {
  test("every page route and every Elysia route the app registers declares a policy", () => {
    const routes = everyRoute();
    // The walk really covers the app: pages, storefront API, admin API, files and the page catch-all.
    expect(routes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        "page /order/:orderId",
        "page /order",
        "POST /order",
        "page /*",
        "GET /api/catalog",
        "POST /api/checkout",
        "GET /api/admin/orders",
        "GET /assets/:name",
        "GET /*",
      ]),
    );
    expect(routes.filter((route) => route.kind === "api")).toHaveLength(shop.app.routes.length);
    expect(policyProblems(routes)).toEqual([]);
  });

  test("a page or API route that declares no policy is named by the check", () => {
    const routes = declaredRoutes(withPage({ path: "account", handle: { meta: () => null } }), [apiRoute("GET", "/api/loyalty-points")]);
    expect(policyProblems(routes)).toEqual([
      'page /account declares no policy: say whether it is "public" or "personal" where the route is defined.',
      'GET /api/loyalty-points declares no policy: say whether it is "public" or "personal" where the route is defined.',
    ]);
  });

  test("a secret parameter the path does not have is named by the check", () => {
    const routes = declaredRoutes([], [apiRoute("GET", "/api/gift-cards/:code", { audience: "personal", secretParams: ["token"] })]);
    expect(policyProblems(routes)).toEqual(['GET /api/gift-cards/:code names "token" as a secret, but its path has no such parameter.']);
  });

  test("a sitemap entry for a page with parameters, or for an API route, is named by the check", () => {
    const routes = declaredRoutes(withPage({ path: "gifts/:id", handle: { policy: { audience: "public", sitemap: true } } }), [
      apiRoute("GET", "/api/gifts", { audience: "public", sitemap: true }),
    ]);
    expect(policyProblems(routes)).toEqual([
      "page /gifts/:id asks for the sitemap, which lists only pages without parameters.",
      "GET /api/gifts asks for the sitemap, which lists only pages without parameters.",
    ]);
  });
});

describe("what is derived from the declarations", () => {
  test("a new page declared personal in its handle alone is personal, under any spelling of its path", () => {
    const policies = createRoutePolicies(
      declaredRoutes(withPage({ path: "account/:id", handle: { policy: { audience: "personal" } } }), []),
    );
    for (const path of ["/account/7", "/account", "/ACCOUNT/7", "/%61ccount/7", "/%E0%A4%A"]) {
      expect({ path, personal: policies.isPersonal(path) }).toEqual({ path, personal: true });
    }
    for (const path of ["/accounts", "/products/account", "/"]) {
      expect({ path, personal: policies.isPersonal(path) }).toEqual({ path, personal: false });
    }
  });

  test("an undeclared route is taken as personal: forgetting never shows one shopper's page to the next", () => {
    const policies = createRoutePolicies(declaredRoutes([], [apiRoute("GET", "/api/wishlist/:id")]));
    expect(policies.isPersonal("/api/wishlist/3")).toBe(true);
  });

  test("a new route's declared secret parameter is redacted in the log, whatever it looks like", () => {
    const policies = createRoutePolicies(
      declaredRoutes([], [apiRoute("GET", "/api/gift-cards/:code/balance", { audience: "personal", secretParams: ["code"] })]),
    );
    expect(policies.redactPath("/api/gift-cards/short/balance")).toBe("/api/gift-cards/:redacted/balance");
    expect(policies.redactPath("/API/Gift-Cards/short/balance")).toBe("/API/Gift-Cards/:redacted/balance");
    expect(policies.redactPath("/api/gift-cards")).toBe("/api/gift-cards");
  });

  test("the sitemap's fixed pages are the pages whose handle asks for it, in route-table order", () => {
    expect(sitemapPages(pageRoutes)).toEqual(["/", "/products", "/custom-request", "/policies", "/contact"]);
    const withGifts = withPage({ path: "gifts", handle: { policy: { audience: "public", sitemap: true } } });
    expect(sitemapPages(withGifts)).toEqual(["/gifts"]);
  });

  test("every personal page of the route table answers no-store and is never kept", async () => {
    const personalPages = everyRoute().filter((route) => route.kind === "page" && route.policy?.audience === "personal");
    expect(personalPages.map((route) => route.path).toSorted()).toEqual([
      "/admin/*",
      "/checkout/demo/:sessionId",
      "/checkout/voucher/:sessionId",
      "/order",
      "/order/:orderId",
      "/order/:orderId/hold/:holdId",
      "/quote/:quoteId",
      "/success",
    ]);
    for (const { path } of personalPages) {
      const url = path.replace(/:[A-Za-z]+/g, "ORD-0123456789ABCDEFGHJKMNPQRS").replace("*", "orders");
      const before = shop.app.responseCache.stats();
      for (let visit = 0; visit < 2; visit++) {
        const response = await shop.request(url);
        await response.text();
        expect({ url, cacheControl: response.headers.get("cache-control") }).toEqual({ url, cacheControl: "no-store" });
      }
      const after = shop.app.responseCache.stats();
      expect({ url, kept: after.entries - before.entries, hits: after.hits - before.hits }).toEqual({ url, kept: 0, hits: 0 });
    }
  });

  test("a path under a personal page that matches no page is personal too (/success/…)", async () => {
    const response = await shop.request("/success/anything");
    await response.text();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
