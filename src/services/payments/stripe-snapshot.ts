import type Stripe from "stripe";
import type { PaymentSessionStatus, PaymentSnapshot, PaymentStatus, PostalAddress } from "./provider";

/**
 * Sessions read under an API version older than 2025-03-31 carry the shipping
 * address at the top level; the SDK's types (current API only) no longer
 * mention the field, so it is declared here.
 */
type LegacyShippingDetails = {
  shipping_details?: { name?: string | null; address?: Stripe.Address | null } | null;
};

/**
 * One mapper for both a retrieved session and a webhook's `data.object`, so
 * the fulfilment code sees the same snapshot whichever way the news arrived.
 */
export function toPaymentSnapshot(session: Stripe.Checkout.Session): PaymentSnapshot {
  const customer = session.customer_details;
  const shipping = session.collected_information?.shipping_details ?? (session as LegacyShippingDetails).shipping_details ?? null;
  return {
    id: session.id,
    checkoutId: session.metadata?.order_id ?? null,
    status: toSessionStatus(session.status),
    paymentStatus: toPaymentStatus(session.payment_status),
    customerEmail: customer?.email ?? null,
    amountTotal: session.amount_total,
    currency: session.currency ?? "gbp",
    shipping: toPostalAddress(shipping?.name ?? null, shipping?.address ?? null),
    billing: toPostalAddress(customer?.name ?? null, customer?.address ?? null),
  };
}

/** A status this code does not know yet must never end or fulfil an order, so it reads as still open. */
function toSessionStatus(status: string | null): PaymentSessionStatus {
  return status === "complete" || status === "expired" ? status : "open";
}

/** Only Stripe's explicit word counts as money received; anything unknown is unpaid. */
function toPaymentStatus(status: string): PaymentStatus {
  return status === "paid" || status === "no_payment_required" ? status : "unpaid";
}

function toPostalAddress(name: string | null, address: Stripe.Address | null): PostalAddress | null {
  if (!address) return null;
  return {
    name,
    line1: address.line1,
    line2: address.line2,
    city: address.city,
    postalCode: address.postal_code,
    country: address.country,
  };
}
