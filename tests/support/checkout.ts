import type { Database } from "bun:sqlite";
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

/** Presses Pay on the demo checkout page, as the browser's form post would. */
export function payDemo(shop: TestShop, sessionId: string, form: Record<string, string> = DEMO_FORM) {
  return shop.request(`/checkout/demo/${sessionId}/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
}

/** Moves every hold and demo session an hour into the past, as if the shopper walked away. */
export function ageCheckouts(db: Database): void {
  const past = new Date(Date.now() - 60 * 60_000).toISOString();
  db.query("UPDATE checkouts SET expires_at = ?").run(past);
  db.query("UPDATE demo_payment_sessions SET expires_at = ?").run(past);
}
