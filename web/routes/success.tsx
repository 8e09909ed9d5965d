import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PageIntro } from "../components/PageIntro";
import { SHOP } from "../lib/shop-info";
import type { RouteHandle } from "./meta";

export function successLoader({ request }: LoaderFunctionArgs) {
  return { sessionId: new URL(request.url).searchParams.get("session_id") };
}

export const successHandle: RouteHandle = {
  meta: () => ({ title: `Order confirmation · ${SHOP.name}`, description: "Your order confirmation.", path: null }),
};

/** The confirmation page (spec section 2). Loading the order is the checkout's work. */
export function SuccessPage() {
  const { sessionId } = useLoaderData<typeof successLoader>();
  return (
    <div className="container narrow">
      <PageIntro title="Thank you for your order" />
      {sessionId ? (
        <div className="card confirmation">
          <p>We're confirming your payment. This page updates as soon as your order is ready.</p>
          <p className="confirmation__actions">
            <button type="button" className="button button--primary" disabled>
              Processing Order...
            </button>
            <a className="button button--ghost" href="/products">
              Continue shopping
            </a>
          </p>
        </div>
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
