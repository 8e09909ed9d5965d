import { type FormEvent, useState } from "react";
import { type CustomerOrder, OrderDetails } from "../components/OrderDetails";
import { useHydrated } from "../lib/use-hydrated";

export type OrderLookupProps = { orderId: string | null };

type LookupState =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "error"; message: string }
  | { status: "found"; order: CustomerOrder };

/** Spec section 2: the customer enters the delivery postal code to see an order. */
export function OrderLookup({ orderId }: OrderLookupProps) {
  const [postalCode, setPostalCode] = useState("");
  const [state, setState] = useState<LookupState>({ status: "idle" });
  // Before hydration the browser would submit the form itself and put the postcode in the address bar.
  const hydrated = useHydrated();

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
      const answer = (await response.json().catch(() => ({}))) as Partial<CustomerOrder> & { error?: string };
      if (response.status === 404) return setState({ status: "error", message: answer.error || "Order not found" });
      if (!response.ok || answer.error || !answer.id) {
        return setState({ status: "error", message: answer.error || "Verification failed" });
      }
      setState({ status: "found", order: answer as CustomerOrder });
    } catch {
      setState({ status: "error", message: "Verification failed" });
    }
  }

  if (state.status === "found") return <OrderDetails order={state.order} />;

  return (
    <form className="card form lookup-form" onSubmit={lookUp} noValidate>
      <div className="field">
        <label htmlFor="postal-code">Delivery postcode</label>
        <input
          id="postal-code"
          name="postalCode"
          autoComplete="postal-code"
          value={postalCode}
          onChange={(event) => setPostalCode(event.currentTarget.value)}
          aria-describedby="postal-code-hint"
          aria-invalid={state.status === "error" ? true : undefined}
        />
        <p id="postal-code-hint" className="hint">
          The postcode the order was delivered to, for example SW1A 1AA.
        </p>
      </div>
      {state.status === "error" && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      <button className="button button--primary" type="submit" disabled={!hydrated || state.status === "checking"}>
        {state.status === "checking" ? "Checking…" : "View order"}
      </button>
    </form>
  );
}
