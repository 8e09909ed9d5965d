import { type FormEvent, useState } from "react";
import { KNOWN_CARRIERS } from "../../shared/carrier-tracking";
import { apiCall, enc, failureText, isSessionEnd } from "./api";
import { Notice, ResultNotice, type Tone, useResult } from "./parts";
import { ResendDialog } from "./ResendDialog";
import { trackingEmailLine, trackingEmailNotice } from "./tracking-email";
import type { AdminOrder, TrackingEmailResult } from "./types";

const TRACKING_REQUIRED = "Add a carrier and tracking number before finalizing shipment.";

/**
 * Saving a carrier and number (URL optional) marks a paid order fulfilled and
 * tries the tracking email; once one was really sent (the outbox row, not the
 * moment it was queued), updating asks whether to send it again
 * (docs/product.md#dispatch-and-tracking). One that never went out can be sent
 * again. A cancelled order's shipment cannot change.
 */
export function TrackingForm({ order, onSaved }: { order: AdminOrder; onSaved: (order: AdminOrder) => void }) {
  const [carrier, setCarrier] = useState(order.tracking_carrier ?? "");
  const [number, setNumber] = useState(order.tracking_number ?? "");
  const [url, setUrl] = useState(order.tracking_url ?? "");
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const result = useResult();
  const [emailNote, setEmailNote] = useState<{ tone: Tone; text: string } | null>(null);
  const canceled = order.status === "canceled";
  const finalizing = order.status !== "fulfilled";
  const emailLine = trackingEmailLine(order.tracking_email);

  function submit(event: FormEvent) {
    event.preventDefault();
    setEmailNote(null);
    if (!carrier.trim() || !number.trim()) {
      result.fail(TRACKING_REQUIRED);
      return;
    }
    result.clear();
    if (order.tracking_email?.delivery === "sent") setAsking(true);
    else void save(false);
  }

  async function save(forceResend: boolean) {
    setAsking(false);
    setSaving(true);
    const fallback = finalizing ? "Failed to finalize shipment" : "Failed to save tracking";
    try {
      const answer = await apiCall<{ order?: AdminOrder; trackingEmail?: TrackingEmailResult }>(
        `/api/admin/orders/${enc(order.id)}/tracking`,
        { method: "POST", json: { carrier: carrier.trim(), number: number.trim(), url: url.trim(), forceResend } },
      );
      if (answer?.order) onSaved(answer.order);
      if (finalizing && answer?.order && answer.order.status !== "fulfilled") result.fail("Failed to mark order as fulfilled");
      else result.succeed(finalizing ? "Shipment finalized: the order is fulfilled." : "Tracking saved.");
      setEmailNote(trackingEmailNotice(answer?.trackingEmail));
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, fallback));
    } finally {
      setSaving(false);
    }
  }

  /** The status call with forceResend (docs/product.md#owner-calls): the stored tracking goes through the outbox again. */
  async function sendAgain() {
    setEmailNote(null);
    result.clear();
    setSaving(true);
    try {
      const answer = await apiCall<{ order?: AdminOrder; trackingEmail?: TrackingEmailResult }>(
        `/api/admin/orders/${enc(order.id)}/status`,
        {
          method: "POST",
          json: { status: "fulfilled", forceResend: true },
        },
      );
      if (answer?.order) onSaved(answer.order);
      setEmailNote(trackingEmailNotice(answer?.trackingEmail));
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to send the tracking email. Please try again."));
    } finally {
      setSaving(false);
    }
  }

  if (canceled) {
    return (
      <p className="muted">
        This order is cancelled, so its shipment can no longer be updated.
        {order.tracking_number ? ` Tracking on record: ${order.tracking_carrier ?? ""} ${order.tracking_number}.` : ""}
      </p>
    );
  }

  return (
    <form className="form admin-tracking" onSubmit={submit} noValidate>
      <div className="admin-grid admin-grid--2">
        <div className="field">
          <label htmlFor="tracking-carrier">Carrier</label>
          <input
            id="tracking-carrier"
            list="known-carriers"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            placeholder="Royal Mail"
          />
          {/* Suggests the carriers whose tracking pages the shopper is linked to (shared/carrier-tracking.ts). */}
          <datalist id="known-carriers">
            {KNOWN_CARRIERS.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="tracking-number">Tracking number</label>
          <input id="tracking-number" value={number} onChange={(event) => setNumber(event.target.value)} />
        </div>
        <div className="field admin-span-2">
          <label htmlFor="tracking-url">Tracking URL (optional)</label>
          <input id="tracking-url" type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://" />
        </div>
      </div>
      {emailLine && (
        <div className="admin-tracking__email">
          <p className={emailLine.tone === "info" ? "hint" : `admin-notice admin-notice--${emailLine.tone}`}>{emailLine.text}</p>
          {emailLine.canSendAgain && order.status === "fulfilled" && (
            <button
              type="button"
              className="button button--secondary admin-button--small"
              disabled={saving}
              onClick={() => void sendAgain()}
            >
              Send tracking email again
            </button>
          )}
        </div>
      )}
      <ResultNotice state={result} />
      {emailNote && <Notice tone={emailNote.tone}>{emailNote.text}</Notice>}
      <div>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? "Saving…" : finalizing ? "Finalize shipment" : "Update shipment"}
        </button>
      </div>
      {asking && <ResendDialog onResend={() => void save(true)} onSaveOnly={() => void save(false)} onClose={() => setAsking(false)} />}
    </form>
  );
}
