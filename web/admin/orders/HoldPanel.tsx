import { useState } from "react";
import { REASON_LABELS } from "../../../shared/hold-reasons";
import { formatUkDay } from "../../../shared/uk-day";
import { apiCall, enc, failureText, isSessionEnd } from "../api";
import { CopyText } from "../CopyReference";
import { Notice, shortDate } from "../parts";
import type { AdminOrder } from "../types";
import { useLoad } from "../use-load";
import { readHold, sendNewRound } from "./holds";
import { ProofPicker } from "./ProofPicker";

/**
 * An order paused for the customer (docs/decisions/0048-order-holds.md) on its Making card: what was asked and
 * when, the answer due, the customer's link, and once they asked for a change their message and the next proof round.
 */
export function HoldPanel({ order, onChanged }: { order: AdminOrder; onChanged: (order: AdminOrder) => void }) {
  const summary = order.hold;
  const { data: hold, error } = useLoad(() => readHold(order.id, summary?.id ?? ""), "Unable to load the question");
  const [message, setMessage] = useState("");
  const [proofs, setProofs] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  if (!summary) return null;
  const asked = summary.status === "changes_requested";
  const answer = hold?.versions.at(-1)?.answer_message ?? null;

  async function send() {
    setBusy(true);
    setFailure("");
    try {
      await sendNewRound(order.id, summary!.id, message, proofs);
      onChanged(await apiCall<AdminOrder>(`/api/admin/orders/${enc(order.id)}`));
    } catch (caught) {
      if (!isSessionEnd(caught)) setFailure(failureText(caught, "The new proof could not be sent"));
      setBusy(false);
    }
  }

  return (
    <div className="production hold-panel">
      <p className="production__now">
        Stage: <strong>{asked ? "Change asked: send a new proof" : "Waiting for the customer"}</strong>
      </p>
      <p className="hint">
        {hold ? `${REASON_LABELS[hold.reason]}. ` : ""}Asked {shortDate(summary.since)}; the answer is due by{" "}
        {formatUkDay(summary.window_ends)}. The dispatch date stops counting until they answer.
      </p>
      <Notice tone="error">{error}</Notice>
      {hold && !asked && <p className="hold-panel__message">{hold.message}</p>}
      {hold && (
        <CopyText
          text={hold.url}
          button="Copy the customer's link"
          copied="Link copied"
          failed="Copy failed: select the link in the email instead"
        />
      )}
      {asked && (
        <div className="form hold-panel__round">
          {answer && (
            <>
              <p className="hold-panel__label">They said:</p>
              <p className="hold-panel__message">{answer}</p>
            </>
          )}
          <div className="field">
            <label htmlFor="hold-round-message">Message with the new proof</label>
            <textarea
              id="hold-round-message"
              rows={4}
              maxLength={2000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <ProofPicker order={order} chosen={proofs} onChange={setProofs} />
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void send()}>
            {busy ? "Sending…" : "Send the new proof"}
          </button>
          <Notice tone="error">{failure}</Notice>
        </div>
      )}
    </div>
  );
}
