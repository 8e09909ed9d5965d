import type { ProductFacts } from "../../shared/basket";
import { formatPence } from "../../shared/money";
import type { Product } from "../../src/modules/catalog/model";

/**
 * How a product's price reads: its single price, or 'From £x' (the cheapest
 * variant) when there is more than one variant to choose from.
 */
export function priceLabel(product: Pick<Product, "unitAmount" | "variants"> & { requiresModel?: boolean }): string {
  // Priced from the shopper's own model: the product's price is the least a print costs (the minimum charge).
  if (product.requiresModel) return `From ${formatPence(product.unitAmount)}`;
  if (product.variants.length > 1) {
    const cheapest = Math.min(...product.variants.map((variant) => variant.price_cents));
    return `From ${formatPence(cheapest)}`;
  }
  return formatPence(product.variants[0]?.price_cents ?? product.unitAmount);
}

/** Variant ids ending in '-base' are the base option (docs/product.md#product-and-variant). */
export function isBaseVariant(variantId: string): boolean {
  return variantId.endsWith("-base");
}

/**
 * The variant chosen before the shopper picks one: the only variant, or the
 * '-base' one when there are several; otherwise none (they must choose).
 */
export function preselectedVariantId(variants: Product["variants"]): string | null {
  if (variants.length === 1) return variants[0]?.id ?? null;
  return variants.find((variant) => isBaseVariant(variant.id))?.id ?? null;
}

export function productFacts(product: Pick<Product, "id" | "name" | "stock" | "maxOnlineQty" | "variants">): ProductFacts {
  return {
    id: product.id,
    name: product.name,
    stock: product.stock,
    maxOnlineQty: product.maxOnlineQty,
    variants: product.variants.map(({ id, stock, name }) => ({ id, stock, name })),
  };
}
