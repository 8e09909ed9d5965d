import type { BasketItem } from "./basket";

/** One entry per unit, as POST /api/checkout expects (spec section 7). Prices are never sent. */
export type CheckoutEntry = {
  id: string;
  productName: string;
  variantId?: string;
  variantName?: string;
  gpxToken?: string;
  imageToken?: string;
};

export function checkoutEntries(items: BasketItem[]): CheckoutEntry[] {
  return items.flatMap((item) => {
    const entry: CheckoutEntry = { id: item.id, productName: item.name };
    if (item.meta.variantId) entry.variantId = item.meta.variantId;
    if (item.meta.variantName) entry.variantName = item.meta.variantName;
    if (item.meta.gpxToken) entry.gpxToken = item.meta.gpxToken;
    if (item.meta.imageToken) entry.imageToken = item.meta.imageToken;
    return Array.from({ length: item.quantity }, () => ({ ...entry }));
  });
}

export type CheckoutOutcome = { ok: true; url: string } | { ok: false; message: string };

/** Asks the server for a payment page; failures carry the text the spec's alert shows. */
export async function startCheckout(items: CheckoutEntry[]): Promise<CheckoutOutcome> {
  try {
    const response = await fetch("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ items }),
    });
    const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
    if (response.ok && answer.url) return { ok: true, url: answer.url };
    return { ok: false, message: answer.error || "Unable to start checkout" };
  } catch {
    return { ok: false, message: "Checkout failed" };
  }
}
