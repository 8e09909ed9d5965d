import type { Product } from "../../src/modules/catalog/model";
import { ProductPurchase } from "../islands/ProductPurchase";
import { priceLabel } from "../lib/product-view";
import { pluralise, truncate } from "../lib/text";
import { Island } from "./Island";
import { imageSources, SIZES } from "./responsive-image";

/**
 * A card shows three lines of its description at most (two on a phone), about 130 characters at its
 * widest; the rest is cut here rather than only hidden, so a long description (up to 10,000
 * characters) does not weigh on the catalogue's page. The product page has it whole.
 */
export const CARD_DESCRIPTION_LIMIT = 200;

/**
 * A catalogue card (docs/product.md#catalogue): a swipeable strip of pictures (CSS scroll
 * snap, no script), name, price, variant count, description, stock text and
 * the add-to-basket island.
 */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const href = `/products/${encodeURIComponent(product.id)}`;
  const { id, name, unitAmount, stock, maxOnlineQty, requiresGpx, requiresImage, requiresModel, variants } = product;
  return (
    <article className="product-card" aria-labelledby={`product-${id}-name`}>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of links, not of form controls, so not a <fieldset> */}
      <div className="product-card__media" role="group" aria-label={`Pictures of ${name}`}>
        {product.images.length === 0 ? (
          <a href={href} className="product-card__image product-card__image--none">
            <span className="visually-hidden">{name}</span>
          </a>
        ) : (
          product.images.map((image, index) => (
            <a key={image.url} href={href} className="product-card__image" tabIndex={index === 0 ? 0 : -1}>
              <img
                {...imageSources(image.url, image.width, SIZES.card)}
                // Every picture is its own link, so each needs words: the first is the product, the rest say which picture.
                alt={index === 0 ? name : `${name}, picture ${index + 1}`}
                width={image.width ?? 800}
                height={image.height ?? 800}
                loading={eager && index === 0 ? "eager" : "lazy"}
                decoding="async"
              />
            </a>
          ))
        )}
        {product.images.length > 1 && (
          <span className="product-card__count" aria-hidden="true">
            {pluralise(product.images.length, "photo")} ›
          </span>
        )}
      </div>
      <div className="product-card__body">
        <h3 id={`product-${id}-name`} className="product-card__name">
          <a href={href}>{name}</a>
        </h3>
        <p className="product-card__price">
          <span>{priceLabel(product)}</span>
          {variants.length > 1 && <span className="product-card__variants">{pluralise(variants.length, "option")}</span>}
        </p>
        <p className="product-card__description">{truncate(product.description, CARD_DESCRIPTION_LIMIT)}</p>
        <Island
          name="ProductPurchase"
          component={ProductPurchase}
          props={{
            product: { id, name, unitAmount, stock, maxOnlineQty, requiresGpx, requiresImage, requiresModel, variants },
            compact: true,
          }}
        />
      </div>
    </article>
  );
}
