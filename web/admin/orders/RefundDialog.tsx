import { useState } from "react";
import { formatPence, poundsToPence } from "../../../shared/money";
import { orderReference } from "../../../shared/order-view";
import { REFUND_REASON_LABELS, type RefundReason } from "../../../shared/refund-reasons";
import { unitsToSend } from "../../../shared/units-to-send";
import type { UnitsNotPutBack } from "../../../src/modules/admin-orders/shelf-returns";
import { apiCall, enc, failureText, isSessionEnd } from "../api";
import { MoneyField, WholeNumberInput } from "../fields";
import { Dialog, Notice, penceToPoundsText } from "../parts";
import type { AdminOrder } from "../types";
import { amountForUnits, notPutBackText, refundSplitText } from "./refund-form";

/** POST /api/admin/orders/{id}/refund: the order, and what of the units asked for could not go back on the shelf. */
type RefundAnswer = AdminOrder & { not_restocked?: UnitsNotPutBack[] };

/**
 * What is still refundable, as the server works it out (`refund_left`): the card's part not refunded and a gift
 * voucher's part not yet put back.
 */
export function refundLeft(order: AdminOrder): number {
  return order.refund_left.total_cents;
}

/** What the order was paid in all: the card's part and a gift voucher's. */
export function paidInAll(order: AdminOrder): number {
  return order.amount_cents + order.voucher_cents;
}

/**
 * Money back through the payment provider, all or part, with a reason and, per
 * line, how many units go back on the shelf (docs/decisions/0017-refunds.md).
 * With `cancel` the same dialog first cancels the order (without restocking:
 * the refund's own choices put units back), then refunds.
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
  /** `warning`: what the refund could not put back on the shelf, in words, or "". */
  onDone: (order: AdminOrder, message: string, warning: string) => void;
}) {
  const left = refundLeft(order);
  const [pounds, setPounds] = useState(penceToPoundsText(left));
  const [reason, setReason] = useState<RefundReason>(cancel ? "requested_by_customer" : "damaged");
  const [note, setNote] = useState("");
  const [restock, setRestock] = useState<number[]>(() => order.items.map(() => 0));
  // Cancelled already by an earlier press whose refund then failed: a retry only refunds.
  const [canceled, setCanceled] = useState(order.status === "canceled");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  /** The amount follows the units chosen (decision 0024); typing an amount afterwards still counts. */
  function chooseUnits(index: number, typed: string) {
    const most = unitsToSend(order.items[index] ?? { quantity: 0 });
    const chosen = restock.map((n, i) => (i === index ? Math.min(most, Math.max(0, Math.floor(Number(typed) || 0))) : n));
    setRestock(chosen);
    setPounds(penceToPoundsText(amountForUnits(order.items, chosen, left)));
  }

  const split = refundSplitText(poundsToPence(Number(pounds)), order.refund_left);

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
      const refunded = await apiCall<RefundAnswer>(`/api/admin/orders/${enc(order.id)}/refund`, {
        method: "POST",
        json: { amount_cents: amount, reason, note, restock: lines },
      });
      onDone(
        refunded,
        `${cancel ? "Order cancelled and " : ""}${formatPence(amount)} refunded.`,
        notPutBackText(refunded.not_restocked ?? []),
      );
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
        {formatPence(left)} of {formatPence(paidInAll(order))} is left to refund.{" "}
        {order.refund_left.voucher_cents > 0
          ? "The gift voucher's part goes back on the voucher first, the rest through the payment provider, and the customer is emailed."
          : "The money goes back through the payment provider and the customer is emailed."}
      </p>
      <MoneyField
        id="refund-amount"
        label="Amount (£)"
        min="0.01"
        max={penceToPoundsText(left)}
        hint={order.refund_required ? undefined : "Choosing units to put back sets the amount to what they cost; you can still change it."}
        value={pounds}
        onChange={setPounds}
      />
      {split && (
        <p className="hint" data-testid="refund-split" aria-live="polite">
          {split}
        </p>
      )}
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
        <fieldset className="field refund-restock">
          <legend>Put back into stock</legend>
          {order.items.map((item, index) => {
            const canGoBack = unitsToSend(item);
            const name = `${item.product_name}${item.meta?.variantName ? ` (${item.meta.variantName})` : ""}`;
            return canGoBack === 0 ? (
              <p key={`${item.product_id}-${index}`} className="hint">
                {name}: all {item.quantity} already back on the shelf.
              </p>
            ) : (
              <label key={`${item.product_id}-${index}`} className="field refund-restock__line">
                <span>
                  {name} <span className="hint">(up to {canGoBack})</span>
                </span>
                <WholeNumberInput max={canGoBack} value={restock[index] ?? 0} onChange={(text) => chooseUnits(index, text)} />
              </label>
            );
          })}
        </fieldset>
      )}
      <Notice tone="error">{error}</Notice>
    </Dialog>
  );
}
