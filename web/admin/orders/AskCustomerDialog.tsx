import { useState } from "react";
import { HOLD_DEFAULTS, HOLD_REASONS, type HoldReason, PREPARED_MESSAGES, REASON_LABELS } from "../../../shared/hold-reasons";
import { orderReference } from "../../../shared/order-view";
import { failureText, isSessionEnd } from "../api";
import { Dialog, Notice } from "../parts";
import { askCustomer, type OrderFiles, shopRenders } from "./holds";
import { ProofPicker } from "./ProofPicker";

/** The reasons about one of the shopper's files: the question is then about that line, and a replacement may come back. */
const ABOUT_A_FILE: readonly HoldReason[] = ["photo_quality", "route_edge", "model_printability"];

/**
 * "Ask the customer…" (docs/decisions/0048-order-holds.md): the reason with its prepared message to edit, the proof
 * pictures, whether the shopper may cancel, what happens when the window ends, and the window in working days.
 */
function AskCustomerDialog({ order, onClose, onSent }: { order: OrderFiles; onClose: () => void; onSent: () => void }) {
  const renders = shopRenders(order);
  const firstFileLine = renders[0]?.lineIndex ?? null;
  const [reason, setReason] = useState<HoldReason>(renders.length > 0 ? "photo_quality" : "approve_proof");
  const [message, setMessage] = useState(PREPARED_MESSAGES[reason]);
  const [proofs, setProofs] = useState<string[]>([]);
  const [allowCancel, setAllowCancel] = useState<boolean>(HOLD_DEFAULTS.allowCancel);
  const [defaultAction, setDefaultAction] = useState<"approve" | "wait">(HOLD_DEFAULTS.defaultAction);
  const [windowDays, setWindowDays] = useState(String(HOLD_DEFAULTS.windowDays));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  function choose(next: HoldReason) {
    // The prepared words follow the reason until the owner has written their own.
    if (message === PREPARED_MESSAGES[reason]) setMessage(PREPARED_MESSAGES[next]);
    setReason(next);
  }

  async function send() {
    setBusy(true);
    setError("");
    try {
      const lineIndex = ABOUT_A_FILE.includes(reason) && firstFileLine !== null ? firstFileLine : undefined;
      await askCustomer(order.id, {
        reason,
        message,
        proof_urls: proofs,
        ...(lineIndex === undefined ? {} : { line_index: lineIndex }),
        allow_cancel: allowCancel,
        default_action: defaultAction,
        window_days: Number(windowDays),
      });
      onSent();
    } catch (caught) {
      if (!isSessionEnd(caught)) setError(failureText(caught, "The question could not be sent"));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={`Ask the customer about order ${orderReference(order.id)}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
            Not now
          </button>
          <button type="button" className="button button--primary" onClick={() => void send()} disabled={busy}>
            {busy ? "Sending…" : "Send to the customer"}
          </button>
        </>
      }
    >
      <div className="form ask-customer">
        <div className="field">
          <label htmlFor="hold-reason">Reason</label>
          <select id="hold-reason" value={reason} onChange={(event) => choose(event.target.value as HoldReason)}>
            {HOLD_REASONS.map((each) => (
              <option key={each} value={each}>
                {REASON_LABELS[each]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="hold-message">Message</label>
          <textarea id="hold-message" rows={6} maxLength={2000} value={message} onChange={(event) => setMessage(event.target.value)} />
        </div>
        <ProofPicker order={order} chosen={proofs} onChange={setProofs} />
        <label className="checkbox">
          <input type="checkbox" checked={allowCancel} onChange={(event) => setAllowCancel(event.target.checked)} /> Let them cancel for a
          full refund
        </label>
        <fieldset className="field">
          <legend>If they have not answered in time</legend>
          <label className="checkbox">
            <input type="radio" name="hold-default" checked={defaultAction === "wait"} onChange={() => setDefaultAction("wait")} /> Keep
            waiting
          </label>
          <label className="checkbox">
            <input type="radio" name="hold-default" checked={defaultAction === "approve"} onChange={() => setDefaultAction("approve")} /> Go
            ahead as sent
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="hold-window">Time to answer (working days)</label>
          <input
            id="hold-window"
            inputMode="numeric"
            value={windowDays}
            onChange={(event) => setWindowDays(event.target.value)}
            className="admin-input--short"
          />
          <p className="hint">Reminders go after 2 and 5 working days. The dispatch date stops counting until they answer.</p>
        </div>
        <Notice tone="error">{error}</Notice>
      </div>
    </Dialog>
  );
}

/** The "Ask the customer…" button and its dialog: the same on the order screen and on a To make card. */
export function AskCustomerButton({ order, className, onSent }: { order: OrderFiles; className: string; onSent: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)}>
        Ask the customer…
      </button>
      {asking && (
        <AskCustomerDialog
          order={order}
          onClose={() => setAsking(false)}
          onSent={() => {
            setAsking(false);
            onSent();
          }}
        />
      )}
    </>
  );
}
