import { lazy, Suspense, useEffect, useState } from "react";
import type { AppliedVoucher } from "../components/VoucherCodeField";
import { clearBasket, NO_GIFT, readGift } from "../lib/basket-gift-store";
import { BASKET_NEEDS_JAVASCRIPT } from "../lib/basket-store";
import { useBasket } from "../lib/use-basket";
import { useHydrated } from "../lib/use-hydrated";
import type { AppliedDiscount } from "./parts/FilledBasket";

// The lines, the summary and the checkout load once the basket has a line: an empty basket's first paint (and the
// first script every visit to /basket loads) needs none of them (docs/decisions/0053-the-loop-the-memory-and-the-first-script.md).
const FilledBasket = lazy(() => import("./parts/FilledBasket").then((module) => ({ default: module.FilledBasket })));

/** Success banners are shown for 3 seconds (docs/product.md#basket). */
const BANNER_MS = 3000;

export type BasketViewProps = {
  deliveryFeePence: number;
  freeDeliveryThresholdPence: number;
  /** The dispatch cut-off (UK hour): on a key date's last order day, orders from then on are too late. */
  cutOffHour: number;
  banner: "success" | "canceled" | null;
};

export function BasketView({ deliveryFeePence, freeDeliveryThresholdPence, cutOffHour, banner }: BasketViewProps) {
  const items = useBasket();
  const mounted = useHydrated();
  const [bannerVisible, setBannerVisible] = useState(banner !== null);
  // Kept here, not in the filled basket: a basket emptied and filled again keeps its code (asked again for the new
  // lines) and its gift voucher, and loses its gift, as the page always did.
  const [discount, setDiscount] = useState<AppliedDiscount | null>(null);
  const [voucher, setVoucher] = useState<AppliedVoucher | null>(null);
  const [gift, setGift] = useState(NO_GIFT);

  useEffect(() => {
    if (banner === "success") {
      clearBasket();
      // The checkout's keys live with the checkout client, which only a basket with lines loads. A chunk that fails to
      // load (the connection dropped) leaves the keys as they were; nothing else on this page needs it.
      import("../lib/checkout-client").then(
        (client) => client.forgetPaidCheckout(),
        () => {},
      );
    }
    setGift(readGift());
  }, [banner]);

  // An emptied basket (Clear basket, or paid in another tab) takes its gift with it (clearBasket).
  useEffect(() => {
    if (mounted && items.length === 0) setGift(NO_GIFT);
  }, [mounted, items.length]);

  useEffect(() => {
    if (!bannerVisible) return;
    const timer = setTimeout(() => setBannerVisible(false), BANNER_MS);
    return () => clearTimeout(timer);
  }, [bannerVisible]);

  const loading = <p className="basket__loading">Loading your basket…</p>;
  return (
    <div className="basket">
      {bannerVisible && banner === "success" && (
        <p className="banner banner--success" role="status">
          Thank you — your payment went through and your basket has been cleared.
        </p>
      )}
      {bannerVisible && banner === "canceled" && (
        <p className="banner banner--info" role="status">
          Checkout was cancelled. Your basket is just as you left it.
        </p>
      )}

      {!mounted ? (
        <>
          {loading}
          <noscript>
            <p className="banner banner--warning">{BASKET_NEEDS_JAVASCRIPT}</p>
          </noscript>
        </>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <h2>Your basket is empty</h2>
          <p>Find something you like in the shop, or send us a custom request.</p>
          <a className="button button--primary" href="/products">
            Browse products
          </a>
        </div>
      ) : (
        <Suspense fallback={loading}>
          <FilledBasket
            items={items}
            deliveryFeePence={deliveryFeePence}
            freeDeliveryThresholdPence={freeDeliveryThresholdPence}
            cutOffHour={cutOffHour}
            discount={discount}
            onDiscount={setDiscount}
            voucher={voucher}
            onVoucher={setVoucher}
            gift={gift}
            onGift={setGift}
          />
        </Suspense>
      )}
    </div>
  );
}
