import type Stripe from "stripe";
import { GIFT_DELIVERY_NOTE } from "../../../shared/gift";
import {
  type CreatedPaymentSession,
  type CreatePaymentSession,
  type MadeRefund,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSnapshot,
  type RefundPayment,
  type Settlement,
} from "./provider";
import { toPaymentSnapshot } from "./stripe-snapshot";

export type StripeProviderOptions = {
  secretKey: string;
  /** STRIPE_API_BASE: a Stripe-compatible server (stripe-mock, the test stand-in); unset = api.stripe.com. */
  apiBase?: string;
};

export type StripeWebhookEvent = {
  id: string;
  type: string;
  /** The session the event is about, for the checkout.session.* events the shop acts on; else null. */
  snapshot: PaymentSnapshot | null;
};

/** A Stripe payout as the payouts job stores it (docs/decisions/0050-money-that-reconciles.md). */
type StripePayout = { id: string; arrivalDate: Date; amountPence: number; status: string };
/** One balance transaction inside a payout. */
type PayoutLine = { balanceTransaction: string; type: string; amountPence: number; feePence: number; netPence: number };

export interface StripePaymentProvider extends PaymentProvider {
  readonly name: "stripe";
  /** Every payout, newest first, paged through Stripe's list as it is read; stop reading to stop asking. */
  payouts(): AsyncIterable<StripePayout>;
  /** Every balance transaction a payout holds (its own "payout" line included), paged through Stripe's list. */
  payoutLines(payoutId: string): Promise<PayoutLine[]>;
  /** Verifies the Stripe-Signature header against the raw body; throws StripeSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null, webhookSecret: string): Promise<StripeWebhookEvent>;
}

/** The webhook route answers 400 for this; Stripe then retries, which is right if our secret was stale. */
export class StripeSignatureError extends Error {
  constructor(override readonly cause?: unknown) {
    super("Invalid Stripe signature.");
    this.name = "StripeSignatureError";
  }
}

const UNREACHABLE = "The payment provider could not be reached. Please try again.";

/** The events that move a checkout along; every other event is acknowledged and ignored. */
const SESSION_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

type StripeSdk = typeof Stripe;

let loadingSdk: Promise<StripeSdk> | undefined;

/**
 * The SDK, loaded on the first payment call: it is ~40 ms of module loading,
 * a tenth of the shop's cold start, and the first pages a restarted shop
 * serves never need it (docs/decisions/0008-performance.md).
 */
function loadStripeSdk(): Promise<StripeSdk> {
  loadingSdk ??= import("stripe").then((module) => module.default);
  return loadingSdk;
}

export function createStripeProvider(options: StripeProviderOptions): StripePaymentProvider {
  if (options.secretKey.trim() === "") throw new Error("createStripeProvider needs a secret key");
  let client: Promise<Stripe> | undefined;
  // No apiVersion: the SDK pins the version its types describe (Stripe.API_VERSION).
  // Two retries cover a dropped connection or a 5xx; every retried POST carries the
  // same Idempotency-Key, so Stripe never makes a second session. The shopper is
  // waiting on the other end, hence 15 s rather than the SDK's 80 s.
  const stripe = (): Promise<Stripe> =>
    (client ??= loadStripeSdk().then(
      (StripeClient) =>
        new StripeClient(options.secretKey, {
          maxNetworkRetries: 2,
          timeout: 15_000,
          ...(options.apiBase ? hostOptions(options.apiBase) : {}),
        }),
    ));

  /**
   * A coupon made for one session: the amount off is the server's (never
   * Stripe's own percentage maths), it can be redeemed once, and its name is
   * the shop's code, which the payment page shows beside the discount.
   */
  async function adHocCoupon(discount: { code: string; amountPence: number }, idempotencyKey: string): Promise<Stripe.Coupon> {
    return (await stripe()).coupons.create(
      { amount_off: discount.amountPence, currency: "gbp", duration: "once", max_redemptions: 1, name: discount.code },
      { idempotencyKey: `${idempotencyKey}-coupon` },
    );
  }

  /**
   * Delivery as its own shipping line and the UK delivery address asked for; a basket of gift vouchers only sends
   * neither (they are emailed, docs/decisions/0056-a-voucher-basket-posts-nothing.md), and its order keeps the billing address.
   */
  function posted(input: CreatePaymentSession) {
    return {
      shipping_options: [
        {
          shipping_rate_data: {
            type: "fixed_amount" as const,
            fixed_amount: { amount: input.deliveryPence, currency: input.currency },
            display_name: input.deliveryPence === 0 ? "Free UK delivery" : "UK delivery",
          },
        },
      ],
      shipping_address_collection: { allowed_countries: ["GB" as const] },
      ...(input.gift ? { custom_text: { shipping_address: { message: GIFT_DELIVERY_NOTE } } } : {}),
    };
  }

  async function createSession(input: CreatePaymentSession): Promise<CreatedPaymentSession> {
    let session: Stripe.Checkout.Session;
    try {
      const coupon = input.discount ? await adHocCoupon(input.discount, input.idempotencyKey) : null;
      session = await (await stripe()).checkout.sessions.create(
        {
          mode: "payment",
          line_items: input.lines.map((line) => ({
            price_data: {
              currency: input.currency,
              product_data: { name: line.name, ...(line.description ? { description: line.description } : {}) },
              unit_amount: line.unitAmountPence,
            },
            quantity: line.quantity,
          })),
          ...(input.emailedOnly ? {} : posted(input)),
          // Lines cannot be negative: the discount is a one-off coupon for exactly the amount the server priced.
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          billing_address_collection: "required",
          client_reference_id: input.checkoutId,
          metadata: { order_id: input.checkoutId },
          // On the PaymentIntent too, so a refund or dispute in the dashboard leads back to the order.
          payment_intent_data: { metadata: { order_id: input.checkoutId } },
          // Stripe Checkout fills only the email from what we know; the name is typed with the card and address.
          ...(input.payer ? { customer_email: input.payer.email } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: input.idempotencyKey },
      );
    } catch (error) {
      throw new PaymentProviderError(UNREACHABLE, error);
    }
    // A hosted session always has a url; without one the shopper has nowhere to pay.
    if (!session.url) throw new PaymentProviderError(UNREACHABLE, new Error(`Session ${session.id} has no url`));
    return { id: session.id, url: session.url };
  }

  async function retrieveSession(sessionId: string): Promise<PaymentSnapshot | null> {
    try {
      return toPaymentSnapshot(await (await stripe()).checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (await isMissing(error)) return null;
      throw new PaymentProviderError(UNREACHABLE, error);
    }
  }

  async function expireSession(sessionId: string): Promise<void> {
    try {
      await (await stripe()).checkout.sessions.expire(sessionId);
    } catch (error) {
      if (await isMissing(error)) return; // nothing open there to end
      // Stripe refuses to expire a session that is not open, with no dedicated
      // error code; rather than parse its wording, look at the session itself.
      if (error instanceof (await loadStripeSdk()).errors.StripeInvalidRequestError) {
        const current = await retrieveSession(sessionId);
        if (current === null || current.status !== "open") return;
      }
      throw new PaymentProviderError(UNREACHABLE, error);
    }
  }

  /** Refunds the session's PaymentIntent; Stripe's own refusal (e.g. "already refunded") is passed on as the reason. */
  async function refund({ sessionId, amountPence, idempotencyKey }: RefundPayment): Promise<MadeRefund> {
    const client = await stripe();
    let paymentIntent: string | null;
    try {
      const session = await client.checkout.sessions.retrieve(sessionId);
      const intent = session.payment_intent;
      paymentIntent = typeof intent === "string" ? intent : (intent?.id ?? null);
    } catch (error) {
      throw new PaymentProviderError(await refusalOf(error), error);
    }
    if (!paymentIntent) throw new PaymentProviderError("Stripe has no payment for this order to refund.");
    try {
      const made = await client.refunds.create({ payment_intent: paymentIntent, amount: amountPence }, { idempotencyKey });
      return { id: made.id };
    } catch (error) {
      throw new PaymentProviderError(await refusalOf(error), error);
    }
  }

  /**
   * The charge's balance transaction, through the payment's `latest_charge` expanded. Stripe fills it a little
   * after the charge for some payments: none yet answers null, and the fees job asks again.
   */
  async function paymentSettlement(sessionId: string): Promise<Settlement | null> {
    try {
      const client = await stripe();
      const intent = idOf((await client.checkout.sessions.retrieve(sessionId)).payment_intent);
      if (!intent) return null;
      const payment = await client.paymentIntents.retrieve(intent, { expand: ["latest_charge.balance_transaction"] });
      const charge = payment.latest_charge;
      if (!charge || typeof charge === "string") return null;
      return settlementOf(charge.balance_transaction);
    } catch (error) {
      throw new PaymentProviderError(UNREACHABLE, error);
    }
  }

  async function refundSettlement(providerRefundId: string): Promise<Settlement | null> {
    try {
      const refund = await (await stripe()).refunds.retrieve(providerRefundId, { expand: ["balance_transaction"] });
      return settlementOf(refund.balance_transaction);
    } catch (error) {
      throw new PaymentProviderError(UNREACHABLE, error);
    }
  }

  async function* payouts(): AsyncIterable<StripePayout> {
    try {
      for await (const payout of (await stripe()).payouts.list({ limit: 100 })) {
        yield { id: payout.id, arrivalDate: new Date(payout.arrival_date * 1000), amountPence: payout.amount, status: payout.status };
      }
    } catch (error) {
      throw new PaymentProviderError(UNREACHABLE, error);
    }
  }

  async function payoutLines(payoutId: string): Promise<PayoutLine[]> {
    const lines: PayoutLine[] = [];
    try {
      for await (const line of (await stripe()).balanceTransactions.list({ payout: payoutId, limit: 100 })) {
        lines.push({ balanceTransaction: line.id, type: line.type, amountPence: line.amount, feePence: line.fee, netPence: line.net });
      }
    } catch (error) {
      throw new PaymentProviderError(UNREACHABLE, error);
    }
    return lines;
  }

  async function parseWebhook(rawBody: string, signatureHeader: string | null, webhookSecret: string): Promise<StripeWebhookEvent> {
    if (!signatureHeader) throw new StripeSignatureError();
    let event: Stripe.Event;
    try {
      // The async form: under Bun the SDK loads its web build, whose SubtleCrypto
      // cannot sign synchronously. Tolerance stays at the SDK's default 300 s.
      event = await (await stripe()).webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret);
    } catch (error) {
      throw new StripeSignatureError(error);
    }
    const object = event.data.object as unknown as { object?: string };
    const snapshot =
      SESSION_EVENTS.has(event.type) && object.object === "checkout.session"
        ? toPaymentSnapshot(object as unknown as Stripe.Checkout.Session)
        : null;
    return { id: event.id, type: event.type, snapshot };
  }

  return {
    name: "stripe",
    createSession,
    retrieveSession,
    expireSession,
    refund,
    paymentSettlement,
    refundSettlement,
    payouts,
    payoutLines,
    parseWebhook,
  };
}

function idOf(field: string | { id: string } | null): string | null {
  return typeof field === "string" ? field : (field?.id ?? null);
}

/** An expanded balance transaction's figures; an id alone or none is "not known yet". */
function settlementOf(transaction: string | Stripe.BalanceTransaction | null): Settlement | null {
  if (!transaction || typeof transaction === "string") return null;
  return { balanceTransaction: transaction.id, feePence: transaction.fee, netPence: transaction.net };
}

/**
 * The SDK takes host, port and protocol separately (no base URL), and its
 * port defaults to 443 even for http, so every part is spelled out.
 */
function hostOptions(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol };
}

async function isMissing(error: unknown): Promise<boolean> {
  const { errors } = await loadStripeSdk();
  return error instanceof errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing");
}

/** Why Stripe said no, in its own words when it gave some (they name no card details); else unreachable. */
async function refusalOf(error: unknown): Promise<string> {
  const { errors } = await loadStripeSdk();
  if (error instanceof errors.StripeInvalidRequestError || error instanceof errors.StripeCardError)
    return `Stripe refused the refund: ${error.message}`;
  return UNREACHABLE;
}
