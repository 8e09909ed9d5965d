import { useState } from "react";
import { formatPence, poundsToPence } from "../../shared/money";
import { orderReference } from "../../shared/order-view";
import { REFUND_REASON_LABELS, type RefundReason } from "../../shared/refund-reasons";
import { apiCall, enc, failureText, isSessionEnd } from "./api";
import { Dialog, Notice } from "./parts";
import type { AdminOrder } from "./types";

/** What is still refundable: paid minus the refunds made so far. */
export function refundLeft(order: AdminOrder): number {
  return Math.max(0, order.amount_cents - order.refunded_cents);
}

/**
 * Issue 15: money back through the payment provider, all or part, with a
 * reason and, per line, how many units go back on the shelf. With `cancel`
 * the same dialog first cancels the order (without restocking: the refund's
 * own choices put units back), then refunds.
 */
export function RefundDialog({
  order,
  cancel = false,
  onClose,
  onDone,
}: {
  order: AdminOrder;
  cancel?: boolean;
  onClose: () => void;
  onDone: (order: AdminOrder, message: string) => void;
}) {
  const left = refundLeft(order);
  const [pounds, setPounds] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState<RefundReason>(cancel ? "requested_by_customer" : "damaged");
  const [note, setNote] = useState("");
  const [restock, setRestock] = useState<number[]>(() => order.items.map(() => 0));
  // Cancelled already by an earlier press whose refund then failed: a retry only refunds.
  const [canceled, setCanceled] = useState(order.status === "canceled");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function submit() {
    const amount = poundsToPence(Number(pounds));
    if (!Number.isFinite(amount) || amount < 1) {
      setError("Enter an amount in pounds, at least £0.01.");
      return;
    }
    setBusy(true);
    setError("");
    try {
      if (cancel && !canceled) {
        await apiCall(`/api/admin/orders/${enc(order.id)}/status`, { method: "POST", json: { status: "canceled", restock: false } });
        setCanceled(true);
      }
      const lines = order.items
        .map((item, index) => ({ product_id: item.product_id, variant_id: item.meta?.variantId ?? null, quantity: restock[index] ?? 0 }))
        .filter((line) => line.quantity > 0);
      const refunded = await apiCall<AdminOrder>(`/api/admin/orders/${enc(order.id)}/refund`, {
        method: "POST",
        json: { amount_cents: amount, reason, note, restock: lines },
      });
      onDone(refunded, `${cancel ? "Order cancelled and " : ""}${formatPence(amount)} refunded.`);
    } catch (caught) {
      if (!isSessionEnd(caught)) setError(failureText(caught, "The refund was not made. Try again."));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`${cancel ? "Cancel and refund" : "Refund"} order ${orderReference(order.id)}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Close
          </button>
          <button type="button" className="button button--primary" onClick={() => void submit()} disabled={busy}>
            {busy ? "Refunding…" : cancel ? "Cancel and refund" : "Refund"}
          </button>
        </>
      }
    >
      <p>
        {formatPence(left)} of {formatPence(order.amount_cents)} is left to refund. The money goes back through the payment provider and the
        customer is emailed.
      </p>
      <div className="field">
        <label htmlFor="refund-amount">Amount (£)</label>
        <input
          id="refund-amount"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          max={(left / 100).toFixed(2)}
          value={pounds}
          onChange={(event) => setPounds(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="refund-reason">Reason</label>
        <select id="refund-reason" value={reason} onChange={(event) => setReason(event.target.value as RefundReason)}>
          {Object.entries(REFUND_REASON_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="refund-note">Note (optional, not shown to the customer)</label>
        <textarea id="refund-note" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {order.refund_required ? null : (
        <fieldset className="field">
          <legend>Put back into stock</legend>
          {order.items.map((item, index) => (
            <label key={`${item.product_id}-${index}`} className="field">
              <span>
                Units of {item.quantity} × {item.product_name}
                {item.meta?.variantName ? ` (${item.meta.variantName})` : ""}
              </span>
              <input
                type="number"
                min={0}
                max={item.quantity}
                value={restock[index] ?? 0}
                onChange={(event) =>
                  setRestock(restock.map((n, i) => (i === index ? Math.max(0, Math.floor(Number(event.target.value) || 0)) : n)))
                }
              />
            </label>
          ))}
        </fieldset>
      )}
      <Notice tone="error">{error}</Notice>
    </Dialog>
  );
}
