import type { APIRequestContext } from "@playwright/test";
import type { Product } from "../../src/modules/catalog/model";

/**
 * Finds demo products by what they are, not by id, so the stories keep
 * working when the demo catalogue changes.
 */
export async function loadCatalogue(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get("/api/catalog");
  if (!response.ok()) throw new Error(`GET /api/catalog answered ${response.status()}`);
  return (await response.json()) as Product[];
}

export function pick(products: Product[], description: string, predicate: (product: Product) => boolean): Product {
  const product = products.find(predicate);
  if (!product) throw new Error(`The demo catalogue has no ${description}`);
  return product;
}

export const needsUpload = (product: Product) => product.requiresGpx || product.requiresImage;
export const simple = (product: Product) => !needsUpload(product) && product.variants.length <= 1;
/** A simple product showing 'Only N left'. */
export const lowStockSimple = (product: Product) => simple(product) && product.stock !== null && product.stock >= 1 && product.stock <= 3;
/** A simple product anyone can buy any number of. */
export const unlimitedSimple = (product: Product) => simple(product) && product.stock === null && product.maxOnlineQty === null;

export function productPath(product: Product): string {
  return `/products/${encodeURIComponent(product.id)}`;
}

/** Every storefront page, with the product page of a product that has variants (the fullest one). */
export async function storefrontPaths(request: APIRequestContext): Promise<string[]> {
  const products = await loadCatalogue(request);
  const product = products.find((p) => p.variants.length > 1) ?? products[0];
  if (!product) throw new Error("empty catalogue");
  return [
    "/",
    "/products",
    "/products?cat=basic",
    productPath(product),
    "/basket",
    "/custom-request",
    "/policies",
    "/contact",
    "/success",
    "/order/ORD-TEST",
  ];
}
