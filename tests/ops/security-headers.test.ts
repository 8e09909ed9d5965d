import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { contentSecurityPolicy, createSecurityHeaders, INLINE_SCRIPTS, withHeaders } from "../../src/http/security-headers";
import { postCheckout, sessionIdOf } from "../support/checkout";
import { addCategory, addProduct, addProject } from "../support/factories";
import { createTestShop, type TestShop } from "../support/test-app";

let shop: TestShop;
let demoSession: string;

beforeAll(async () => {
  shop = await createTestShop();
  addCategory(shop.db, { id: "basic", name: "Basic" });
  addProduct(shop.db, { id: "planter", category_id: "basic", images: ["https://images.example/planter.jpg"] });
  // Two projects: the home page then renders the projects carousel island with its fade.
  addProject(shop.db, { id: "bridge", title: "Bridge model" });
  addProject(shop.db, { id: "valley", title: "Valley relief" });
  const checkout = await postCheckout(shop, [{ id: "planter", productName: "planter" }]);
  demoSession = sessionIdOf(checkout.body.url ?? "");
});
afterAll(() => shop.close());

/** Every page the server renders, storefront and admin, normal and not found. */
const pages = () => [
  "/",
  "/products",
  "/products?cat=basic",
  "/products/planter",
  "/basket",
  "/custom-request",
  "/success?session_id=cs_demo_nothing",
  "/order/ORD-0123456789ABCDEFGHJKMNPQRS",
  `/checkout/demo/${demoSession}`,
  "/policies",
  "/contact",
  "/admin",
  "/admin/orders",
  "/no-such-page",
];

type Script = { attributes: string; text: string };

function scriptsIn(html: string): Script[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((match) => ({
    attributes: match[1] ?? "",
    text: match[2] ?? "",
  }));
}

function scriptSources(csp: string): string[] {
  return (
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .find((parts) => parts[0] === "script-src")
      ?.slice(1) ?? []
  );
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("Content-Security-Policy and the scripts pages render", () => {
  test("every inline script on every page matches a hash in the page's CSP; JSON-LD is the only other inline script; no inline style at all", async () => {
    const inlineSeen = new Set<string>();
    for (const path of pages()) {
      const { body, response } = await shop.html(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      const allowed = scriptSources(csp);
      expect({ path, unsafeInline: allowed.includes("'unsafe-inline'") }).toEqual({ path, unsafeInline: false });
      for (const script of scriptsIn(body)) {
        if (/\bsrc=/.test(script.attributes)) {
          expect({ path, src: script.attributes }).toEqual({ path, src: expect.stringMatching(/src="\/assets\//) });
          continue;
        }
        if (/type="application\/ld\+json"/.test(script.attributes)) continue; // data, never executed
        inlineSeen.add(script.text);
        expect({ path, hash: sha256(script.text), allowed: allowed.includes(sha256(script.text)) }).toEqual({
          path,
          hash: sha256(script.text),
          allowed: true,
        });
      }
      // Inline event handlers would need 'unsafe-hashes'; the server renders none.
      expect({ path, handlers: body.match(/<[^>]+\son[a-z]+=/gi) ?? [] }).toEqual({ path, handlers: [] });
      // style-src has no 'unsafe-inline' either: no style attribute and no <style> element may be rendered.
      expect({ path, styleSources: csp.split("; ").find((part) => part.startsWith("style-src")) }).toEqual({
        path,
        styleSources: "style-src 'self'",
      });
      expect({ path, inlineStyles: body.match(/<style\b|<[^>]+\sstyle=/gi) ?? [] }).toEqual({ path, inlineStyles: [] });
    }
    // The theme script is the one inline script, and the policy lists it.
    expect([...inlineSeen]).toEqual([...INLINE_SCRIPTS]);
  });

  test("a product page carries its JSON-LD as data", async () => {
    const { body } = await shop.html("/products/planter");
    expect(scriptsIn(body).some((script) => script.attributes.includes('type="application/ld+json"'))).toBe(true);
  });

  test("the policy: self only, no plugins, no base, no framing, forms to self, https images", () => {
    const csp = contentSecurityPolicy({ PUBLIC_URL: "http://shop.test", TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined });
    expect(csp.split("; ")).toEqual([
      "default-src 'self'",
      `script-src 'self' ${INLINE_SCRIPTS.map(sha256).join(" ")}`,
      "style-src 'self'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ]);
  });

  test("with Stripe configured, a form may end on Stripe Checkout: the quote page's Accept and pay without JavaScript is redirected there", () => {
    const csp = contentSecurityPolicy({
      PUBLIC_URL: "https://shop.example",
      TURNSTILE_SITE_KEY: undefined,
      TURNSTILE_SECRET_KEY: undefined,
      STRIPE_SECRET_KEY: "sk_live_x",
    });
    expect(csp.split("; ")).toContain("form-action 'self' https://checkout.stripe.com");
  });

  test("with Turnstile keys, challenges.cloudflare.com may serve the script and the frame (and ALTCHA's worker is not allowed)", () => {
    const csp = contentSecurityPolicy({ PUBLIC_URL: "https://shop.example", TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: "secret" });
    expect(csp).toContain(`script-src 'self' ${INLINE_SCRIPTS.map(sha256).join(" ")} https://challenges.cloudflare.com;`);
    expect(csp).toContain("frame-src https://challenges.cloudflare.com;");
    expect(csp).not.toContain("blob:");
    expect(csp).not.toContain("worker-src");
  });

  test("with only a Turnstile site key the captcha stays ALTCHA, and so does the policy", () => {
    const csp = contentSecurityPolicy({ PUBLIC_URL: "https://shop.example", TURNSTILE_SITE_KEY: "site", TURNSTILE_SECRET_KEY: undefined });
    expect(csp).not.toContain("challenges.cloudflare.com");
    expect(csp).toContain("worker-src 'self';");
    expect(csp).not.toContain("blob:");
  });
});

describe("headers on every response", () => {
  const everywhere = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  };

  test("pages, API answers, errors, redirects and files all carry the CSP, nosniff, referrer and permissions policies and a request id", async () => {
    const responses = [
      await shop.request("/"),
      await shop.request("/api/catalog"),
      await shop.request("/api/products/nothing-here"),
      await shop.request("/api/no-such-endpoint"),
      await shop.request("/favicon.svg"),
      await shop.request("/healthz"),
      await shop.request("/api/checkout", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{broken" }),
      await shop.request(`/checkout/demo/${demoSession}/cancel`, { method: "POST", redirect: "manual" }),
    ];
    const ids = new Set<string>();
    for (const response of responses) {
      for (const [name, value] of Object.entries(everywhere)) expect(response.headers.get(name)).toBe(value);
      expect(response.headers.get("content-security-policy")).toStartWith("default-src 'self'; script-src 'self' 'sha256-");
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(responses.length);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 404, 404, 200, 200, 400, 303]);
  });

  test("HSTS only when PUBLIC_URL is https", async () => {
    expect((await shop.request("/")).headers.get("strict-transport-security")).toBeNull();
    const https = createSecurityHeaders(
      { PUBLIC_URL: "https://shop.example", TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined },
      shop.app.routePolicies.isPersonal,
    );
    expect(https("/")["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
  });

  test("personal pages and API answers are never cached: Cache-Control no-store", async () => {
    for (const path of [
      "/order/ORD-0123456789ABCDEFGHJKMNPQRS",
      "/success?session_id=cs_demo_nothing",
      "/admin",
      "/admin/orders",
      `/checkout/demo/${demoSession}`,
      "/api/orders/ORD-0123456789ABCDEFGHJKMNPQRS?postalCode=SW1A%201AA",
      `/api/checkout/session?id=${demoSession}`,
      "/api/admin/orders",
    ]) {
      const response = await shop.request(path);
      expect({ path, cache: response.headers.get("cache-control") }).toEqual({ path, cache: expect.stringContaining("no-store") });
    }
  });

  test("public pages and assets keep their own caching", async () => {
    expect((await shop.request("/products")).headers.get("cache-control") ?? "").not.toContain("no-store");
    // Derived from the routes' declared policies (src/http/route-policy.ts).
    const isPersonalPath = shop.app.routePolicies.isPersonal;
    expect(isPersonalPath("/products/planter")).toBe(false);
    expect(isPersonalPath("/orders-of-the-day")).toBe(false);
    expect(isPersonalPath("/administrator")).toBe(false);
    expect(isPersonalPath("/api/checkout")).toBe(true);
    expect(isPersonalPath("/ORDER/ORD-1")).toBe(true);
    expect(isPersonalPath("/%61dmin")).toBe(true);
    expect(isPersonalPath("/%E0%A4%A")).toBe(true);
    expect(isPersonalPath("/Products/planter")).toBe(false);
  });

  test("a handler's own header wins (an SVG preview's stricter CSP), except caching on a personal path", () => {
    const headers = createSecurityHeaders(
      { PUBLIC_URL: "http://shop.test", TURNSTILE_SITE_KEY: undefined, TURNSTILE_SECRET_KEY: undefined },
      shop.app.routePolicies.isPersonal,
    );
    const strict = "default-src 'none'; style-src 'unsafe-inline'";
    const svg = withHeaders(
      new Response("<svg/>", { headers: { "Content-Security-Policy": strict, "Cache-Control": "private, max-age=60" } }),
      headers("/api/uploads/x/preview.svg"),
    );
    expect(svg.headers.get("content-security-policy")).toBe(strict);
    expect(svg.headers.get("cache-control")).toBe("private, max-age=60");
    const order = withHeaders(new Response("{}", { headers: { "Cache-Control": "public, max-age=600" } }), headers("/api/orders/ORD-1"));
    expect(order.headers.get("cache-control")).toBe("no-store");
    // A redirect made by Response.redirect has frozen headers: it is copied, not dropped.
    const redirect = withHeaders(Response.redirect("http://shop.test/success", 303), headers("/success"));
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("location")).toBe("http://shop.test/success");
    expect(redirect.headers.get("cache-control")).toBe("no-store");
  });
});
