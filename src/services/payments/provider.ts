/**
 * What the shop needs from a card payment provider. Two implementations:
 * Stripe Checkout (STRIPE_SECRET_KEY set) and the built-in demo checkout.
 * Both are shaped after Stripe's Checkout Session so one fulfilment function
 * serves both (src/modules/checkout).
 */

export type PostalAddress = {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
};

type PaymentLine = {
  /** What the shopper sees on the payment page, e.g. "Route relief map — A4 tile". */
  name: string;
  unitAmountPence: number;
  quantity: number;
  /** A line under the name, e.g. "Dispatched by Thursday 3 December 2026" (docs/decisions/0015-working-days.md). */
  description?: string;
};

export type CreatePaymentSession = {
  /** The pending order id; carried in the session's metadata as `order_id`. */
  checkoutId: string;
  lines: PaymentLine[];
  /** Delivery, shown as its own line (0 = free delivery). */
  deliveryPence: number;
  /** Taken off the lines' total (never below 0); the page shows it as "Discount (CODE)". Null: none. */
  discount?: { code: string; amountPence: number } | null;
  currency: "gbp";
  /** When the session (and the stock hold) ends. At least 30 minutes ahead. */
  expiresAt: Date;
  /** Absolute URLs. The success URL contains the literal `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
  /** Same key, same session: a retried create never makes a second one. */
  idempotencyKey: string;
  /**
   * Who is paying, when the shop already knows (a quote's shopper): the page opens with it filled in. Stripe fills
   * the email (`customer_email`); the demo page both. Absent for a basket's checkout.
   */
  payer?: KnownPayer | null;
  /** A gift order (docs/decisions/0049-gift-orders.md): the page says to give the recipient's address for delivery. */
  gift?: boolean;
  /**
   * Nothing is posted: every line is a gift voucher, emailed (docs/decisions/0056-a-voucher-basket-posts-nothing.md).
   * The page then has no delivery line and asks for no delivery address (the order keeps the billing address).
   */
  emailedOnly?: boolean;
};

/** The name and email the shop already has for the person about to pay. */
export type KnownPayer = { name: string; email: string };

export type CreatedPaymentSession = { id: string; url: string };

export type PaymentSessionStatus = "open" | "complete" | "expired";
export type PaymentStatus = "paid" | "unpaid" | "no_payment_required";

/** A payment session as the provider sees it now. */
export type PaymentSnapshot = {
  id: string;
  /** metadata.order_id, or null when the session is not one of ours. */
  checkoutId: string | null;
  status: PaymentSessionStatus;
  paymentStatus: PaymentStatus;
  customerEmail: string | null;
  amountTotal: number | null;
  currency: string;
  shipping: PostalAddress | null;
  billing: PostalAddress | null;
};

/** Money given back on a paid session's payment (docs/decisions/0017-refunds.md). */
export type RefundPayment = {
  sessionId: string;
  amountPence: number;
  /** Same key, same refund: a double click or a retry never refunds twice. */
  idempotencyKey: string;
};

export type MadeRefund = { id: string };

/**
 * What the provider kept and what reached the shop's balance for one payment or refund: Stripe's balance
 * transaction (docs/decisions/0050-money-that-reconciles.md). A refund's `netPence` is negative. The demo has no
 * transaction id.
 */
export type Settlement = { balanceTransaction: string | null; feePence: number; netPence: number };

/**
 * What opening, reading and ending a payment page needs: the card providers below, and the shop's own page for an
 * order a gift voucher pays in full (src/services/payments/own-sessions.ts).
 */
export interface SessionProvider {
  readonly name: "stripe" | "demo" | "voucher";
  createSession(input: CreatePaymentSession): Promise<CreatedPaymentSession>;
  /** null when the provider has no such session. */
  retrieveSession(sessionId: string): Promise<PaymentSnapshot | null>;
  /** Ends an open session early (cancel); a session already complete or expired is left alone. */
  expireSession(sessionId: string): Promise<void>;
}

/** A card payment provider: sessions, and the money's own calls. */
export interface PaymentProvider extends SessionProvider {
  readonly name: "stripe" | "demo";
  /** Gives money back; throws PaymentProviderError saying why when the provider refuses or cannot be reached. */
  refund(input: RefundPayment): Promise<MadeRefund>;
  /** The fee and net of a paid session's payment; null while the provider has not settled it yet (ask again later). */
  paymentSettlement(sessionId: string): Promise<Settlement | null>;
  /** The same for one refund, by the provider's refund id. */
  refundSettlement(providerRefundId: string): Promise<Settlement | null>;
}

/** Thrown when the provider cannot be reached or refuses; the shopper sees a 502. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
