/**
 * `/products/<id>` and `/api/products/<id>`, written plainly: the product page
 * (that product and the layout) and its JSON. Any other form of the address
 * (escapes, a trailing slash, a query string) is treated as possibly showing
 * every product, which costs a render and can never show a stale page.
 */
const ONE_PRODUCT = /^\/(?:api\/)?products\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/;

/**
 * The one product the kept answer at `pathAndQuery` shows, or null when it may
 * show any: the catalogue, a category, the home page's featured products, the
 * catalogue JSON. The response cache forgets a page when a product it may show
 * changes (src/http/response-cache.ts); a page that starts showing other
 * products (related products on a product page, say) must be taken out of
 * ONE_PRODUCT here.
 */
export function productShownAt(pathAndQuery: string): string | null {
  return ONE_PRODUCT.exec(pathAndQuery)?.[1] ?? null;
}
