import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { cutOffText } from "../../shared/dispatch-words";
import { formatPence } from "../../shared/money";
import { CancellationRights } from "../components/CancellationRights";
import { PageIntro } from "../components/PageIntro";
import { PrivacyNotice } from "../components/PrivacyNotice";
import { TraderDetails } from "../components/TraderDetails";
import { useShop } from "../lib/use-shop";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";

/**
 * The figures the policies quote come from configuration, so they always match checkout
 * (docs/decisions/0021-shop-identity-in-configuration.md).
 */
export function policiesLoader(args: LoaderFunctionArgs) {
  const { content, env } = depsOf(args);
  return {
    delivery: content.deliverySettings(),
    dispatch: content.dispatchSettings(),
    keptAfterDispatchDays: content.fileRetentionDays(),
    voucherValidMonths: content.voucherValidMonths(),
    unpaidUploadDays: env.UPLOAD_RETENTION_DAYS,
  };
}

export const policiesHandle: RouteHandle = {
  policy: { audience: "public", sitemap: true },
  meta: (_data, shop) => ({
    title: `Returns, shipping and payments · ${shop.name}`,
    description: "14-day returns on unused stock items, UK shipping calculated at checkout, and secure card payments.",
    path: "/policies",
  }),
};

/**
 * The returns, shipping and payments text (docs/product.md#contact-and-policies), with the figures, the right to cancel
 * (docs/decisions/0021-shop-identity-in-configuration.md) and privacy
 * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
 */
export function PoliciesPage() {
  const { delivery, dispatch, keptAfterDispatchDays, voucherValidMonths, unpaidUploadDays } = useLoaderData<typeof policiesLoader>();
  const shop = useShop();
  const days = dispatch.defaultLeadTimeDays;
  return (
    <div className="container narrow prose">
      <PageIntro title="Policies" />
      <section aria-labelledby="returns">
        <h2 id="returns">Returns</h2>
        <p>
          You can return unused stock items within 14 days of delivery, in their original packaging, for a full refund of the item price.
          Email <a href={`mailto:${shop.email}`}>{shop.email}</a> with your order number to start a return.
        </p>
        <p>
          Custom prints — anything made from your file, photo or request, including route relief maps and lithophanes — are non-refundable
          unless faulty. If something arrives damaged or not as described, tell us within 14 days and we will reprint or refund it.
        </p>
      </section>
      <CancellationRights email={shop.email} />
      <section aria-labelledby="shipping">
        <h2 id="shipping">Shipping</h2>
        <p>
          We ship within the UK. UK shipping is calculated at checkout: a flat delivery fee applies to each order, and delivery is free over
          the threshold shown in the banner when one is running. You will get an email with tracking when your order ships.
        </p>
        <ul className="policy-figures">
          <li>
            Delivery: <strong>{formatPence(delivery.deliveryFeePence)}</strong> per order.
          </li>
          {delivery.freeDeliveryThresholdPence > 0 && (
            <li>
              Free delivery on orders over <strong>{formatPence(delivery.freeDeliveryThresholdPence, { dropZeroPence: true })}</strong>.
            </li>
          )}
          <li>
            Most items are printed to order and dispatched within{" "}
            <strong>
              {days} working {days === 1 ? "day" : "days"}
            </strong>
            ; a product that takes longer says so on its page, with the date it will be dispatched by.
          </li>
          <li>{cutOffText(dispatch.cutOffHour)}</li>
        </ul>
      </section>
      <section aria-labelledby="payments">
        <h2 id="payments">Payments</h2>
        <p>
          Payments are taken by card through our payment provider, in pounds sterling (GBP). Your card details go straight to the provider
          and never touch our servers. Your order is confirmed by email once payment succeeds.
        </p>
        <p>
          {`A gift voucher is valid for ${voucherValidMonths} months from the day it is bought, and can be spent over one order or several, delivery included, until then. Whatever of an order a voucher paid goes back on the voucher first if the order is refunded.`}
        </p>
      </section>
      <PrivacyNotice shop={shop} keptAfterDispatchDays={keptAfterDispatchDays} unpaidUploadDays={unpaidUploadDays} />
      <section aria-labelledby="who-we-are">
        <h2 id="who-we-are">Who we are</h2>
        <TraderDetails shop={shop} />
      </section>
    </div>
  );
}
