import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Island } from "../components/Island";
import { PageIntro } from "../components/PageIntro";
import { OrderConfirmation } from "../islands/OrderConfirmation";
import type { RouteHandle } from "./meta";

export function successLoader({ request }: LoaderFunctionArgs) {
  return { sessionId: new URL(request.url).searchParams.get("session_id")?.trim() || null };
}

export const successHandle: RouteHandle = {
  policy: { audience: "personal" },
  meta: (_data, shop) => ({ title: `Order confirmation · ${shop.name}`, description: "Your order confirmation.", path: null }),
};

/**
 * The confirmation page (docs/product.md#confirmation-page). The island renders its first state
 * ('Processing Order...') on the server, then confirms the order in the browser.
 */
export function SuccessPage() {
  const { sessionId } = useLoaderData<typeof successLoader>();
  return (
    <div className="container narrow">
      <PageIntro title="Thank you for your order" />
      {sessionId ? (
        <>
          <Island name="OrderConfirmation" component={OrderConfirmation} props={{ sessionId }} />
          <noscript>
            <p className="banner banner--warning">
              This page needs JavaScript to show your order. If you completed checkout, check your email.
            </p>
          </noscript>
        </>
      ) : (
        <div className="card">
          <p>No session was provided. If you completed checkout, check your email.</p>
          <p>
            <a className="button button--ghost" href="/products">
              Continue shopping
            </a>
          </p>
        </div>
      )}
    </div>
  );
}
