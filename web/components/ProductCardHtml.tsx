import { renderToString } from "react-dom/server";
import type { Product } from "../../src/modules/catalog/model";
import { ProductCard } from "./ProductCard";

/**
 * A catalogue card rendered once per version of its product and reused: after
 * a checkout takes stock of one product, the catalogue page re-renders only
 * that card instead of all of them (the page itself is rebuilt after every
 * change to a product it shows, src/http/response-cache.ts).
 *
 * A card is kept by its product object, and only for a frozen one: the
 * catalogue's list (src/modules/catalog/service.ts) hands out the very same
 * frozen object while a product is unchanged and a new one when anything about
 * it changes, so a kept card can never show an old price or stock, and it goes
 * with its object once that is out of the list. renderToString writes the same
 * markup as the page's stream, so the card's island hydrates as before. Cards
 * whose picture loads eagerly are not kept: the page's stream preloads those
 * pictures in the head, which only a full render can do.
 */
const kept = new WeakMap<Product, string>();
let renders = 0;

export function ProductCardHtml({ product }: { product: Product }) {
  let html = kept.get(product);
  if (html === undefined) {
    html = renderToString(<ProductCard product={product} />);
    renders += 1;
    if (Object.isFrozen(product)) kept.set(product, html);
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the html is our own ProductCard rendered by React above, kept to save re-rendering it
  return <div className="product-card-slot" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** How many cards have been rendered (not taken from those kept): for tests. */
export function cardRenderCount(): number {
  return renders;
}
