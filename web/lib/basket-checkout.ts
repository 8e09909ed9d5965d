import { availabilityAlert, availabilityProblems, withOwnHolds } from "../../shared/basket";
import type { Product } from "../../src/modules/catalog/model";
import { readBasket } from "./basket-store";
import { type CheckoutChoices, checkoutEntries, fetchOwnHolds, startCheckout } from "./checkout-client";
import { productFacts } from "./product-view";

/** The live catalogue by product id, as GET /api/catalog answers it. */
export type Catalogue = Map<string, Product>;

/**
 * The live catalogue as this basket may count it: the units its own unpaid
 * checkout holds are back on its shelf (its next checkout gives them back
 * first, decision 0025), so a shopper back from the payment page is never
 * blocked by their own hold. Other baskets' holds stay taken.
 */
export async function fetchCatalogue(): Promise<Catalogue> {
  const [response, holds] = await Promise.all([fetch("/api/catalog", { headers: { Accept: "application/json" } }), fetchOwnHolds()]);
  if (!response.ok) throw new Error(`catalogue answered ${response.status}`);
  const products = (await response.json()) as Product[];
  return new Map(products.map((product) => [product.id, withOwnHolds(product, holds)]));
}

/**
 * The basket's Checkout (docs/product.md#quantity-limits), wherever it is pressed (the basket, the added-to-basket
 * panel): the live catalogue is fetched again, a line asking for more than exists stops it with the
 * availability alert, and otherwise the browser goes to the payment page, with the basket's applied
 * discount code and gift if it has them (the server prices the code). Answers true when the browser is leaving for
 * it; `onCatalogue` gets the fetched catalogue.
 */
export async function checkOutBasket({
  onCatalogue = () => {},
  discountCode = null,
  gift = null,
  voucherCode = null,
}: {
  onCatalogue?: (catalogue: Catalogue) => void;
} & CheckoutChoices = {}): Promise<boolean> {
  let live: Catalogue;
  try {
    live = await fetchCatalogue();
    onCatalogue(live);
  } catch {
    window.alert("Unable to start checkout");
    return false;
  }
  const basket = readBasket();
  const problems = availabilityProblems(basket, [...live.values()].map(productFacts));
  if (problems.length > 0) {
    window.alert(availabilityAlert(problems));
    return false;
  }
  const outcome = await startCheckout(checkoutEntries(basket), { discountCode, gift, voucherCode });
  if (!outcome.ok) {
    window.alert(outcome.message);
    return false;
  }
  window.location.assign(outcome.url);
  return true;
}
