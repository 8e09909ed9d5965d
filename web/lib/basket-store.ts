import type { BasketItem } from "../../shared/basket";

/**
 * The basket lives in the browser (docs/product.md#basket) under a versioned key, so a
 * future change of shape can migrate or drop old baskets instead of crashing.
 * Every island reads it through useBasket(), which re-renders on changes made
 * by another island on the page or by the same shop in another tab.
 */
const BASKET_STORAGE_KEY = "strata.basket.v1";
/** Shown where the basket is used with JavaScript switched off. */
export const BASKET_NEEDS_JAVASCRIPT = "Your basket is kept in this browser and needs JavaScript switched on.";
const CHANGE_EVENT = "strata:basket-change";
export const EMPTY_BASKET: BasketItem[] = [];

let cachedRaw: string | null = null;
let cachedItems: BasketItem[] = EMPTY_BASKET;

function isBasketItem(value: unknown): value is BasketItem {
  if (!value || typeof value !== "object") return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.key === "string" &&
    typeof item.id === "string" &&
    typeof item.name === "string" &&
    typeof item.price === "number" &&
    Number.isInteger(item.quantity) &&
    (item.quantity as number) >= 1 &&
    typeof item.meta === "object" &&
    item.meta !== null
  );
}

/** Reads the stored basket; anything unreadable counts as an empty basket. */
export function readBasket(): BasketItem[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(BASKET_STORAGE_KEY);
  } catch {
    return EMPTY_BASKET;
  }
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedItems = Array.isArray(parsed)
      ? parsed.filter(isBasketItem).map((item) => ({ ...item, noStack: Boolean(item.noStack) }))
      : EMPTY_BASKET;
  } catch {
    cachedItems = EMPTY_BASKET;
  }
  return cachedItems;
}

export function writeBasket(items: BasketItem[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(BASKET_STORAGE_KEY);
    else localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private mode or a full quota: the basket still works for this page view.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function subscribeToBasket(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === BASKET_STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** What the server renders: it cannot see the browser's basket. */
export function serverBasket(): BasketItem[] {
  return EMPTY_BASKET;
}
