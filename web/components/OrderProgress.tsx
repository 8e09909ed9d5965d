import { HOLD_STAGE, ORDER_STAGES, type OrderProduction, type OrderStage, stageLabel } from "../../shared/order-stages";
import { formatDateTime } from "../../shared/order-view";
import { formatUkDay, ukToday } from "../../shared/uk-day";

/** What the order page needs to show where an order is: its status and its production fields. */
export type OrderProgressFacts = { status: string } & Partial<OrderProduction>;

/** Whether the order page shows the stages: a paid order in the workshop or sent; a cancelled one has none. */
export function showsStages(order: OrderProgressFacts): boolean {
  return Boolean(order.stage) && order.status !== "canceled";
}

/**
 * Whether the order has left the workshop: the stages' last, or the fulfilled status (docs/product.md#order-status) for
 * an order from before them.
 */
export function isDispatched(order: OrderProgressFacts): boolean {
  return order.stage === "dispatched" || order.status === "fulfilled";
}

/**
 * Where the order is in the workshop, as the shopper reads it — the promised dispatch day (and the day it
 * was, with the owner's reason, when it moved) and the stages as a timeline, each reached one with its time
 * (docs/decisions/0016-production-stages.md). Plain server-rendered HTML, so it reads the same without
 * JavaScript. A cancelled order has no stage and shows nothing; once dispatched, the promise is kept in the
 * parcel's block above (ParcelTracking.tsx).
 */
export function OrderProgress({ order }: { order: OrderProgressFacts }) {
  if (!order.stage || !showsStages(order)) return null;
  const reached = new Map((order.stages ?? []).map((mark) => [mark.stage, mark.at]));
  // While a hold waits the work stands at the last stage reached (docs/decisions/0048-order-holds.md).
  const held = order.stage === HOLD_STAGE;
  const madeTo = held ? (order.stages ?? []).filter((mark) => mark.stage !== HOLD_STAGE).at(-1)?.stage : order.stage;
  const current = ORDER_STAGES.indexOf((madeTo ?? "queued") as OrderStage);
  return (
    <section className="card order-progress" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title">Progress</h2>
      {held && order.hold && <HeldLine since={order.hold.since} />}
      {!held && !isDispatched(order) && <DispatchPromise order={order} label="Dispatch by" />}
      <ol className="order-timeline" aria-label="Stages">
        {ORDER_STAGES.map((stage, index) => {
          const at = index <= current ? reached.get(stage) : undefined;
          const state = index < current ? "done" : index === current ? "current" : "todo";
          return (
            <li
              key={stage}
              className={`order-timeline__step order-timeline__step--${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="order-timeline__stage">{stageLabel(stage)}</span>
              {at ? (
                <time className="order-timeline__time" dateTime={at}>
                  {formatDateTime(at)}
                </time>
              ) : (
                <span className="order-timeline__time">{index <= current ? "" : "Not yet"}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The promised dispatch day, and when the owner moved it the day it was with their reason (the last move's
 * `previous`). `label` says what the day is: still to come ("Dispatch by") or kept once sent.
 */
export function DispatchPromise({ order, label }: { order: OrderProgressFacts; label: string }) {
  const promised = order.dispatch_by;
  if (!promised) return null;
  const moved = order.dispatch_dates?.at(-1);
  return (
    <div className="order-progress__promise">
      <p className="order-progress__day">
        {label} {formatUkDay(promised)}
      </p>
      {moved?.previous && moved.dispatch_by === promised && (
        <p className="order-progress__moved">
          <span>was {formatUkDay(moved.previous)}</span> <span className="order-progress__reason">{moved.reason}</span>
        </p>
      )}
    </div>
  );
}

/**
 * "Waiting for you since Tuesday 1 December": the order is paused for the shopper's answer and the promised day
 * stops counting; it is set again, and emailed, when they answer.
 */
function HeldLine({ since }: { since: string }) {
  return (
    <div className="order-progress__promise">
      <p className="order-progress__day">Waiting for you since {formatUkDay(ukToday(new Date(since)), { year: false })}</p>
      <p className="order-progress__moved">
        We have asked you about your order (see our email). Your dispatch date is set again from the day you answer.
      </p>
    </div>
  );
}
