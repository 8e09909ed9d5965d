import type { Database } from "bun:sqlite";
import { EMAILED_DELIVERY_LINE, postsNothing } from "../../../shared/delivery";
import { VOUCHER_MESSAGES } from "../../../shared/gift-voucher";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, Conflict, HttpError, NotFound, TooManyRequests } from "../../errors";
import { createAddressHasher } from "../../http/address-hash";
import { errorFields, log } from "../../log";
import { type PaymentProvider, PaymentProviderError, type PaymentSnapshot, type SessionProvider } from "../../services/payments/provider";
import type { DispatchPromise } from "../catalog/dispatch-promise";
import type { ContentService } from "../content/service";
import type { DiscountCodeName } from "../discount-codes/model";
import type { DiscountCodeStore } from "../discount-codes/store";
import type { GiftVouchers } from "../gift-vouchers/service";
import { newOrderId } from "../orders/order-id";
import type { ProductionRecords } from "../orders/production";
import type { OrderStore } from "../orders/store";
import { basketTotals } from "./basket-totals";
import { type CheckoutRow, checkoutStore, unitsOf } from "./checkout-store";
import { type FulfilOutcome, fulfilPayment, type OrderCreatedHook } from "./fulfil";
import { type BasketChoices, groupEntries, requestFingerprint } from "./lines";
import { CHECKOUT_MESSAGES, type CheckoutEntry, type CheckoutSessionView, MAX_HELD_UNITS_PER_ADDRESS } from "./model";
import { causeName, HOLD_MINUTES, paymentSessions } from "./payment-session";
import { type ModelPricer, type PricedLine, priceBasket } from "./price-basket";
import { takeStock } from "./stock-hold";

/** The sweep leaves a hold alone this long after its end, so the provider's own expiry event comes first. */
const SWEEP_GRACE_MS = 2 * 60_000;

/** Who asks for a checkout, besides what: the route reads these from the request. */
export type CheckoutRequester = {
  /** Idempotency-Key: the same key and basket answer the same payment page. */
  clientKey: string | null;
  /** Basket-Id: stable across basket changes; a newer checkout of the basket replaces its older unpaid one. */
  basketId: string | null;
  /** The client address (clientAddress()); only a keyed hash of it is stored. */
  address: string;
};

export type CheckoutServiceOptions = {
  db: Database;
  provider: PaymentProvider;
  content: ContentService;
  publicUrl: string;
  onOrderCreated: OrderCreatedHook;
  /** The dispatch date each line and the order are promised (decision 0015). */
  dispatch: DispatchPromise;
  /** The order store and the stage records a paid checkout's order is written through. */
  orders: OrderStore;
  production: ProductionRecords;
  /** The discount codes' store: a paid order counts its code's use. */
  discountCodes: DiscountCodeStore;
  /** A shopper's model line is priced again from the owner's rates (src/modules/instant-prices/). */
  modelPrices: ModelPricer;
  /** Gift vouchers: spent at checkout, issued when a voucher line is paid (docs/decisions/0054-gift-vouchers.md). */
  vouchers: GiftVouchers;
  /** The shop's own page that places an order a gift voucher pays in full: no card session for £0. */
  voucherPage: SessionProvider;
  now?: () => Date;
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export function createCheckoutService({
  db,
  provider,
  content,
  publicUrl,
  onOrderCreated,
  dispatch,
  orders,
  production,
  discountCodes,
  modelPrices,
  vouchers,
  voucherPage,
  now = () => new Date(),
}: CheckoutServiceOptions) {
  const store = checkoutStore(db);
  const holderHash = createAddressHasher(db);
  const cardSessions = paymentSessions({ db, provider, publicUrl, dispatch });
  const voucherSessions = paymentSessions({ db, provider: voucherPage, publicUrl, dispatch });
  /** Whose page a checkout is paid on: a gift voucher that pays all of it needs no card (docs/decisions/0054-gift-vouchers.md). */
  const paidByVoucher = (checkout: Pick<CheckoutRow, "amount_cents" | "voucher_cents">) =>
    checkout.amount_cents === 0 && checkout.voucher_cents > 0;
  const providerOf = (checkout: CheckoutRow): SessionProvider => (paidByVoucher(checkout) ? voucherPage : provider);
  /** Ends the pages of checkouts a newer one replaced, each where it was opened, so none of them can be paid. */
  async function expireReplaced(replaced: { sessionId: string; byVoucher: boolean }[]): Promise<void> {
    const ids = (byVoucher: boolean) => replaced.filter((older) => older.byVoucher === byVoucher).map((older) => older.sessionId);
    await Promise.all([cardSessions.expire(ids(false)), voucherSessions.expire(ids(true))]);
  }
  const fulfil = (snapshot: PaymentSnapshot): FulfilOutcome =>
    fulfilPayment(db, { checkouts: store, orders, production, discountCodes, vouchers }, snapshot, onOrderCreated, dispatch);

  /** Ends a hold: by an expiry event, a failed bank payment, a cancel or the sweep. */
  function release(checkout: CheckoutRow, state: "expired" | "failed"): boolean {
    return writeTransaction(db, () => store.release(checkout, state));
  }

  /**
   * The provider's view of one of our sessions. An id we never recorded is
   * refused before the provider is asked, so made-up ids cost it nothing: the
   * shopper only ever learns a session id after `opened` recorded it.
   */
  async function snapshotOrNotFound(sessionId: string): Promise<PaymentSnapshot> {
    const recorded = store.bySession(sessionId);
    if (!recorded) throw new NotFound("We couldn't find that checkout.");
    let snapshot: PaymentSnapshot | null;
    try {
      snapshot = await providerOf(recorded).retrieveSession(sessionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      // The cause's name only: its message may carry the session id.
      log("error", "payment session could not be read", { provider: provider.name, cause: causeName(error) });
      throw new HttpError(502, CHECKOUT_MESSAGES.providerUnreachable);
    }
    if (!snapshot || !store.forSession(snapshot.id, snapshot.checkoutId)) throw new NotFound("We couldn't find that checkout.");
    return snapshot;
  }

  /**
   * Refuses a checkout that would leave one address holding more than
   * MAX_HELD_UNITS_PER_ADDRESS units. Runs inside the transaction that takes
   * the stock, so concurrent requests from one address cannot each pass.
   */
  function checkHolderRoom(holder: string, requestedUnits: number): void {
    if (requestedUnits > MAX_HELD_UNITS_PER_ADDRESS) throw new Conflict(CHECKOUT_MESSAGES.basketTooBig);
    const held = store.heldBy(holder);
    if (held.units + requestedUnits <= MAX_HELD_UNITS_PER_ADDRESS) return;
    // The first of those holds ends at its expiry, or within a sweep of it.
    const endsAt = held.ends ? new Date(held.ends).getTime() + SWEEP_GRACE_MS + 60_000 : now().getTime() + HOLD_MINUTES * 60_000;
    throw new TooManyRequests(Math.max(1, Math.ceil((endsAt - now().getTime()) / 1000)), CHECKOUT_MESSAGES.alreadyHolding(held.units));
  }

  /**
   * The voucher's part of a checkout (docs/decisions/0054-gift-vouchers.md): as much of the total, delivery included,
   * as its balance covers, after any discount code. Unknown, void and expired codes are the one 404.
   */
  function voucherPart(code: string, lines: PricedLine[], totalCents: number): { id: string; pence: number } {
    if (lines.some((line) => line.meta.voucher)) throw new BadRequest(VOUCHER_MESSAGES.payVoucherWithVoucher);
    const voucher = vouchers.spendable(code);
    if (voucher.balance_pence === 0) throw new Conflict(VOUCHER_MESSAGES.empty);
    return { id: voucher.id, pence: Math.min(voucher.balance_pence, totalCents) };
  }

  return {
    fulfil,

    /**
     * POST /api/discount-codes/check: what a code takes off this basket now,
     * priced exactly as the checkout will. Reads only: nothing is held or counted.
     */
    checkDiscount(entries: CheckoutEntry[], code: DiscountCodeName, basketId: string | null = null) {
      // The basket's own waiting checkout holds a use its next checkout gives back: it does not count against it.
      const totals = basketTotals(db, content, priceBasket(db, groupEntries(entries), modelPrices, now()), code, now(), basketId);
      return {
        code: totals.discount!.code,
        subtotal_cents: totals.subtotalCents,
        discount_cents: totals.discount!.discountCents,
        delivery_cents: totals.deliveryCents,
        amount_cents: totals.amountCents,
      };
    },

    /**
     * GET /api/checkout/held: the units this basket's checkouts waiting for
     * payment hold. Its next checkout gives them back before taking its own,
     * so the basket counts them as available to it (decision 0025); nobody
     * else's basket does.
     */
    heldForBasket: (basketId: string) => ({ held: store.unitsHeldByBasket(basketId) }),

    /**
     * POST /api/checkout: prices the basket, holds its stock and opens a
     * payment session. The check and the hold share one IMMEDIATE transaction;
     * the provider is called after it commits, never inside it.
     */
    async start(
      entries: CheckoutEntry[],
      { clientKey, basketId, address }: CheckoutRequester,
      { discountCode = null, gift = null, voucherCode = null }: BasketChoices = {},
    ): Promise<{ url: string }> {
      const requested = groupEntries(entries);
      const fingerprint = requestFingerprint(requested, { discountCode, gift, voucherCode });
      const holder = holderHash(address);
      const begun = writeTransaction(db, () => {
        const earlier = clientKey ? store.byClientKey(clientKey) : null;
        if (earlier) {
          if (earlier.request_hash !== fingerprint) {
            throw new Conflict("This checkout was already started with a different basket. Reload the basket and try again.");
          }
          return { repeat: earlier.id, created: null } as const;
        }
        // A newer checkout of the same basket replaces the older unpaid one: its
        // units go back first, so they count neither against the shelf nor the holder.
        // If this checkout is then refused, the transaction rolls the release back too.
        const replaced = basketId ? store.heldFromBasket(basketId) : [];
        for (const older of replaced) store.release(older, "expired");
        // The owner's choice: a discount code and a gift voucher on one order, or one of them (decision 0054).
        if (discountCode !== null && voucherCode !== null && !content.vouchersWithDiscountCodes()) {
          throw new Conflict(VOUCHER_MESSAGES.notWithDiscountCode);
        }
        checkHolderRoom(
          holder,
          requested.reduce((sum, line) => sum + line.quantity, 0),
        );
        const lines = priceBasket(db, requested, modelPrices, now());
        // The discount is priced here, in the transaction, never by the client; its use is counted when paid (fulfil.ts).
        const totals = basketTotals(db, content, lines, discountCode, now());
        const { discount, deliveryCents: delivery } = totals;
        const voucher = voucherCode === null ? null : voucherPart(voucherCode, lines, totals.amountCents);
        const voucherCents = voucher?.pence ?? 0;
        const id = newOrderId();
        const expiresAt = new Date(now().getTime() + HOLD_MINUTES * 60_000);
        store.insert(
          {
            id,
            client_key: clientKey,
            basket_id: basketId,
            holder,
            request_hash: fingerprint,
            provider: provider.name,
            subtotal_cents: totals.subtotalCents,
            delivery_cents: delivery,
            discount_code: discount?.code ?? null,
            discount_cents: discount?.discountCents ?? 0,
            gift_message: gift?.message ?? null,
            gift_from: gift?.from ?? null,
            voucher_id: voucher?.id ?? null,
            voucher_cents: voucherCents,
            amount_cents: totals.amountCents - voucherCents,
            currency: "gbp",
            expires_at: expiresAt.toISOString(),
            quote_id: null,
          },
          lines,
        );
        takeStock(db, unitsOf(lines));
        // Held with the stock, in the same transaction: the schema refuses a hold past the balance (decision 0054).
        if (voucher) vouchers.store.hold(voucher.id, id, voucherCents);
        const replacedSessions = replaced.flatMap((older) =>
          older.provider_session_id ? [{ sessionId: older.provider_session_id, byVoucher: paidByVoucher(older) }] : [],
        );
        return {
          repeat: null,
          created: {
            id,
            lines,
            delivery,
            discount,
            voucherCents,
            amountCents: totals.amountCents - voucherCents,
            goodsCents: totals.subtotalCents,
            expiresAt,
            replacedSessions,
          },
        } as const;
      });
      if (begun.repeat !== null) return { url: await cardSessions.waitForUrl(begun.repeat) };

      const { id, lines, delivery, discount, voucherCents, amountCents, goodsCents, expiresAt, replacedSessions } = begun.created;
      await expireReplaced(replacedSessions);
      const toProvider = providerMoney(goodsCents, delivery, discount, voucherCents);
      const sessions = paidByVoucher({ amount_cents: amountCents, voucher_cents: voucherCents }) ? voucherSessions : cardSessions;
      return sessions.open({
        checkoutId: id,
        lines,
        deliveryCents: toProvider.deliveryCents,
        discount: toProvider.discount,
        expiresAt,
        cancelUrl: `${publicUrl}/basket?canceled=1`,
        gift: gift !== null,
        // A newer checkout of this basket replaced this one while the provider was answering.
        endedMessage: CHECKOUT_MESSAGES.replaced,
      });
    },

    /** POST /api/checkout/confirm: the success page asks; the order is created here if the webhook has not yet. */
    async confirm(sessionId: string): Promise<{ orderId: string | null; status?: string }> {
      const outcome = fulfil(await snapshotOrNotFound(sessionId));
      if (outcome.kind === "order") return { orderId: outcome.orderId };
      if (outcome.kind === "unknown") throw new NotFound("We couldn't find that checkout.");
      return { orderId: null, status: outcome.status };
    },

    /** A provider event that ends a session without payment (expired, bank payment failed). */
    endWithoutPayment(snapshot: PaymentSnapshot, state: "expired" | "failed"): void {
      const checkout = store.forSession(snapshot.id, snapshot.checkoutId);
      if (checkout) release(checkout, state);
    },

    /** The shopper left the payment page: end the session and hand the stock back at once. */
    async cancel(sessionId: string): Promise<void> {
      const checkout = store.forSession(sessionId, null);
      if (checkout?.hold !== "held") return;
      const own = providerOf(checkout);
      await own.expireSession(sessionId);
      const snapshot = await own.retrieveSession(sessionId);
      if (snapshot && snapshot.status === "expired") release(checkout, "expired");
    },

    /** GET /api/checkout/session: what the confirmation page shows before the order exists. */
    async sessionView(sessionId: string): Promise<CheckoutSessionView> {
      const snapshot = await snapshotOrNotFound(sessionId);
      const checkout = store.forSession(snapshot.id, snapshot.checkoutId)!;
      const ordered = orders.exists(checkout.id);
      const lines = store.lines(checkout.id);
      const items = lines.map((line) => ({
        description: line.variantName ? `${line.productName} — ${line.variantName}` : line.productName,
        quantity: line.quantity,
        amount_total: line.unitPriceCents * line.quantity,
        currency: checkout.currency,
      }));
      const delivery = {
        description: postsNothing(lines) ? EMAILED_DELIVERY_LINE : checkout.delivery_cents === 0 ? "Free UK delivery" : "UK delivery",
        quantity: 1,
        amount_total: checkout.delivery_cents,
        currency: checkout.currency,
      };
      // The server's discount, as its own line between the goods and delivery (decision 0020).
      const discount = checkout.discount_code
        ? [
            {
              description: `Discount (${checkout.discount_code})`,
              quantity: 1,
              amount_total: -checkout.discount_cents,
              currency: checkout.currency,
            },
          ]
        : [];
      // What a gift voucher paid, after the discount and delivery (docs/decisions/0054-gift-vouchers.md).
      const voucher =
        checkout.voucher_cents > 0
          ? [{ description: "Gift voucher", quantity: 1, amount_total: -checkout.voucher_cents, currency: checkout.currency }]
          : [];
      return {
        status: snapshot.status,
        payment_status: snapshot.paymentStatus,
        customer_email: snapshot.customerEmail,
        currency: checkout.currency,
        amount_total: checkout.amount_cents,
        line_items: [...items, ...discount, delivery, ...voucher],
        order_id: ordered ? checkout.id : null,
      };
    },

    /**
     * Reconciles holds past their end with the provider: a payment whose event
     * never arrived becomes its order (no paid order is lost), an open session
     * is expired, and everything else gives its stock back. Safe to run any
     * number of times, alongside events.
     */
    async sweep(limit = 50): Promise<{ fulfilled: number; released: number }> {
      const due = store.heldPast(new Date(now().getTime() - SWEEP_GRACE_MS).toISOString(), limit);
      let fulfilled = 0;
      let released = 0;
      for (const checkout of due) {
        try {
          if (!checkout.provider_session_id) {
            if (release(checkout, "failed")) released++;
            continue;
          }
          const own = providerOf(checkout);
          let snapshot = await own.retrieveSession(checkout.provider_session_id);
          if (snapshot?.status === "open") {
            await own.expireSession(checkout.provider_session_id);
            snapshot = await own.retrieveSession(checkout.provider_session_id);
          }
          if (snapshot && snapshot.paymentStatus !== "unpaid") {
            if (fulfil(snapshot).kind === "order") fulfilled++;
          } else if (!snapshot || snapshot.status === "expired") {
            if (release(checkout, "expired")) released++;
          }
          // Complete but unpaid: a bank payment is on its way; the hold stays until it succeeds or fails.
        } catch (error) {
          log("error", "checkout could not be reconciled", { checkoutId: checkout.id, ...errorFields(error) });
        }
      }
      return { fulfilled, released };
    },
  };
}

/**
 * What the payment page is told, so its total is the checkout's: the discount code and the voucher as one amount off
 * the goods (Stripe's coupon takes nothing off delivery), and delivery less whatever of the voucher the goods left
 * over (docs/decisions/0054-gift-vouchers.md).
 */
function providerMoney(
  goodsCents: number,
  deliveryCents: number,
  discount: { code: string; discountCents: number } | null,
  voucherCents: number,
): { deliveryCents: number; discount: { code: string; discountCents: number } | null } {
  if (voucherCents === 0) return { deliveryCents, discount };
  const discountCents = discount?.discountCents ?? 0;
  const offGoods = Math.min(goodsCents, discountCents + voucherCents);
  const offDelivery = discountCents + voucherCents - offGoods;
  const label = discount ? `${discount.code} and gift voucher` : "Gift voucher";
  return { deliveryCents: deliveryCents - offDelivery, discount: { code: label, discountCents: offGoods } };
}
