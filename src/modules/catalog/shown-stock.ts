import { MAX_HELD_UNITS_PER_ADDRESS } from "../checkout/model";
import { freezeProduct, type Product } from "./model";

/**
 * The most stock a storefront page shows or passes to its islands: one
 * checkout holds at most this many units, so no shopper can tell a figure
 * above it from the cap itself, and the stock text changes only below 4
 * (shared/stock.ts). Capping lets a sale that leaves more than this keep the
 * kept pages (migrations/0011_shown_stock.sql hard-codes the same 20; the
 * catalogue JSON and the checkout's own check use the real figure).
 */
export const SHOWN_STOCK_CAP = MAX_HELD_UNITS_PER_ADDRESS;

const capped = (stock: number | null) => (stock === null ? null : Math.min(stock, SHOWN_STOCK_CAP));

/** The capped copy of each shared (frozen) product: the same object while the product is, so its card can be kept by it. */
const shownCopies = new WeakMap<Product, Product>();

/** `product` as storefront pages show it: its own and its variants' stock capped at SHOWN_STOCK_CAP. */
export function asShownOnPages(product: Product): Product {
  if (!Object.isFrozen(product)) return cappedCopy(product);
  let shown = shownCopies.get(product);
  if (!shown) {
    shown = freezeProduct(cappedCopy(product));
    shownCopies.set(product, shown);
  }
  return shown;
}

function cappedCopy(product: Product): Product {
  return {
    ...product,
    stock: capped(product.stock),
    variants: product.variants.map((variant) => ({ ...variant, stock: capped(variant.stock) })),
  };
}
