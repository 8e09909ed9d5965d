import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Island } from "../components/Island";
import { BasketView } from "../islands/BasketView";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";

export function basketLoader(args: LoaderFunctionArgs) {
  const { content } = depsOf(args);
  const { deliveryFeePence, freeDeliveryThresholdPence } = content.deliverySettings();
  // Whether today is still in time for a key date turns at the cut-off hour (docs/decisions/0049-gift-orders.md).
  const { cutOffHour } = content.dispatchSettings();
  const query = new URL(args.request.url).searchParams;
  const banner = query.get("success") === "1" ? "success" : query.get("canceled") === "1" ? "canceled" : null;
  return { deliveryFeePence, freeDeliveryThresholdPence, cutOffHour, banner } as const;
}

export const basketHandle: RouteHandle = {
  policy: { audience: "public" },
  // The basket lives in the browser, which reads the catalogue itself: the page shows no product.
  shows: () => [],
  meta: (_data, shop) => ({
    title: `Your basket · ${shop.name}`,
    description: `Review the prints in your basket and check out securely with ${shop.name}.`,
    // The same page for everyone (the basket lives in the browser), so it may be indexed like any other;
    // ?success=1 and ?canceled=1 point back to it as their canonical address.
    path: "/basket",
  }),
};

export function BasketPage() {
  const props = useLoaderData<typeof basketLoader>();
  return (
    <div className="container">
      <div className="page-intro">
        <h1>Your basket</h1>
      </div>
      <Island name="BasketView" component={BasketView} props={props} />
    </div>
  );
}
