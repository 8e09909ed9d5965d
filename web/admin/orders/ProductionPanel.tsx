import { type FormEvent, useState } from "react";
import { HOLD_STAGE, nextStage, type OrderStage, previousStage, stageLabel } from "../../../shared/order-stages";
import { formatUkDay, ukToday } from "../../../shared/uk-day";
import { apiCall, enc, failureText, isSessionEnd } from "../api";
import { ResultNotice, shortDate, useResult } from "../parts";
import type { AdminOrder } from "../types";
import { AskCustomerButton } from "./AskCustomerDialog";
import { HoldPanel } from "./HoldPanel";
import { moveDispatchDate, moveStage } from "./production";

/**
 * Making stages (docs/decisions/0016-production-stages.md) on the order screen: the stage with Back and Next
 * (dispatching stays the tracking form's job), the promised dispatch day and "Move dispatch date" with the owner's
 * reason. Refusals show the server's words.
 */
export function ProductionPanel({ order, onChanged }: { order: AdminOrder; onChanged: (order: AdminOrder) => void }) {
  return (
    <section className="card admin-section admin-order__production" aria-labelledby="production-title">
      <h2 id="production-title">Making</h2>
      {order.stage === null || order.status === "canceled" ? (
        <p className="muted">This order is cancelled, so it has left the workshop's stages.</p>
      ) : order.stage === HOLD_STAGE ? (
        <HoldPanel key={order.hold?.id} order={order} onChanged={onChanged} />
      ) : (
        <div className="production">
          <StageControls order={order} stage={order.stage} onChanged={onChanged} />
          <DispatchDate order={order} onChanged={onChanged} />
          {order.stage !== "dispatched" && <AskCustomer order={order} onChanged={onChanged} />}
        </div>
      )}
    </section>
  );
}

/** "Ask the customer…": pauses the order for their answer (docs/decisions/0048-order-holds.md). */
function AskCustomer({ order, onChanged }: { order: AdminOrder; onChanged: (order: AdminOrder) => void }) {
  return (
    <div className="production__ask">
      <AskCustomerButton
        order={order}
        className="button button--secondary"
        onSent={() => void apiCall<AdminOrder>(`/api/admin/orders/${enc(order.id)}`).then(onChanged)}
      />
    </div>
  );
}

function StageControls({ order, stage, onChanged }: { order: AdminOrder; stage: OrderStage; onChanged: (order: AdminOrder) => void }) {
  const [saving, setSaving] = useState(false);
  const result = useResult();
  const dispatched = stage === "dispatched";
  const back = dispatched ? null : previousStage(stage);
  const next = nextStage(stage);

  async function move(to: OrderStage) {
    result.clear();
    setSaving(true);
    try {
      onChanged(await moveStage(order.id, to));
      result.succeed(`Moved to ${stageLabel(to)}.`);
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to move the order's stage"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="production__stage">
      <p className="production__now">
        Stage: <strong>{stageLabel(stage)}</strong>
      </p>
      <ol className="production__history" aria-label="Stages reached">
        {order.stages.map((mark) => (
          <li key={mark.stage}>
            {stageLabel(mark.stage)} <span className="muted">{shortDate(mark.at)}</span>
          </li>
        ))}
      </ol>
      {!dispatched && (
        <div className="production__buttons">
          {back && (
            <button type="button" className="button button--ghost" disabled={saving} onClick={() => void move(back)}>
              Back: {stageLabel(back)}
            </button>
          )}
          {next && next !== "dispatched" && (
            <button type="button" className="button button--primary" disabled={saving} onClick={() => void move(next)}>
              Next: {stageLabel(next)}
            </button>
          )}
        </div>
      )}
      {next === "dispatched" && <p className="hint">Packed: finalize the shipment below to dispatch it and email the shopper.</p>}
      <ResultNotice state={result} />
    </div>
  );
}

function DispatchDate({ order, onChanged }: { order: AdminOrder; onChanged: (order: AdminOrder) => void }) {
  const [day, setDay] = useState("");
  const [reason, setReason] = useState("");
  const [saving, setSaving] = useState(false);
  const result = useResult();
  const moved = order.dispatch_dates.at(-1);
  const open = order.stage !== "dispatched";

  async function submit(event: FormEvent) {
    event.preventDefault();
    result.clear();
    setSaving(true);
    try {
      const changed = await moveDispatchDate(order.id, day, reason);
      onChanged(changed);
      setDay("");
      setReason("");
      result.succeed(
        `Dispatch date moved to ${formatUkDay(changed.dispatch_by ?? day)}. The shopper is emailed the new date and your reason.`,
      );
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to move the dispatch date"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="production__date">
      <p className="production__promise">
        <DispatchPromise order={order} />
      </p>
      {moved?.previous && (
        <p className="hint">
          Was {formatUkDay(moved.previous)}: {moved.reason}
        </p>
      )}
      {open && (
        <form className="form production__move" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="dispatch-by">New dispatch date</label>
            <input id="dispatch-by" type="date" min={ukToday(new Date())} value={day} onChange={(event) => setDay(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="dispatch-reason">Reason (the shopper sees it)</label>
            <textarea id="dispatch-reason" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <ResultNotice state={result} />
          <div>
            <button type="submit" className="button button--secondary" disabled={saving}>
              {saving ? "Moving…" : "Move dispatch date"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/**
 * The one dispatch line (decision 0024): before dispatch the day promised; once dispatched the day it went,
 * with the day that was promised, never "dispatch by" beside "dispatched".
 */
function DispatchPromise({ order }: { order: AdminOrder }) {
  const dispatchedAt = order.stage === "dispatched" ? order.stages.find((mark) => mark.stage === "dispatched")?.at : undefined;
  if (dispatchedAt) {
    return (
      <>
        Dispatched on <strong>{formatUkDay(ukToday(new Date(dispatchedAt)))}</strong>
        {order.dispatch_by ? ` (promised by ${formatUkDay(order.dispatch_by)})` : ""}
      </>
    );
  }
  if (!order.dispatch_by) return <>No dispatch date promised.</>;
  return (
    <>
      Dispatch by <strong>{formatUkDay(order.dispatch_by)}</strong>
    </>
  );
}
