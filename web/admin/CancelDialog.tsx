import { useState } from "react";
import { orderReference } from "../../shared/order-view";
import { apiCall, enc, failureText, isSessionEnd } from "./api";
import { Dialog, Notice } from "./parts";
import { refundLeft } from "./RefundDialog";
import type { AdminOrder } from "./types";

/** Cancelling asks first; the customer is not told automatically (docs/product.md#cancelling-an-order). */
export function CancelDialog({
  order,
  onClose,
  onCanceled,
  onRefundInstead,
}: {
  order: AdminOrder;
  onClose: () => void;
  /** A paid order with money left offers the cancel and the refund in one dialog (docs/decisions/0017-refunds.md). */
  onRefundInstead: () => void;
  onCanceled: (order: AdminOrder, restocked: boolean) => void;
}) {
  const [restock, setRestock] = useState(true);
  // Units a refund already put back do not go back twice (decision 0024): only the rest do.
  const alreadyBack = order.items.reduce((sum, item) => sum + (item.restocked ?? 0), 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function cancel() {
    setBusy(true);
    setError("");
    try {
      const answer = await apiCall<{ order?: AdminOrder }>(`/api/admin/orders/${enc(order.id)}/status`, {
        method: "POST",
        json: { status: "canceled", restock },
      });
      onCanceled(answer?.order ?? { ...order, status: "canceled" }, restock);
    } catch (caught) {
      if (!isSessionEnd(caught)) setError(failureText(caught, "Failed to cancel order"));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Cancel order ${orderReference(order.id)}?`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Keep order
          </button>
          {refundLeft(order) > 0 && (
            <button type="button" className="button button--secondary" onClick={onRefundInstead} disabled={busy}>
              Cancel and refund…
            </button>
          )}
          <button type="button" className="button button--primary admin-button--danger-solid" onClick={() => void cancel()} disabled={busy}>
            {busy ? "Cancelling…" : "Cancel order"}
          </button>
        </>
      }
    >
      <p>
        The customer is not notified automatically, and a cancelled order cannot be updated again. To give the money back too, choose Cancel
        and refund.
      </p>
      <label className="admin-check">
        <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
        Put the items back into stock
      </label>
      {alreadyBack > 0 && (
        <p className="hint">
          {alreadyBack} {alreadyBack === 1 ? "unit" : "units"} already went back on the shelf with a refund; only the rest go back.
        </p>
      )}
      <Notice tone="error">{error}</Notice>
    </Dialog>
  );
}
