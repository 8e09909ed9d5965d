import { lazy, Suspense, useState } from "react";
import { type BasketMeta, roomFor } from "../../shared/basket";
import { formatPence, penceToPounds } from "../../shared/money";
import { availableStock, stockText, stockTone } from "../../shared/stock";
import type { Product } from "../../src/modules/catalog/model";
import { BASKET_NEEDS_JAVASCRIPT } from "../lib/basket-store";
import type { OfferedMaterial } from "../lib/model-price";
import { preselectedVariantId, priceLabel, productFacts } from "../lib/product-view";
import type { ReadyAttachment } from "../lib/upload-request";
import { useAddToBasket } from "../lib/use-add-to-basket";
import { useBasket } from "../lib/use-basket";
import { useHydrated } from "../lib/use-hydrated";
import type { VoucherResult } from "./parts/VoucherFields";

// The added-to-basket panel is needed only after an add: its own chunk keeps the product page's first
// JavaScript within the 80 kB budget (decision 0008).
const AddedPanel = lazy(() => import("./parts/AddedPanel").then((module) => ({ default: module.AddedPanel })));
// A route's or a photo's upload (its frame, reading, preview and request), only on the product that takes one: a plain
// product page's first script carries none of it (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md).
const RouteUpload = lazy(() => import("./parts/RouteUpload").then((module) => ({ default: module.RouteUpload })));
const PhotoUpload = lazy(() => import("./parts/PhotoUpload").then((module) => ({ default: module.PhotoUpload })));
// A gift voucher's fields, and a shopper's own model (the upload, its 3D view and the price call), likewise.
const VoucherFields = lazy(() => import("./parts/VoucherFields").then((module) => ({ default: module.VoucherFields })));
const ModelPurchase = lazy(() => import("./parts/ModelPurchase").then((module) => ({ default: module.ModelPurchase })));

type PurchasableProduct = Pick<
  Product,
  "id" | "name" | "unitAmount" | "stock" | "maxOnlineQty" | "requiresGpx" | "requiresImage" | "requiresModel" | "variants"
>;

export type ProductPurchaseProps = {
  product: PurchasableProduct;
  /** On catalogue cards: no variant picker or upload; those products link to their page ("Choose options"). */
  compact?: boolean;
  /** For a product priced from the shopper's own model: the materials and colours offered (the owner's rates). */
  materials?: OfferedMaterial[];
  /** A gift voucher product (docs/decisions/0054-gift-vouchers.md): who it is for and when, each voucher its own line. */
  voucher?: boolean;
};

/**
 * Variant choice, stock text, the upload a product needs, and the
 * add-to-basket button with every limit of docs/product.md#quantity-limits.
 */
export function ProductPurchase({ product, compact = false, materials = [], voucher: isVoucher = false }: ProductPurchaseProps) {
  const items = useBasket();
  const hydrated = useHydrated();
  const [variantId, setVariantId] = useState<string | null>(() => preselectedVariantId(product.variants));
  const [attachment, setAttachment] = useState<ReadyAttachment | null>(null);
  const [voucher, setVoucher] = useState<VoucherResult | null>(null);
  // A route is sent when it is added (docs/decisions/0028-route-trim-in-the-browser.md): one add at a time.
  const [adding, setAdding] = useState(false);
  const facts = productFacts(product);
  const { added, refused, panel, put, forgetRefusal, closePanel } = useAddToBasket(facts);
  const variant = product.variants.find((v) => v.id === variantId) ?? null;
  const needsVariant = product.variants.length > 1 && !variant;
  const needsUpload = product.requiresGpx || product.requiresImage || product.requiresModel;
  // Until its fields have loaded, a voucher cannot be added: there is nothing yet to say who it is for.
  const voucherProblem = !isVoucher || needsVariant ? null : voucher === null ? "" : "problem" in voucher ? voucher.problem : null;
  const available = availableStock(facts, variant?.id);
  const soldOut = available !== null && available <= 0;
  const room = roomFor(items, facts, variant?.id);
  const limitReached = !soldOut && (room < 1 || refused);
  // Each printed map or lithophane is its own line with its own file: a file already in the basket
  // stays on show (the shopper sees what they ordered) but cannot be added twice.
  const storedToken = attachment?.token;
  const fileInBasket =
    Boolean(storedToken) && items.some((item) => item.meta.gpxToken === storedToken || item.meta.imageToken === storedToken);

  // A card never picks an option or a file for the shopper (not even a preselected '-base' size):
  // it shows the product's stock and links to the page where they choose.
  if (compact && (needsUpload || isVoucher || product.variants.length > 1)) {
    const productStock = availableStock(facts);
    return (
      <div className="purchase purchase--compact">
        <p className={`stock stock--${stockTone(productStock)}`} data-testid="stock-text">
          {stockText(productStock)}
        </p>
        <a className="button button--secondary" href={`/products/${encodeURIComponent(product.id)}`}>
          Choose options
        </a>
      </div>
    );
  }

  if (product.requiresModel && !compact) {
    // Its chunk loads in the browser only: the server's page says what comes, the script brings the upload.
    const waiting = <p className="hint purchase__upload-first">Upload your model to see its price.</p>;
    return (
      <div className="purchase">
        <p className="purchase__price">{priceLabel(product)}</p>
        {hydrated ? (
          <Suspense fallback={waiting}>
            <ModelPurchase facts={facts} productName={product.name} materials={materials} />
          </Suspense>
        ) : (
          waiting
        )}
      </div>
    );
  }

  async function add() {
    if (adding || needsVariant || soldOut || (needsUpload && !attachment) || fileInBasket || voucherProblem !== null) return;
    // The file is stored first (a route only now, with its trim); if that fails the upload part says why and nothing is added.
    setAdding(true);
    const file = attachment ? await attachment.send() : null;
    setAdding(false);
    if (needsUpload && !file) return;
    const meta: BasketMeta = {};
    if (variant) Object.assign(meta, { variantId: variant.id, variantName: variant.name });
    if (file && product.requiresGpx) Object.assign(meta, { gpxToken: file.token, gpxName: file.fileName });
    if (file && product.requiresImage) Object.assign(meta, { imageToken: file.token, imageName: file.fileName });
    if (voucher && "choice" in voucher) meta.voucher = voucher.choice;
    const amount = meta.voucher?.amount_pence ?? variant?.price_cents ?? product.unitAmount;
    const shown = file
      ? { kind: product.requiresGpx ? ("gpx" as const) : ("image" as const), token: file.token, name: file.fileName }
      : undefined;
    put(
      { id: product.id, name: product.name, price: penceToPounds(amount), noStack: needsUpload || isVoucher, meta },
      compact ? null : { name: product.name, variantName: variant?.name, pricePence: amount, file: shown },
    );
  }

  const label = soldOut ? "Out of stock" : limitReached ? "Limit reached" : needsVariant ? "Select variant" : "Add to basket";
  const disabled =
    !hydrated ||
    adding ||
    soldOut ||
    limitReached ||
    needsVariant ||
    (needsUpload && !attachment) ||
    fileInBasket ||
    Boolean(voucherProblem);
  const waitingForFile = !compact && needsUpload && !attachment && !soldOut && !limitReached && !added;
  const uploadHintId = `upload-first-${product.id}`;

  return (
    <div className={`purchase ${compact ? "purchase--compact" : ""}`}>
      {!compact && product.variants.length > 1 && (
        <fieldset className="variant-picker">
          <legend>Choose an option</legend>
          <div className="variant-picker__options">
            {product.variants.map((option) => {
              const optionStock = availableStock(facts, option.id);
              const optionSoldOut = optionStock !== null && optionStock <= 0;
              return (
                <label key={option.id} className={`variant-option ${optionSoldOut ? "is-sold-out" : ""}`}>
                  <input
                    type="radio"
                    name={`variant-${product.id}`}
                    value={option.id}
                    checked={variantId === option.id}
                    onChange={() => {
                      setVariantId(option.id);
                      forgetRefusal();
                    }}
                  />
                  <span className="variant-option__name">{option.name}</span>
                  <span className="variant-option__price">{formatPence(option.price_cents)}</span>
                  {optionSoldOut && <span className="variant-option__note">Out of stock</span>}
                </label>
              );
            })}
          </div>
          {needsVariant && <p className="hint">Please select a variant to continue</p>}
        </fieldset>
      )}

      {!compact && (
        <p className="purchase__price" aria-live="polite">
          {variant ? formatPence(variant.price_cents) : priceLabel(product)}
        </p>
      )}

      <p className={`stock stock--${stockTone(available)}`} data-testid="stock-text">
        {stockText(available)}
      </p>

      {!compact && isVoucher && hydrated && (
        <Suspense fallback={null}>
          <VoucherFields
            optionPence={product.variants.length > 0 ? (variant?.price_cents ?? null) : null}
            freeAmount={product.variants.length === 0}
            onResult={setVoucher}
          />
        </Suspense>
      )}
      {voucherProblem && <p className="hint purchase__upload-first">{voucherProblem}</p>}

      {/* Its chunk loads in the browser only, as the model's: the server's page says what to upload (below). */}
      {!compact && hydrated && (product.requiresGpx || product.requiresImage) && (
        <Suspense fallback={null}>
          {product.requiresGpx ? (
            <RouteUpload productId={product.id} onReady={setAttachment} />
          ) : (
            <PhotoUpload productId={product.id} onReady={setAttachment} />
          )}
        </Suspense>
      )}

      <div className="purchase__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={disabled}
          aria-describedby={waitingForFile ? uploadHintId : undefined}
          onClick={() => void add()}
        >
          {label}
        </button>
        {added && (
          <span className="chip chip--success" role="status">
            Added to basket
          </span>
        )}
      </div>
      {!compact && (
        <noscript>
          <p className="hint">{BASKET_NEEDS_JAVASCRIPT}</p>
        </noscript>
      )}
      {!compact && fileInBasket && !added && (
        <p className="hint purchase__upload-first">
          {product.requiresGpx
            ? "This route is in your basket. To order another print, choose another trim or replace the file."
            : "This photo is in your basket. To order another print, replace the file with a new one."}
        </p>
      )}
      {panel && (
        <Suspense fallback={null}>
          <AddedPanel line={panel} onClose={closePanel} />
        </Suspense>
      )}
      {waitingForFile && (
        <p id={uploadHintId} className="hint purchase__upload-first">
          {product.requiresGpx ? "Upload your GPX file to add this to your basket." : "Upload your photo to add this to your basket."}
        </p>
      )}
    </div>
  );
}
