import { useEffect, useRef, useState } from "react";
import {
  type BasketItem,
  isPricedModel,
  isSingleUnit,
  maxQuantityFor,
  type ProductFacts,
  quoteDelivery,
  removeLine,
  setQuantity,
  subtotalPence,
} from "../../../shared/basket";
import { deliveryText, EMAILED_ONLY_NOTE, isPosted, postsNothing } from "../../../shared/delivery";
import { dispatchPromiseText, latestDay } from "../../../shared/dispatch-words";
import { basketOrderBy, orderByText, tooLateFor } from "../../../shared/key-dates";
import { formatMinus, formatPence, poundsToPence } from "../../../shared/money";
import { voucherLineDetails } from "../../../shared/voucher-line";
import type { Product } from "../../../src/modules/catalog/model";
import { DiscountCodeField } from "../../components/DiscountCodeField";
import { GiftField, giftOf } from "../../components/GiftField";
import { type AppliedVoucher, VoucherCodeField } from "../../components/VoucherCodeField";
import { type Catalogue, checkOutBasket, fetchCatalogue } from "../../lib/basket-checkout";
import { type GiftDraft, writeGift } from "../../lib/basket-gift-store";
import { readBasket, writeBasket } from "../../lib/basket-store";
import { checkDiscountCode, checkoutEntries, checkVoucherCode, type DiscountQuote } from "../../lib/checkout-client";
import { productFacts } from "../../lib/product-view";
import { uploadPreview } from "../../lib/upload-preview";
import { ClearBasket } from "./ClearBasket";

const STOCK_WARNING = "Unable to verify live stock; limits may not be enforced in UI";

/** The server's pricing of the basket with the applied code, and the basket (its checkout entries as JSON) it priced. */
export type AppliedDiscount = { quote: DiscountQuote; basket: string };

export type FilledBasketProps = {
  items: BasketItem[];
  deliveryFeePence: number;
  freeDeliveryThresholdPence: number;
  cutOffHour: number;
  /** Kept by BasketView, so an emptied basket and one filled again keep the code and lose the gift as before. */
  discount: AppliedDiscount | null;
  onDiscount: (discount: AppliedDiscount | null) => void;
  voucher: AppliedVoucher | null;
  onVoucher: (voucher: AppliedVoucher | null) => void;
  gift: GiftDraft;
  onGift: (gift: GiftDraft) => void;
};

/**
 * The basket with lines in it: the lines, the summary with its code, gift and key dates, and Checkout. A chunk of
 * its own, loaded by BasketView once the basket has a line: an empty basket's first paint needs none of it
 * (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md).
 */
export function FilledBasket({
  items,
  deliveryFeePence,
  freeDeliveryThresholdPence,
  cutOffHour,
  discount,
  onDiscount,
  voucher,
  onVoucher,
  gift,
  onGift,
}: FilledBasketProps) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [stockWarning, setStockWarning] = useState(false);
  const [busy, setBusy] = useState(false);
  const [discountProblem, setDiscountProblem] = useState<string | null>(null);
  const [voucherProblem, setVoucherProblem] = useState<string | null>(null);
  const [checkingVoucher, setCheckingVoucher] = useState(false);
  const [checkingCode, setCheckingCode] = useState(false);
  // State updates land after the click handler returns; the ref shuts out a second click at once.
  const checkoutInFlight = useRef(false);

  useEffect(() => {
    fetchCatalogue()
      .then(setCatalogue)
      .catch(() => setStockWarning(true));
  }, []);

  useEffect(() => {
    // Back from the payment page, the browser may restore this page as it was left: mid-checkout.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      checkoutInFlight.current = false;
      setBusy(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const factsOf = (id: string): ProductFacts | undefined => {
    const product = catalogue?.get(id);
    return product ? productFacts(product) : undefined;
  };
  const quote = quoteDelivery(subtotalPence(items), deliveryFeePence, freeDeliveryThresholdPence, items);
  // Gift vouchers only: emailed, so no delivery, no free-delivery hint and no dispatch day (docs/decisions/0056-a-voucher-basket-posts-nothing.md).
  const emailedOnly = postsNothing(items);
  const basketNow = JSON.stringify(checkoutEntries(items));
  // Shown only while it prices the basket as it is; a changed basket is priced again below.
  const priced = discount && discount.basket === basketNow ? discount.quote : null;

  // After the discount, delivery included, as the checkout takes it: never below £0 (docs/decisions/0054-gift-vouchers.md).
  const beforeVoucher = priced ? priced.amount_cents : quote.total;
  const voucherPart = voucher ? Math.min(voucher.balancePence, beforeVoucher) : 0;

  async function applyCode(code: string) {
    setCheckingCode(true);
    const entries = checkoutEntries(readBasket());
    const answer = await checkDiscountCode(code, entries);
    setCheckingCode(false);
    if (answer.ok) {
      onDiscount({ quote: answer.quote, basket: JSON.stringify(entries) });
      setDiscountProblem(null);
    } else {
      onDiscount(null);
      setDiscountProblem(answer.message);
    }
  }

  // The basket changed under an applied code: ask the server again (the minimum or the amount may differ now).
  async function applyVoucher(code: string) {
    setCheckingVoucher(true);
    const answer = await checkVoucherCode(code);
    setCheckingVoucher(false);
    onVoucher(answer.ok ? { code, balancePence: answer.balancePence } : null);
    setVoucherProblem(answer.ok ? null : answer.message);
  }

  const appliedCode = discount?.quote.code ?? null;
  const stale = discount !== null && discount.basket !== basketNow && items.length > 0;
  // applyCode reads the basket itself; only a change of basket or code should run it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: applyCode is remade each render and reads the basket itself
  useEffect(() => {
    if (stale && appliedCode) void applyCode(appliedCode);
  }, [stale, appliedCode]);

  async function checkout() {
    if (checkoutInFlight.current) return;
    checkoutInFlight.current = true;
    setBusy(true);
    let leaving = false;
    try {
      // Stay disabled while the browser moves to the payment page.
      leaving = await checkOutBasket({
        onCatalogue: setCatalogue,
        discountCode: appliedCode,
        gift: giftOf(gift),
        voucherCode: voucher?.code ?? null,
      });
    } finally {
      if (!leaving) {
        checkoutInFlight.current = false;
        setBusy(false);
      }
    }
  }

  // The basket's promise is its slowest posted line's (a voucher is emailed, never dispatched); the catalogue answer
  // carries each product's day.
  const posted = items.filter(isPosted);
  const latestDispatch = latestDay(posted.map((item) => catalogue?.get(item.id)?.dispatchBy));
  // The key dates the basket's posted lines show, each with its soonest last order day (docs/decisions/0049-gift-orders.md).
  const orderBy = basketOrderBy(posted.map((item) => catalogue?.get(item.id)?.order_by));

  return (
    <>
      {stockWarning && (
        <p className="banner banner--warning" role="alert">
          {STOCK_WARNING}
        </p>
      )}
      <div className="basket__layout">
        <ul className="basket__lines" aria-label="Basket items">
          {items.map((item) => (
            <BasketLine
              key={item.key}
              item={item}
              product={catalogue?.get(item.id)}
              max={maxQuantityFor(items, item.key, factsOf(item.id))}
              onQuantity={(quantity) => writeBasket(setQuantity(readBasket(), item.key, quantity, factsOf(item.id)))}
              onRemove={() => writeBasket(removeLine(readBasket(), item.key))}
            />
          ))}
        </ul>

        <aside className="basket__summary" aria-label="Order summary">
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="subtotal">{formatPence(quote.subtotal)}</dd>
            </div>
            {priced && (
              <div>
                <dt>{`Discount (${priced.code})`}</dt>
                <dd data-testid="discount">{formatMinus(priced.discount_cents)}</dd>
              </div>
            )}
            <div>
              <dt>Delivery</dt>
              <dd data-testid="delivery">{deliveryText(priced ? priced.delivery_cents : quote.delivery, emailedOnly)}</dd>
            </div>
            {voucherPart > 0 && (
              <div>
                <dt>Gift voucher</dt>
                <dd data-testid="voucher">{formatMinus(voucherPart)}</dd>
              </div>
            )}
            <div className="basket__total">
              <dt>Total</dt>
              <dd data-testid="total">{formatPence(beforeVoucher - voucherPart)}</dd>
            </div>
          </dl>
          <DiscountCodeField
            applied={appliedCode}
            problem={discountProblem}
            busy={checkingCode || busy}
            onApply={(code) => void applyCode(code)}
            onRemove={() => {
              onDiscount(null);
              setDiscountProblem(null);
            }}
          />
          <VoucherCodeField
            applied={voucher}
            problem={voucherProblem}
            busy={checkingVoucher || busy}
            onApply={(code) => void applyVoucher(code)}
            onRemove={() => {
              onVoucher(null);
              setVoucherProblem(null);
            }}
          />
          <GiftField
            value={gift}
            disabled={busy}
            onChange={(changed) => {
              onGift(changed);
              writeGift(changed);
            }}
          />
          {quote.toFreeDelivery !== null && (
            <p className="basket__free-delivery">Add {formatPence(quote.toFreeDelivery)} more for free delivery.</p>
          )}
          {quote.toFreeDelivery === null && freeDeliveryThresholdPence > 0 && !emailedOnly && (
            <p className="basket__free-delivery basket__free-delivery--reached">You get free delivery.</p>
          )}
          {latestDispatch && (
            <p className="basket__dispatch" data-testid="dispatch-by">
              {dispatchPromiseText(latestDispatch, false)}
            </p>
          )}
          {orderBy.map((entry) => (
            <p key={`${entry.date} ${entry.name}`} className="basket__dispatch order-by">
              {orderByText(entry, tooLateFor(entry, new Date(), cutOffHour))}
            </p>
          ))}
          <div className="basket__actions">
            <button type="button" className="button button--primary button--wide" disabled={busy} onClick={checkout}>
              {busy ? "Starting checkout…" : "Checkout"}
            </button>
            <ClearBasket disabled={busy} />
          </div>
          <p className="basket__note">
            {emailedOnly ? EMAILED_ONLY_NOTE : "UK delivery."} Payment is taken securely by card on the next page.
          </p>
        </aside>
      </div>
    </>
  );
}

function BasketLine({
  item,
  product,
  max,
  onQuantity,
  onRemove,
}: {
  item: BasketItem;
  product: Product | undefined;
  max: number;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const image = product?.images[0];
  const single = isSingleUnit(item);
  // A model's copies were priced together on its page: shown, never stepped here.
  const fixed = single || isPricedModel(item);
  const href = `/products/${encodeURIComponent(item.id)}`;
  return (
    <li className="basket-line">
      {/* biome-ignore lint/a11y/useAnchorContent: the picture repeats the name link beside it, so it is hidden from screen readers and the tab order */}
      <a className="basket-line__image" href={href} tabIndex={-1} aria-hidden="true">
        {image ? <img src={image.url} alt="" width={88} height={88} loading="lazy" /> : <span />}
      </a>
      <div className="basket-line__body">
        <a className="basket-line__name" href={href}>
          {item.name}
        </a>
        {item.meta.variantName && <p className="basket-line__detail">{item.meta.variantName}</p>}
        {item.meta.voucher && (
          <ul className="basket-line__voucher" data-testid="basket-voucher">
            {voucherLineDetails(item.meta.voucher).map((words) => (
              <li key={words} className="basket-line__detail">
                {words}
              </li>
            ))}
          </ul>
        )}
        {item.meta.gpxName && (
          <p className="basket-line__detail basket-line__attachment">
            {item.meta.gpxToken && (
              <img
                className="basket-line__thumb basket-line__thumb--route"
                src={uploadPreview(item.meta.gpxToken, "svg")}
                alt={`Map of your route ${item.meta.gpxName}`}
                width={80}
                height={50}
                loading="lazy"
              />
            )}
            <span>Route: {item.meta.gpxName}</span>
          </p>
        )}
        {item.meta.imageName && (
          <p className="basket-line__detail basket-line__attachment">
            {item.meta.imageToken && (
              <img
                className="basket-line__thumb basket-line__thumb--photo"
                src={uploadPreview(item.meta.imageToken, "jpg")}
                alt={`Your photo ${item.meta.imageName}`}
                width={36}
                height={48}
                loading="lazy"
              />
            )}
            <span>Photo: {item.meta.imageName}</span>
          </p>
        )}
        {item.meta.modelName && (
          <p className="basket-line__detail basket-line__attachment" data-testid="basket-model">
            <span>
              Model: {item.meta.modelName}
              {item.meta.materialName && item.meta.colour ? ` · ${item.meta.materialName}, ${item.meta.colour}` : ""}
              {item.meta.scale && item.meta.scale !== 1 ? ` · ×${item.meta.scale}` : ""}
            </span>
          </p>
        )}
        <p className="basket-line__unit">{formatPence(poundsToPence(item.price))} each</p>
      </div>
      <div className="basket-line__quantity">
        {fixed ? (
          <span className="quantity-fixed">
            <span aria-hidden="true">{`Qty ${item.quantity}`}</span>
            <span className="visually-hidden">{`Quantity of ${item.name}: ${item.quantity}`}</span>
          </span>
        ) : (
          // biome-ignore lint/a11y/useSemanticElements: two buttons and a figure, not a form, so not a <fieldset>
          <div className="stepper" role="group" aria-label={`Quantity of ${item.name}`}>
            <button
              type="button"
              aria-label={`One fewer ${item.name}`}
              disabled={item.quantity <= 1}
              onClick={() => onQuantity(item.quantity - 1)}
            >
              −
            </button>
            <output aria-live="polite">{item.quantity}</output>
            <button
              type="button"
              aria-label={`One more ${item.name}`}
              disabled={item.quantity >= max}
              onClick={() => onQuantity(item.quantity + 1)}
            >
              +
            </button>
          </div>
        )}
        {!single && item.quantity >= max && <p className="hint">Limit reached</p>}
      </div>
      <p className="basket-line__total">{formatPence(poundsToPence(item.price) * item.quantity)}</p>
      <button type="button" className="link-button basket-line__remove" onClick={onRemove}>
        Remove<span className="visually-hidden"> {item.name}</span>
      </button>
    </li>
  );
}
