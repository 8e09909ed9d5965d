import { renderToString } from "react-dom/server";
import type { Product } from "../../src/modules/catalog/model";
import { ProductCard } from "./ProductCard";

/**
 * A catalogue card rendered once per version of its product and reused: after
 * a checkout takes stock of one product, the catalogue page re-renders only
 * that card instead of all of them (the page itself is rebuilt after every
 * change to a product it shows, src/http/response-cache.ts). The card is kept
 * with the product's whole data, so a kept card can never show an old price or
 * stock. renderToString writes the same markup as the page's stream, so the
 * card's island hydrates as before. Cards whose picture loads eagerly are not
 * kept: the page's stream preloads those pictures in the head, which only a
 * full render can do.
 */
const kept = new Map<string, { data: string; html: string }>();
/**
 * One card per product (its newest version replaces the one before), so what
 * is kept is bounded by the catalogue, about 2 kB a card; this bound is only
 * for product ids that come and go.
 */
const MAX_KEPT = 2000;

export function ProductCardHtml({ product }: { product: Product }) {
  const data = JSON.stringify(product);
  let card = kept.get(product.id);
  if (card?.data !== data) {
    card = { data, html: renderToString(<ProductCard product={product} />) };
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(product.id, card);
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the html is our own ProductCard rendered by React above, kept to save re-rendering it
  return <div className="product-card-slot" dangerouslySetInnerHTML={{ __html: card.html }} />;
}

/** How many cards are kept: for tests. */
export function keptCardCount(): number {
  return kept.size;
}
