import { useRef, useState } from "react";
import { MAKING_STAGES, nextStage, type OrderStage, stageLabel } from "../../shared/order-stages";
import { orderReference } from "../../shared/order-view";
import { formatUkDay } from "../../shared/uk-day";
import { apiCall, failureText, isSessionEnd } from "./api";
import { ItemUploads } from "./OrderBits";
import { Notice, ResultNotice, useResult } from "./parts";
import { moveStage } from "./production";
import { navigate } from "./router";
import type { ToMakeOrder } from "./types";
import { useLoad } from "./use-load";

type Filter = OrderStage | "all";

/**
 * The owner's work queue — paid orders not yet dispatched, the soonest promise first, overdue ones marked —
 * filtered by stage, each moved on with one tap (docs/decisions/0016-production-stages.md). A card per order
 * (not a table), so the promise, the uploads and "Next" are in reach on a phone.
 */
export function ToMakeQueue() {
  const [filter, setFilter] = useState<Filter>("all");
  // useLoad keeps the loader it was first given: the loader reads the chosen filter from here.
  const chosen = useRef<Filter>("all");
  const [moving, setMoving] = useState<string | null>(null);
  const result = useResult();
  const { data, error, loading, reload } = useLoad(
    () => apiCall<ToMakeOrder[]>(`/api/admin/orders/to-make${chosen.current === "all" ? "" : `?stage=${chosen.current}`}`),
    "Unable to load the orders to make",
  );

  async function choose(stage: Filter) {
    chosen.current = stage;
    setFilter(stage);
    result.clear();
    await reload();
  }

  async function next(order: ToMakeOrder, stage: OrderStage) {
    result.clear();
    setMoving(order.id);
    try {
      await moveStage(order.id, stage);
      result.succeed(`Order ${orderReference(order.id)} moved to ${stageLabel(stage)}.`);
      await reload();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to move the order to its next stage"));
    } finally {
      setMoving(null);
    }
  }

  return (
    <section className="admin-section card to-make" aria-labelledby="to-make-title">
      <div className="admin-section__header">
        <h2 id="to-make-title">To make</h2>
      </div>
      <fieldset className="to-make__filter">
        <legend className="visually-hidden">Show orders in</legend>
        {(["all", ...MAKING_STAGES] as Filter[]).map((stage) => (
          <button
            key={stage}
            type="button"
            className={`button admin-button--small ${filter === stage ? "button--primary" : "button--ghost"}`}
            aria-pressed={filter === stage}
            onClick={() => void choose(stage)}
          >
            {stage === "all" ? "All" : stageLabel(stage)}
          </button>
        ))}
      </fieldset>
      <Notice tone="error">{error}</Notice>
      <ResultNotice state={result} />
      {loading && !data ? (
        <p className="muted">Loading orders…</p>
      ) : !data || data.length === 0 ? (
        !error && <p className="muted">Nothing to make{filter === "all" ? "" : ` in ${stageLabel(filter)}`}.</p>
      ) : (
        <ul className="to-make__list" aria-label="Orders to make, soonest promise first">
          {data.map((order) => (
            <ToMakeCard key={order.id} order={order} busy={moving === order.id} onNext={(stage) => void next(order, stage)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One order to make: reference and customer, stage and promise, what to make with the shopper's uploads, and Next. */
function ToMakeCard({ order, busy, onNext }: { order: ToMakeOrder; busy: boolean; onNext: (stage: OrderStage) => void }) {
  const reference = orderReference(order.id);
  const stage = order.stage ?? "queued";
  const upcoming = nextStage(stage);
  return (
    <li className={`to-make__order${order.overdue ? " to-make__order--overdue" : ""}`} aria-label={`Order ${reference}`}>
      <div className="to-make__head">
        <button type="button" className="admin-link-button admin-mono" onClick={() => navigate("/admin/orders", { order: order.id })}>
          <span className="visually-hidden">Open order </span>
          {reference}
        </button>
        <span className="admin-cell-title">{order.shipping_name || order.email || "—"}</span>
      </div>
      <p className="to-make__facts">
        <span className="admin-badge admin-badge--info">{stageLabel(stage)}</span>
        {order.overdue && <span className="admin-badge admin-badge--danger">Overdue</span>}
        <span className="to-make__promise">{order.dispatch_by ? `Dispatch by ${formatUkDay(order.dispatch_by)}` : "No dispatch date"}</span>
      </p>
      <ul className="order-items to-make__items">
        {order.items.map((item, index) => (
          <li key={`${item.product_id}-${index}`} className="admin-order-line">
            <span>
              {item.quantity} × {item.product_name}
              {item.meta?.variantName ? ` (${item.meta.variantName})` : ""}
            </span>
            <ItemUploads item={item} />
          </li>
        ))}
      </ul>
      {upcoming && upcoming !== "dispatched" ? (
        <button
          type="button"
          className="button button--primary to-make__next"
          disabled={busy}
          aria-label={`Next: ${stageLabel(upcoming)}, order ${reference}`}
          onClick={() => onNext(upcoming)}
        >
          Next: {stageLabel(upcoming)}
        </button>
      ) : (
        <button
          type="button"
          className="button button--secondary to-make__next"
          onClick={() => navigate("/admin/orders", { order: order.id })}
        >
          Add tracking to dispatch
          <span className="visually-hidden"> order {reference}</span>
        </button>
      )}
    </li>
  );
}
