import type { Database } from "bun:sqlite";
import { expect } from "bun:test";
import { listen } from "../../src/app";
import type { TestShop } from "./test-app";

/** What the basket island sends: one entry per unit. */
export type Entry = { id: string; productName?: string; variantId?: string; gpxToken?: string; imageToken?: string };

export function units(count: number, entry: Entry): Entry[] {
  return Array.from({ length: count }, () => ({ productName: entry.id, ...entry }));
}

export function postCheckout(shop: TestShop, items: unknown, headers: Record<string, string> = {}) {
  return shop.json<{ url?: string; error?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ items }),
  });
}

export function stockOf(db: Database, productId: string): number | null {
  return db.query<{ stock: number | null }, [string]>("SELECT stock FROM products WHERE id = ?").get(productId)?.stock ?? null;
}

export function variantStockOf(db: Database, variantId: string): number | null {
  return db.query<{ stock: number | null }, [string]>("SELECT stock FROM product_variants WHERE id = ?").get(variantId)?.stock ?? null;
}

/** The session id at the end of a payment URL (demo: /checkout/demo/<id>, Stripe stand-in: /pay/<id>). */
export function sessionIdOf(url: string): string {
  const id = url.split("/").pop();
  if (!id) throw new Error(`No session id in ${url}`);
  return id;
}

export const DEMO_FORM = {
  email: "ada@example.co.uk",
  name: "Ada Lovelace",
  line1: "12 St James's Square",
  line2: "",
  city: "London",
  postalCode: "sw1y 4jh",
  country: "GB",
  billingSame: "1",
};

/** The browser's form post when the shopper presses Pay on the demo checkout page. */
export function demoPayRequest(form: Record<string, string> = DEMO_FORM): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  };
}

/** Presses Pay on the demo checkout page, as the browser's form post would. */
export function payDemo(shop: TestShop, sessionId: string, form: Record<string, string> = DEMO_FORM) {
  return shop.request(`/checkout/demo/${sessionId}/pay`, demoPayRequest(form));
}

/**
 * Finishes a checkout on the shop's own page its answer named, as the browser's form post would: Pay on the demo
 * checkout, or Place order on the page of an order a gift voucher pays in full.
 */
export function finishOnOwnPage(shop: TestShop, paymentUrl: string, form: Record<string, string> = DEMO_FORM) {
  const action = new URL(paymentUrl).pathname.startsWith("/checkout/voucher/") ? "place" : "pay";
  return shop.request(`${new URL(paymentUrl).pathname}/${action}`, demoPayRequest(form));
}

/** POST /api/checkout/confirm answers one of these: 200 with the order, 202 while it is processing, or an error. */
export type ConfirmAnswer = { orderId?: string | null; status?: string; error?: string };

/** What the success page asks once the shopper is back: is there an order for this session yet? */
export function confirmCheckout<T = ConfirmAnswer>(shop: TestShop, sessionId: string) {
  return shop.json<T>("/api/checkout/confirm", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: sessionId }),
  });
}

/** Checks out, presses Pay on the demo checkout and confirms, as the shopper's browser does. */
export async function buyThroughDemoCheckout(shop: TestShop, items: Entry[]): Promise<{ orderId: string; sessionId: string }> {
  const checkout = await postCheckout(shop, items);
  expect(checkout.status).toBe(200);
  const sessionId = sessionIdOf(checkout.body.url ?? "");
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return { orderId: confirm.body.orderId, sessionId };
}

/** Moves every hold and the shop's own payment pages an hour into the past, as if the shopper walked away. */
export function ageCheckouts(db: Database, from: Date = new Date()): void {
  const past = new Date(from.getTime() - 60 * 60_000).toISOString();
  db.query("UPDATE checkouts SET expires_at = ?").run(past);
  db.query("UPDATE demo_payment_sessions SET expires_at = ?").run(past);
  db.query("UPDATE voucher_paid_sessions SET expires_at = ?").run(past);
}

/**
 * The test shop listening on a loopback port, so each request can come from
 * its own shopper: the test plays the owner's reverse proxy on loopback and
 * names the shopper in X-Forwarded-For. Make the shop with TRUST_PROXY=true.
 * (app.handle has no socket, so every in-process request shares one address.)
 */
export function serveShoppers(shop: TestShop) {
  // As main.ts listens: every request through app.answer.
  const server = listen(shop.app, { port: 0, hostname: "127.0.0.1" });
  const origin = `http://127.0.0.1:${server.port}`;
  async function jsonFrom<T>(address: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address, ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T, response };
  }
  return {
    origin,
    postCheckoutFrom: (address: string, items: unknown, headers: Record<string, string> = {}) =>
      jsonFrom<{ url?: string; error?: string }>(address, "/api/checkout", { items }, headers),
    confirmFrom: (address: string, sessionId: string) => jsonFrom<ConfirmAnswer>(address, "/api/checkout/confirm", { id: sessionId }),
    stop: () => server.stop(true),
  };
}

/** A distinct private address per shopper number. */
export const shopperAddress = (n: number) => `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
