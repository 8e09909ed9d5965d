import { ORDER_STAGES, type OrderProduction, stageLabel } from "../../shared/order-stages";
import { formatDateTime } from "../../shared/order-view";
import { formatUkDay } from "../../shared/uk-day";

/** What the order page needs to show where an order is: its status and its production fields. */
export type OrderProgressFacts = { status: string } & Partial<OrderProduction>;

/**
 * Issue 14: where the order is in the workshop, as the shopper reads it — the promised dispatch day (and the
 * day it was, with the owner's reason, when it moved) and the stages as a timeline, each reached one with its
 * time. Plain server-rendered HTML, so it reads the same without JavaScript. A cancelled order has no stage
 * and shows nothing.
 */
export function OrderProgress({ order }: { order: OrderProgressFacts }) {
  if (!order.stage || order.status === "canceled") return null;
  const reached = new Map((order.stages ?? []).map((mark) => [mark.stage, mark.at]));
  const current = ORDER_STAGES.indexOf(order.stage);
  const moved = order.dispatch_dates?.at(-1);
  const promised = order.stage !== "dispatched" && order.dispatch_by;
  return (
    <section className="card order-progress" aria-labelledby="order-progress-title">
      <h2 id="order-progress-title">Progress</h2>
      {promised && (
        <div className="order-progress__promise">
          <p className="order-progress__day">Dispatch by {formatUkDay(promised)}</p>
          {moved?.previous && moved.dispatch_by === promised && (
            <p className="order-progress__moved">
              <span>was {formatUkDay(moved.previous)}</span> <span className="order-progress__reason">{moved.reason}</span>
            </p>
          )}
        </div>
      )}
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
