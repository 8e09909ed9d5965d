/** How order facts read to a customer (spec sections 4 and 9). */
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

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/London" });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/**
 * Spec section 9: an ORD- id is shown as it is; a payment session id loses its
 * cs_test_/cs_live_ prefix and shows its first and last 4 characters, upper case.
 */
export function orderReference(id: string): string {
  if (id.startsWith("ORD-")) return id;
  const bare = id.replace(/^cs_(test|live)_/, "");
  if (bare.length <= 8) return bare.toUpperCase();
  return `${bare.slice(0, 4)}…${bare.slice(-4)}`.toUpperCase();
}

const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** Stripe and the demo checkout store ISO country codes; people read country names. */
export function countryName(country: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return regionNames.of(country.toUpperCase()) ?? country;
  } catch {
    return country;
  }
}
