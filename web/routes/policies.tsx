import { SHOP } from "../../shared/shop-info";
import { PageIntro } from "../components/PageIntro";
import type { RouteHandle } from "./meta";

export const policiesHandle: RouteHandle = {
  policy: { audience: "public", sitemap: true },
  meta: () => ({
    title: `Returns, shipping and payments · ${SHOP.name}`,
    description: "14-day returns on unused stock items, UK shipping calculated at checkout, and secure card payments.",
    path: "/policies",
  }),
};

/** Spec section 9: the returns, shipping and payments text. */
export function PoliciesPage() {
  return (
    <div className="container narrow prose">
      <PageIntro title="Policies" />
      <section aria-labelledby="returns">
        <h2 id="returns">Returns</h2>
        <p>
          You can return unused stock items within 14 days of delivery, in their original packaging, for a full refund of the item price.
          Email <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a> with your order number to start a return.
        </p>
        <p>
          Custom prints — anything made from your file, photo or request, including route relief maps and lithophanes — are non-refundable
          unless faulty. If something arrives damaged or not as described, tell us within 14 days and we will reprint or refund it.
        </p>
      </section>
      <section aria-labelledby="shipping">
        <h2 id="shipping">Shipping</h2>
        <p>
          We ship within the UK. UK shipping is calculated at checkout: a flat delivery fee applies to each order, and delivery is free over
          the threshold shown in the banner when one is running. Most items are printed to order and dispatched within 3–5 working days; you
          will get an email with tracking when your order ships.
        </p>
      </section>
      <section aria-labelledby="payments">
        <h2 id="payments">Payments</h2>
        <p>
          Payments are taken by card through our payment provider, in pounds sterling (GBP). Your card details go straight to the provider
          and never touch our servers. Your order is confirmed by email once payment succeeds.
        </p>
      </section>
    </div>
  );
}
