import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Island } from "../components/Island";
import { OrderView } from "../components/OrderView";
import { PageIntro } from "../components/PageIntro";
import { CopyReference } from "../islands/CopyReference";
import { LOOKUP_PROBLEMS, OrderLookup } from "../islands/OrderLookup";
import { lookedUpOrderOf, refusedFormOf } from "./context";
import type { RouteHandle } from "./meta";

/**
 * The order id from the path; an order (or the look-up's problem) only when the page's plain form was posted
 * (src/modules/orders/index.ts): never from the query string, so no link can show an order or put words here.
 */
export function orderLoader(args: LoaderFunctionArgs) {
  const orderId = args.params.orderId?.trim() || null;
  const refused = refusedFormOf(args);
  const problem = LOOKUP_PROBLEMS.find((text) => text === refused?.errorCode) ?? null;
  return { orderId, order: lookedUpOrderOf(args), problem, postalCode: refused?.typed.postalCode ?? "" };
}

export const orderHandle: RouteHandle = {
  policy: { audience: "personal" },
  meta: (_data, shop) => ({
    title: `Your order · ${shop.name}`,
    description: "Look up an order with its delivery postcode.",
    path: null,
  }),
};

export function OrderPage() {
  const { orderId, order, problem, postalCode } = useLoaderData<typeof orderLoader>();
  return (
    <div className="container narrow">
      <PageIntro
        title={
          orderId ? (
            <>
              Order <span className="order-reference">{orderId}</span>
            </>
          ) : (
            "Your order"
          )
        }
      >
        {/* The reference as the address has it, order found or not: a wrong postcode reads as an unknown order does. */}
        {orderId && <Island name="CopyReference" component={CopyReference} props={{ reference: orderId }} />}
      </PageIntro>
      {order ? <OrderView order={order} /> : <Island name="OrderLookup" component={OrderLookup} props={{ orderId, problem, postalCode }} />}
    </div>
  );
}
