import { type FormEvent, useEffect, useState } from "react";
import type { ReadyAttachment } from "../lib/upload-request";
import { PhotoUpload } from "./parts/PhotoUpload";
import { RouteUpload } from "./parts/RouteUpload";

export type HoldActionsProps = {
  orderId: string;
  holdId: string;
  token: string;
  allowCancel: boolean;
  /** The order line the question is about, when a replacement file can be sent for it (its product and kind). */
  replaceable: { productId: string; file: "gpx" | "image" } | null;
};

type State = { status: "idle" } | { status: "busy" } | { status: "error"; message: string };

const UNREACHABLE = "We couldn't reach the shop. Please check your connection and try again.";
const NOT_SENT = "Your new file could not be sent. Please choose it again.";

/**
 * The shopper's answers to a hold (docs/decisions/0048-order-holds.md): plain forms posting to
 * /api/orders/{orderId}/holds/{id}/…, which work before (or without) this script. Hydrated, the change form gains
 * the product page's own route or photo upload (its checks, trim and preview), and then sends the message with the
 * stored file's token as JSON; a second press does nothing while the first is under way.
 */
export function HoldActions({ orderId, holdId, token, allowCancel, replaceable }: HoldActionsProps) {
  const [state, setState] = useState<State>({ status: "idle" });
  const [hydrated, setHydrated] = useState(false);
  const [attachment, setAttachment] = useState<ReadyAttachment | null>(null);
  const [message, setMessage] = useState("");
  useEffect(() => setHydrated(true), []);
  const busy = state.status === "busy";
  const base = `/api/orders/${encodeURIComponent(orderId)}/holds/${encodeURIComponent(holdId)}`;
  const page = `/order/${encodeURIComponent(orderId)}/hold/${encodeURIComponent(holdId)}?t=${encodeURIComponent(token)}`;

  const postOnce = (event: FormEvent<HTMLFormElement>) => {
    if (busy) event.preventDefault();
    else setState({ status: "busy" });
  };

  /** With a new file the change goes as JSON (the file's token with the message); without one, as the plain form. */
  async function askForChange(event: FormEvent<HTMLFormElement>) {
    if (busy) {
      event.preventDefault();
      return;
    }
    if (!attachment) {
      setState({ status: "busy" });
      return;
    }
    event.preventDefault();
    setState({ status: "busy" });
    try {
      const sent = await attachment.send();
      if (!sent) {
        setState({ status: "error", message: NOT_SENT });
        return;
      }
      const response = await fetch(`${base}/changes`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ t: token, message, replacementToken: sent.token }),
      });
      if (response.ok) {
        window.location.assign(`${page}&done=changes`);
        return;
      }
      const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
      setState({ status: "error", message: typeof answer.error === "string" ? answer.error : UNREACHABLE });
    } catch {
      setState({ status: "error", message: UNREACHABLE });
    }
  }

  const tokenField = <input type="hidden" name="t" value={token} />;
  return (
    <div className="hold-actions">
      <form className="card hold-actions__approve" method="post" action={`${base}/approve`} onSubmit={postOnce}>
        {tokenField}
        <h2>Happy with it?</h2>
        <p>Approve it and we start making your order again.</p>
        <button className="button button--primary button--large button--wide" type="submit" disabled={busy}>
          Approve
        </button>
      </form>

      <form
        className="card form hold-actions__change"
        method="post"
        action={`${base}/changes`}
        onSubmit={(event) => void askForChange(event)}
      >
        {tokenField}
        <h2>Want something changed?</h2>
        <div className="field">
          <label htmlFor="hold-change-message">What would you like changed?</label>
          <textarea
            id="hold-change-message"
            name="message"
            rows={4}
            maxLength={2000}
            required
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p className="hint">We will send you a new proof by email.</p>
        </div>
        {hydrated && replaceable?.file === "image" && <PhotoUpload productId={replaceable.productId} onReady={setAttachment} />}
        {hydrated && replaceable?.file === "gpx" && <RouteUpload productId={replaceable.productId} onReady={setAttachment} />}
        <button className="button button--secondary" type="submit" disabled={busy}>
          {attachment ? "Send the new file and my message" : "Ask for a change"}
        </button>
        {state.status === "error" && (
          <p className="form-error" role="alert">
            {state.message}
          </p>
        )}
      </form>

      {allowCancel && (
        <form className="card form hold-actions__cancel" method="post" action={`${base}/cancel`} onSubmit={postOnce}>
          {tokenField}
          <h2>Rather not go ahead?</h2>
          <p>Cancel your order and we refund you in full.</p>
          <button className="button button--ghost" type="submit" disabled={busy}>
            Cancel and refund
          </button>
        </form>
      )}
    </div>
  );
}
