const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const gbpWhole = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });

/**
 * The one money formatter: pence in, "£12.50" out. `dropZeroPence` turns
 * £50.00 into £50 for prose like "Free delivery on orders over £50".
 */
export function formatPence(pence: number, { dropZeroPence = false } = {}): string {
  if (dropZeroPence && pence % 100 === 0) return gbpWhole.format(pence / 100);
  return gbp.format(pence / 100);
}

/**
 * Money taken off (a discount), or any negative amount such as a discount line of a payment session: a true minus
 * sign (U+2212) before the pounds, "−£1.50", the same on every page and email.
 */
export function formatMinus(pence: number): string {
  return `−${formatPence(Math.abs(pence))}`;
}

/** A delivery charge as every order summary shows it: "Free" when there is none. */
export function formatDelivery(pence: number): string {
  return pence === 0 ? "Free" : formatPence(pence);
}

/** Basket items carry pounds (docs/product.md#pence-and-pounds); arithmetic happens in whole pence. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

export function penceToPounds(pence: number): number {
  return pence / 100;
}
