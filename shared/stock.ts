/**
 * Stock rules shared by the server-rendered pages, the islands and the
 * checkout (docs/decisions/0004). `null` stock means unlimited (printed to order).
 */
export type StockFacts = {
  stock: number | null;
  maxOnlineQty: number | null;
  /** `name` labels a variant in availability problems; without it the id is shown. */
  variants: { id: string; stock: number | null; name?: string }[];
};

const LOW_STOCK_THRESHOLD = 3;

/** 'Only N left' for 1 to 3, 'Out of stock' at 0 or below (docs/product.md#stock-texts). */
export function stockText(available: number | null): string {
  if (available === null) return "Made to order";
  if (available <= 0) return "Out of stock";
  if (available <= LOW_STOCK_THRESHOLD) return `Only ${available} left`;
  return "In stock";
}

export type StockTone = "ok" | "low" | "out";
export function stockTone(available: number | null): StockTone {
  if (available === null || available > LOW_STOCK_THRESHOLD) return "ok";
  return available <= 0 ? "out" : "low";
}

function minLimit(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/**
 * Units that exist to sell, for one variant or for the product as a whole.
 * A product's own stock caps all of its variants together; when every variant
 * has a count, their sum caps the product too.
 */
export function availableStock(product: StockFacts, variantId?: string | null): number | null {
  if (variantId) {
    const variant = product.variants.find((v) => v.id === variantId);
    return minLimit(product.stock, variant ? variant.stock : 0);
  }
  const variantTotal =
    product.variants.length > 0 && product.variants.every((v) => v.stock !== null)
      ? product.variants.reduce((sum, v) => sum + (v.stock ?? 0), 0)
      : null;
  return minLimit(product.stock, variantTotal);
}

/** How many units one shopper may buy online: stock, further capped by maxOnlineQty. */
export function purchaseLimit(product: StockFacts, variantId?: string | null): number {
  return minLimit(availableStock(product, variantId), product.maxOnlineQty) ?? Number.POSITIVE_INFINITY;
}
