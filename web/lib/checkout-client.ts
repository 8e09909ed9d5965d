import type { BasketHold, BasketItem } from "../../shared/basket";
import type { Gift } from "../../shared/gift";
import type { VoucherChoice } from "../../shared/gift-voucher";

/** One entry per unit, as POST /api/checkout expects (docs/product.md#public-calls). Prices are never sent. */
export type CheckoutEntry = {
  id: string;
  productName: string;
  variantId?: string;
  variantName?: string;
  gpxToken?: string;
  imageToken?: string;
  /** A shopper's own model and the choices it was priced for; the server prices it again. */
  modelToken?: string;
  material?: string;
  colour?: string;
  /** A gift voucher bought (docs/decisions/0054-gift-vouchers.md). */
  voucher?: VoucherChoice;
};

export function checkoutEntries(items: BasketItem[]): CheckoutEntry[] {
  return items.flatMap((item) => {
    const entry: CheckoutEntry = { id: item.id, productName: item.name };
    if (item.meta.variantId) entry.variantId = item.meta.variantId;
    if (item.meta.variantName) entry.variantName = item.meta.variantName;
    if (item.meta.gpxToken) entry.gpxToken = item.meta.gpxToken;
    if (item.meta.imageToken) entry.imageToken = item.meta.imageToken;
    if (item.meta.modelToken)
      Object.assign(entry, { modelToken: item.meta.modelToken, material: item.meta.material, colour: item.meta.colour });
    if (item.meta.voucher) entry.voucher = item.meta.voucher;
    return Array.from({ length: item.quantity }, () => ({ ...entry }));
  });
}

/**
 * The Idempotency-Key of a checkout request, remembered with the basket it was
 * made for: a double click, a retry after no answer, or a return from a
 * cancelled payment page with the same basket reuses it (so the server opens
 * one payment session), while a changed basket (its lines, code or gift
 * message: everything the request sends), one older than KEY_MAX_AGE_MS, or
 * one the server refused gets a new key.
 */
export type CheckoutKey = { basket: string; key: string; createdAt: number };

/** Within the server's 31-minute stock hold, so a reused key never leads to an expired payment page. */
export const KEY_MAX_AGE_MS = 30 * 60 * 1000;
const KEY_STORAGE_KEY = "strata.checkout-key.v1";

export function checkoutKeyFor(
  sent: CheckoutEntry[] | CheckoutBody,
  stored: CheckoutKey | null,
  now: number,
  newKey: () => string = randomUuid,
): CheckoutKey {
  const basket = JSON.stringify(sent);
  const fresh = stored !== null && now - stored.createdAt >= 0 && now - stored.createdAt < KEY_MAX_AGE_MS;
  if (fresh && stored.basket === basket) return stored;
  return { basket, key: newKey(), createdAt: now };
}

/** crypto.randomUUID exists only on HTTPS or localhost; a self-hosted shop may be served on plain HTTP. */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function readCheckoutKey(): CheckoutKey | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY_STORAGE_KEY) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    const { basket, key, createdAt } = parsed as Record<string, unknown>;
    return typeof basket === "string" && typeof key === "string" && typeof createdAt === "number" ? { basket, key, createdAt } : null;
  } catch {
    return null;
  }
}

/** The key to send for this request, remembered in this browser for the next attempt. */
function idempotencyKeyFor(body: CheckoutBody): string {
  const stored = readCheckoutKey();
  const current = checkoutKeyFor(body, stored, Date.now());
  if (current !== stored) {
    try {
      localStorage.setItem(KEY_STORAGE_KEY, JSON.stringify(current));
    } catch {
      // Private mode or a full quota: the key still covers this click.
    }
  }
  return current.key;
}

/** Called when no payment page is open for the key any more, so the next try is a new checkout. */
function forgetCheckoutKey(): void {
  try {
    localStorage.removeItem(KEY_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Called once a payment went through: buying again is a new checkout of a new basket, which replaces nothing. */
export function forgetPaidCheckout(): void {
  forgetCheckoutKey();
  try {
    localStorage.removeItem(BASKET_ID_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

const BASKET_ID_STORAGE_KEY = "strata.basket-id.v1";

/** The server's rule for a basket id: long enough that nobody can guess another basket's (decision 0025). */
const BASKET_ID_FORM = /^[A-Za-z0-9_-]{32,100}$/;

/** This browser's basket id if it has one yet (made by its first checkout). */
function storedBasketId(): string | null {
  try {
    const stored = localStorage.getItem(BASKET_ID_STORAGE_KEY);
    return stored && BASKET_ID_FORM.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

/**
 * This browser's basket, sent as Basket-Id: unlike the Idempotency-Key it
 * stays the same when the basket's content changes, so the server can end
 * the older unpaid checkout of this basket as soon as a newer one starts.
 * A random UUID: whoever knows it can replace the basket's checkout, so it is
 * never guessable and never leaves this browser except in that header.
 */
function basketId(newId: () => string = randomUuid): string {
  try {
    const stored = storedBasketId();
    if (stored) return stored;
    const fresh = newId();
    localStorage.setItem(BASKET_ID_STORAGE_KEY, fresh);
    return fresh;
  } catch {
    // No storage: this click still has a basket of its own.
    return newId();
  }
}

/**
 * The units this basket's own unpaid checkout holds (GET /api/checkout/held):
 * its next checkout gives them back, so the basket counts them as available
 * to it. None when it never checked out, or when the shop cannot say (the
 * checkout itself still decides).
 */
export async function fetchOwnHolds(): Promise<BasketHold[]> {
  const id = storedBasketId();
  if (!id) return [];
  try {
    const response = await fetch("/api/checkout/held", { headers: { Accept: "application/json", "Basket-Id": id } });
    if (!response.ok) return [];
    const answer = (await response.json()) as { held?: BasketHold[] };
    return Array.isArray(answer.held) ? answer.held : [];
  } catch {
    return [];
  }
}

export type CheckoutOutcome = { ok: true; url: string } | { ok: false; message: string };

/** What the basket chose besides its lines; blank or null is none. */
export type CheckoutChoices = { discountCode?: string | null; gift?: Gift | null; voucherCode?: string | null };

/** The body of POST /api/checkout: the lines, and each choice only when there is one. */
type CheckoutBody = { items: CheckoutEntry[]; discountCode?: string; gift?: Gift; voucherCode?: string };

export function checkoutBody(items: CheckoutEntry[], { discountCode, gift, voucherCode }: CheckoutChoices): CheckoutBody {
  const body: CheckoutBody = { items };
  if (discountCode) body.discountCode = discountCode;
  if (gift) body.gift = gift;
  if (voucherCode) body.voucherCode = voucherCode;
  return body;
}

/** A gift voucher's balance as POST /api/gift-vouchers/check answers it, or the server's words why not. */
export async function checkVoucherCode(
  code: string,
): Promise<{ ok: true; balancePence: number; expiresOn: string } | { ok: false; message: string }> {
  try {
    const response = await fetch("/api/gift-vouchers/check", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ code }),
    });
    const answer = (await response.json().catch(() => ({}))) as { balance_pence?: number; expires_on?: string; error?: string };
    if (response.ok && typeof answer.balance_pence === "number") {
      return { ok: true, balancePence: answer.balance_pence, expiresOn: answer.expires_on ?? "" };
    }
    return { ok: false, message: answer.error || "Unable to check the gift voucher" };
  } catch {
    return { ok: false, message: "Unable to check the gift voucher" };
  }
}

/** Asks the server for a payment page; failures carry the text the checkout alert shows (docs/product.md#checkout). */
export async function startCheckout(items: CheckoutEntry[], choices: CheckoutChoices = {}): Promise<CheckoutOutcome> {
  const body = checkoutBody(items, choices);
  try {
    const response = await fetch("/api/checkout", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": idempotencyKeyFor(body),
        "Basket-Id": basketId(),
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
    if (response.ok && answer.url) return { ok: true, url: answer.url };
    // The server answered and no payment page is open for this key (a refusal,
    // or a 502 after which it released the checkout), so the next try starts
    // afresh. Only a request that got no answer keeps its key for the retry.
    forgetCheckoutKey();
    return { ok: false, message: answer.error || "Unable to start checkout" };
  } catch {
    return { ok: false, message: "Checkout failed" };
  }
}

/** What POST /api/discount-codes/check answers: the server's pricing of this basket with the code, in pence. */
export type DiscountQuote = { code: string; subtotal_cents: number; discount_cents: number; delivery_cents: number; amount_cents: number };

export type DiscountCheck = { ok: true; quote: DiscountQuote } | { ok: false; message: string };

/** Asks the server what a code takes off this basket; the refusal's text says why not. */
export async function checkDiscountCode(code: string, items: CheckoutEntry[]): Promise<DiscountCheck> {
  try {
    const basket = storedBasketId();
    const response = await fetch("/api/discount-codes/check", {
      method: "POST",
      // The basket's own waiting checkout holds a use its next checkout gives back.
      headers: { "Content-Type": "application/json", Accept: "application/json", ...(basket ? { "Basket-Id": basket } : {}) },
      body: JSON.stringify({ code, items }),
    });
    const answer = (await response.json().catch(() => ({}))) as Partial<DiscountQuote> & { error?: string };
    if (response.ok && typeof answer.discount_cents === "number") return { ok: true, quote: answer as DiscountQuote };
    return { ok: false, message: answer.error || "We couldn't check that code. Please try again." };
  } catch {
    return { ok: false, message: "We couldn't check that code. Please try again." };
  }
}
