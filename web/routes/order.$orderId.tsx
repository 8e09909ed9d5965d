import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { SHOP } from "../../shared/shop-info";
import { Island } from "../components/Island";
import { PageIntro } from "../components/PageIntro";
import { OrderLookup } from "../islands/OrderLookup";
import type { RouteHandle } from "./meta";

export function orderLoader({ params }: LoaderFunctionArgs) {
  const orderId = params.orderId?.trim() || null;
  return { orderId };
}

export const orderHandle: RouteHandle = {
  policy: { audience: "personal" },
  meta: () => ({
    title: `Your order · ${SHOP.name}`,
    description: "Look up an order with its delivery postcode.",
    path: null,
  }),
};

export function OrderPage() {
  const { orderId } = useLoaderData<typeof orderLoader>();
  return (
    <div className="container narrow">
      <PageIntro title={orderId ? `Order ${orderId}` : "Your order"}>
        <p>Enter the postcode the order is being delivered to, and we'll show you its details and progress.</p>
      </PageIntro>
      <Island name="OrderLookup" component={OrderLookup} props={{ orderId }} />
    </div>
  );
}
