import { lazy } from "./lazy";

/** How order facts read to a customer (docs/product.md#order-status, docs/product.md#order-reference). */
export function orderStatusLabel(status: string): string {
  switch (status) {
    case "paid":
      return "Processing";
    case "fulfilled":
      return "Dispatched";
    case "canceled":
      return "Cancelled";
    default:
      return status;
  }
}

const dateFormat = lazy(() => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/London" }));

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

/**
 * An ORD- id is shown as it is; a payment session id loses its cs_test_/cs_live_
 * prefix and shows its first and last 4 characters, upper case
 * (docs/product.md#order-reference).
 */
export function orderReference(id: string): string {
  if (id.startsWith("ORD-")) return id;
  const bare = id.replace(/^cs_(test|live)_/, "");
  if (bare.length <= 8) return bare.toUpperCase();
  return `${bare.slice(0, 4)}…${bare.slice(-4)}`.toUpperCase();
}

const regionNames = lazy(() => new Intl.DisplayNames(["en-GB"], { type: "region" }));

/** Stripe and the demo checkout store ISO country codes; people read country names. */
export function countryName(country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return regionNames().of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}

/** Where an order goes, as every order answer carries it. */
export type ShippingAddress = {
  shipping_name: string | null;
  shipping_line1: string | null;
  shipping_line2: string | null;
  shipping_city: string | null;
  shipping_postal_code: string | null;
  shipping_country: string | null;
};

/** The delivery address as lines to print, blanks left out and the country spelled out. */
export function shippingAddressLines(order: Partial<ShippingAddress>): string[] {
  return [
    order.shipping_name,
    order.shipping_line1,
    order.shipping_line2,
    order.shipping_city,
    order.shipping_postal_code,
    order.shipping_country ? countryName(order.shipping_country) : null,
  ].filter((line): line is string => Boolean(line?.trim()));
}
