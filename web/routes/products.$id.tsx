import { data, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { sharingPictureUrl } from "../../shared/derived-pictures";
import { cutOffText, dispatchPromiseText } from "../../shared/dispatch-words";
import { orderByText, tooLateFor } from "../../shared/key-dates";
import { availableStock } from "../../shared/stock";
import { type Product, productIdSchema } from "../../src/modules/catalog/model";
import { asShownOnPages } from "../../src/modules/catalog/shown-stock";
import { Island } from "../components/Island";
import { MadeToSpecificationNote } from "../components/MadeToSpecificationNote";
import { ProductGallery } from "../islands/ProductGallery";
import { ProductPurchase } from "../islands/ProductPurchase";
import { productFacts } from "../lib/product-view";
import { truncate } from "../lib/text";
import { absoluteUrl } from "../lib/urls";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";
import type { ErrorData } from "./root";

const NOT_FOUND: ErrorData = {
  title: "Unable to load product",
  message: "There is no product at this address. It may have been removed, or the link may be mistyped.",
};

export function productLoader(args: LoaderFunctionArgs) {
  const { catalog, categories, dispatch, env, instantPrices, now } = depsOf(args);
  const id = productIdSchema.safeParse(args.params.id);
  const found = id.success ? catalog.getProduct(id.data) : null;
  if (!found) throw data(NOT_FOUND, { status: 404 });
  const product = asShownOnPages(found);
  const promise = dispatch.now(product.leadTimeDays);
  const category = categories.listCategories().find((c) => c.id === product.categoryId) ?? null;
  return {
    product,
    category: category && { id: category.id, name: category.name },
    promise,
    // The key dates shown now (docs/decisions/0049-gift-orders.md), in words: the last day to order, or that it is too late.
    orderBy: product.order_by.map((entry) => orderByText(entry, tooLateFor(entry, now(), promise.cutOffHour))),
    publicUrl: env.PUBLIC_URL,
    // What a shopper's own model can be printed in: the owner's materials and their colours, nothing of the rates.
    materials: product.requiresModel ? instantPrices.settings().materials.map(({ id, name, colours }) => ({ id, name, colours })) : [],
  };
}

type ProductData = ReturnType<typeof productLoader>;

export const productHandle: RouteHandle<ProductData> = {
  policy: { audience: "public" },
  meta: (loaded, shop) => {
    if (!loaded) return { title: `${NOT_FOUND.title} · ${shop.name}`, description: NOT_FOUND.message ?? "", path: null };
    const { product, publicUrl } = loaded;
    return {
      title: `${product.name} · ${shop.name}`,
      description: truncate(product.description, 155),
      path: `/products/${encodeURIComponent(product.id)}`,
      image: sharingPictureUrl(product.imageUrl),
      type: "product",
      jsonLd: productJsonLd(product, publicUrl, shop.name),
    };
  },
};

/** schema.org Product so search results can show price and availability. */
function productJsonLd(product: Product, publicUrl: string, brand: string): Record<string, unknown> {
  const url = `${publicUrl}/products/${encodeURIComponent(product.id)}`;
  const availability = (stock: number | null) =>
    stock !== null && stock <= 0 ? "https://schema.org/OutOfStock" : "https://schema.org/InStock";
  const facts = productFacts(product);
  const offers =
    product.variants.length > 1
      ? product.variants.map((variant) => ({
          "@type": "Offer",
          name: variant.name,
          price: (variant.price_cents / 100).toFixed(2),
          priceCurrency: "GBP",
          availability: availability(availableStock(facts, variant.id)),
          url,
        }))
      : {
          "@type": "Offer",
          price: ((product.variants[0]?.price_cents ?? product.unitAmount) / 100).toFixed(2),
          priceCurrency: "GBP",
          availability: availability(availableStock(facts, product.variants[0]?.id)),
          url,
        };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    sku: product.id,
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absoluteUrl(image.url, publicUrl)),
    brand: { "@type": "Brand", name: brand },
    offers,
  };
}

/** A "Proof before making" product: paying opens a question with the shop's render (docs/decisions/0048-order-holds.md). */
const PROOF_FIRST = {
  title: "You approve a proof first.",
  detail: "Once you have paid, we email you a proof to approve before we make it; the dispatch date waits for your answer.",
} as const;

export function ProductPage() {
  const { product, category, promise, orderBy, materials } = useLoaderData<typeof productLoader>();
  const { id, name, unitAmount, stock, maxOnlineQty, requiresGpx, requiresImage, requiresModel, variants } = product;
  const madeFromFile = requiresGpx || requiresImage || requiresModel;
  return (
    <div className="container product-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <a href="/products">← Back to products</a>
        {category && (
          <>
            <span aria-hidden="true"> / </span>
            <a href={`/products?cat=${encodeURIComponent(category.id)}`}>{category.name}</a>
          </>
        )}
      </nav>
      <div className="product-page__layout">
        <Island name="ProductGallery" component={ProductGallery} props={{ name, images: product.images }} />
        <div className="product-page__info">
          <h1>{name}</h1>
          <p className="product-page__description">{product.description}</p>
          <Island
            name="ProductPurchase"
            component={ProductPurchase}
            props={{
              product: { id, name, unitAmount, stock, maxOnlineQty, requiresGpx, requiresImage, requiresModel, variants },
              ...(requiresModel ? { materials } : {}),
              ...(product.kind === "voucher" ? { voucher: true } : {}),
            }}
          />
          {madeFromFile && <MadeToSpecificationNote />}
          {product.proofBeforeMaking && (
            <p className="dispatch-promise proof-first">
              <strong>{PROOF_FIRST.title}</strong> {PROOF_FIRST.detail}
            </p>
          )}
          {/* A model's dispatch day depends on its printing time, a voucher is emailed: neither is promised a day here. */}
          {!requiresModel && product.kind !== "voucher" && (
            <p className="dispatch-promise">
              <strong>{dispatchPromiseText(promise.dispatchBy, promise.countsFromToday)}</strong>
              {promise.countsFromToday && <span className="hint"> {cutOffText(promise.cutOffHour)}</span>}
            </p>
          )}
          {!requiresModel &&
            orderBy.map((words) => (
              <p key={words} className="dispatch-promise order-by">
                {words}
              </p>
            ))}
          <ul className="reassurance">
            <li>Printed to order in the UK.</li>
            <li>{madeFromFile ? "Made from your file, just for you." : "14-day returns on unused items."}</li>
          </ul>
        </div>
      </div>
    </div>
  );
}
