import type { Database } from "bun:sqlite";
import { latestDay } from "../../../shared/dispatch-words";
import { writeTransaction } from "../../db/transaction";
import { demoCardFee } from "../../services/payments/card-fee";
import type { PaymentSnapshot, PostalAddress } from "../../services/payments/provider";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import type { DiscountCodeName } from "../discount-codes/model";
import type { DiscountCodeStore } from "../discount-codes/store";
import type { GiftVouchers } from "../gift-vouchers/service";
import type { ProductionRecords } from "../orders/production";
import type { NewOrder, OrderStore } from "../orders/store";
import { recordQuotePayment } from "../quotes/paid";
import { type CheckoutRow, type CheckoutStore, unitsOf } from "./checkout-store";
import { lineDispatchDays } from "./dispatch-dates";
import { stockCovers, takeStock } from "./stock-hold";

export type FulfilOutcome =
  | { kind: "order"; orderId: string; created: boolean }
  | { kind: "waiting"; status: "processing" | "expired" }
  | { kind: "unknown" };

/** Runs inside the order's transaction, e.g. to queue its emails so they commit with it. */
export type OrderCreatedHook = (db: Database, orderId: string) => void;

/**
 * The one way a payment becomes an order, used by the Stripe webhook, the
 * success page's confirm call, the demo checkout and the reconciling sweep.
 * Whichever arrives first creates the order inside an IMMEDIATE transaction;
 * every later or concurrent caller finds it. A payment that lands after its
 * hold was released takes the stock again if it is still there, and is
 * otherwise recorded as paid and flagged for refund — stock never goes below 0.
 */
/** What fulfilment writes through, each built once in src/deps.ts. */
export type FulfilStores = {
  checkouts: CheckoutStore;
  orders: OrderStore;
  production: ProductionRecords;
  discountCodes: DiscountCodeStore;
  vouchers: GiftVouchers;
};

export function fulfilPayment(
  db: Database,
  { checkouts: store, orders, production, discountCodes, vouchers }: FulfilStores,
  snapshot: PaymentSnapshot,
  onOrderCreated: OrderCreatedHook,
  dispatch: DispatchPromise,
): FulfilOutcome {
  return writeTransaction(db, () => {
    const checkout = store.forSession(snapshot.id, snapshot.checkoutId);
    if (!checkout) return { kind: "unknown" };
    if (orders.exists(checkout.id)) return { kind: "order", orderId: checkout.id, created: false };

    const paid = snapshot.paymentStatus === "paid" || snapshot.paymentStatus === "no_payment_required";
    if (!paid) {
      if (snapshot.status === "expired") {
        store.release(checkout, "expired");
        return { kind: "waiting", status: "expired" };
      }
      // Complete but unpaid (a bank payment on its way): the hold stays.
      return { kind: "waiting", status: "processing" };
    }

    const lines = store.lines(checkout.id);
    // Read before this payment counts its use: a checkout that gave its use back (expired, replaced, cancelled)
    // and finds every use taken since is honoured, and the owner told the code went past its limit (decision 0025).
    const discountOverLimit =
      checkout.hold !== "held" && checkout.discount_code !== null && discountUsesTaken(discountCodes, checkout.discount_code);
    let refundRequired = false;
    if (checkout.hold === "held") {
      // The voucher's held part is spent now it is paid (docs/decisions/0054-gift-vouchers.md).
      vouchers.store.spend(checkout.id);
      store.markPaid(checkout.id, snapshot.id);
    } else if (stockCovers(db, unitsOf(lines)) && voucherHeldAgain(vouchers, checkout)) {
      takeStock(db, unitsOf(lines));
      vouchers.store.spend(checkout.id);
      store.markPaid(checkout.id, snapshot.id);
    } else {
      refundRequired = true;
      store.markPaidWithoutStock(checkout.id, snapshot.id);
    }

    // The promise the shopper saw: counted from when the checkout began, not when the payment arrived (decision 0015).
    // A voucher is emailed, never dispatched: only the things to make are promised a day.
    const made = lines.filter((line) => !line.meta.voucher);
    const dispatchBy = latestDay(lineDispatchDays(db, dispatch, made, new Date(checkout.created_at)));
    // The variant lives in meta.variantName (docs/product.md#order), not in the product name.
    const items = lines.map((line) => ({
      product_id: line.productId,
      variant_id: line.variantId,
      product_name: line.productName,
      unit_price_cents: line.unitPriceCents,
      quantity: line.quantity,
      meta: JSON.stringify(line.meta),
    }));
    const order = orders.insert(newOrder(checkout, snapshot, { refundRequired, discountOverLimit }, dispatchBy), items);
    // Every paid order starts in the workshop's queue, timestamped with the order (decision 0016).
    production.start(checkout.id, order.created_at);
    const claimUpload = db.query("UPDATE uploads SET order_id = ? WHERE token = ? AND order_id IS NULL");
    for (const line of lines) {
      for (const token of [line.meta.gpxToken, line.meta.imageToken, line.meta.modelToken]) if (token) claimUpload.run(checkout.id, token);
    }
    if (checkout.quote_id) recordQuotePayment(db, orders, checkout.quote_id, checkout.id);
    // A use counts only once paid, here, once per order (the order insert above makes a replay return early).
    if (checkout.discount_code) discountCodes.countUse(checkout.discount_code);
    vouchers.issueForOrder(checkout.id, lines, snapshot.customerEmail);
    onOrderCreated(db, checkout.id);
    return { kind: "order", orderId: checkout.id, created: true };
  });
}

function newOrder(
  checkout: Pick<
    CheckoutRow,
    | "id"
    | "subtotal_cents"
    | "delivery_cents"
    | "discount_code"
    | "discount_cents"
    | "gift_message"
    | "gift_from"
    | "voucher_cents"
    | "amount_cents"
    | "currency"
    | "provider"
  >,
  snapshot: PaymentSnapshot,
  flags: { refundRequired: boolean; discountOverLimit: boolean },
  dispatchBy: string | null,
): NewOrder {
  return {
    id: checkout.id,
    subtotal_cents: checkout.subtotal_cents,
    delivery_cents: checkout.delivery_cents,
    discount_code: checkout.discount_code,
    discount_cents: checkout.discount_cents,
    gift_message: checkout.gift_message,
    gift_from: checkout.gift_from,
    voucher_cents: checkout.voucher_cents,
    amount_cents: checkout.amount_cents,
    currency: checkout.currency,
    email: snapshot.customerEmail,
    shipping: address(snapshot.shipping ?? snapshot.billing),
    billing: address(snapshot.billing ?? snapshot.shipping),
    payment_provider: checkout.provider,
    payment_session_id: snapshot.id,
    refund_required: flags.refundRequired,
    discount_over_limit: flags.discountOverLimit,
    dispatch_by: dispatchBy,
    fee: knownFee(checkout),
  };
}

/**
 * Nothing is charged on the demo: its fee is Stripe's published UK card rate, stored as "demo"; Stripe's own is read
 * later by the fees job (decision 0050). An order a gift voucher paid in full had no card payment and has no fee.
 */
function knownFee(checkout: Pick<CheckoutRow, "provider" | "amount_cents">): NewOrder["fee"] {
  if (checkout.amount_cents === 0) return { feePence: 0, netPence: 0, source: checkout.provider };
  return checkout.provider === "demo" ? { ...demoCardFee(checkout.amount_cents), source: "demo" } : null;
}

/** Whether a code's uses are all taken, paid or held by checkouts waiting for payment (a deleted code has none to take). */
function discountUsesTaken(codes: DiscountCodeStore, code: DiscountCodeName): boolean {
  const found = codes.byCode(code);
  return found !== null && codes.allUsesTaken(found);
}

/**
 * A payment that arrives after its hold ended had its voucher part given back: it is held again if the voucher still
 * has it (and is still spendable by balance), else the order is recorded and flagged for a refund like missing stock.
 */
function voucherHeldAgain(vouchers: GiftVouchers, checkout: Pick<CheckoutRow, "id" | "voucher_id" | "voucher_cents">): boolean {
  if (checkout.voucher_id === null || checkout.voucher_cents === 0) return true;
  const voucher = vouchers.store.byId(checkout.voucher_id);
  if (!voucher || voucher.voided_at !== null || voucher.balance_pence < checkout.voucher_cents) return false;
  vouchers.store.hold(voucher.id, checkout.id, checkout.voucher_cents);
  return true;
}

function address(a: PostalAddress | null): (string | null)[] {
  return [a?.name ?? null, a?.line1 ?? null, a?.line2 ?? null, a?.city ?? null, a?.postalCode ?? null, a?.country ?? null];
}
