import { type FormEvent, useState } from "react";
import { OrderView, type ShownOrder } from "../components/OrderView";
import { PostcodeField } from "../components/PostcodeField";

/** The look-up's problems, the API's words: the page shows one of these after a plain form post, nothing else. */
export const LOOKUP_PROBLEMS = ["Please enter your postal code", "Order not found"] as const;

/** `problem` and `postalCode`: a plain form post the server refused, shown again (web/routes/order.$orderId.tsx). */
export type OrderLookupProps = { orderId: string | null; problem?: string | null; postalCode?: string };

type LookupState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "error"; message: string }
  | { status: "found"; order: ShownOrder };

/** The customer enters the delivery postal code to see an order (docs/product.md#order-page). */
export function OrderLookup({ orderId, problem = null, postalCode: typed = "" }: OrderLookupProps) {
  const [postalCode, setPostalCode] = useState(typed);
  const [state, setState] = useState<LookupState>(problem ? { status: "error", message: problem } : { status: "idle" });

  if (!orderId) return <p className="form-error">No order ID provided</p>;

  async function lookUp(event: FormEvent) {
    event.preventDefault();
    if (!postalCode.trim()) {
      setState({ status: "error", message: "Please enter your postal code" });
      return;
    }
    setState({ status: "checking" });
    const query = new URLSearchParams({ email: "", postalCode: postalCode.trim() });
    try {
      const response = await fetch(`/api/orders/${encodeURIComponent(orderId ?? "")}?${query}`, {
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json().catch(() => ({}))) as Partial<ShownOrder> & { error?: string };
      if (response.status === 404) return setState({ status: "error", message: answer.error || "Order not found" });
      if (!response.ok || answer.error || !answer.id) {
        return setState({ status: "error", message: answer.error || "Verification failed" });
      }
      setState({ status: "found", order: answer as ShownOrder });
    } catch {
      setState({ status: "error", message: "Verification failed" });
    }
  }

  if (state.status === "found") {
    return <OrderView order={state.order} />;
  }

  // Without JavaScript the form posts the postcode to the page itself (never into the address bar).
  return (
    <form className="card form lookup-form" method="post" action={`/order/${encodeURIComponent(orderId)}`} onSubmit={lookUp} noValidate>
      {/* In the form, so it goes with the form once the order shows (the page then leads with the order). */}
      <p className="lookup-form__intro">Enter the postcode the order is being delivered to, and we'll show you its details and progress.</p>
      <PostcodeField value={postalCode} onChange={setPostalCode} invalid={state.status === "error"} />
      {state.status === "error" && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      <button className="button button--primary" type="submit" disabled={state.status === "checking"}>
        {state.status === "checking" ? "Checking…" : "View order"}
      </button>
    </form>
  );
}
