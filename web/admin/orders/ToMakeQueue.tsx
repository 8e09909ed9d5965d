import { useRef, useState } from "react";
import { giftFromLine } from "../../../shared/gift";
import { HOLD_STAGE, MAKING_STAGES, nextStage, type OrderStage, stageLabel } from "../../../shared/order-stages";
import { formatDateTime, orderReference } from "../../../shared/order-view";
import { TO_MAKE_PAGE_SIZE } from "../../../shared/orders-page";
import { formatUkDay, ukToday } from "../../../shared/uk-day";
import { apiAnswer, failureText, isSessionEnd } from "../api";
import { Notice, ResultNotice, useResult } from "../parts";
import { navigate } from "../router";
import type { ToMakeOrder } from "../types";
import { useLoad } from "../use-load";
import { AskCustomerButton } from "./AskCustomerDialog";
import { ItemUploads } from "./OrderBits";
import { moveStage } from "./production";

type Filter = OrderStage | "all";
/** `savedAt`: when the answer came from the admin's offline copy (its service worker's X-Saved-At), the time it was loaded. */
type Queue = { orders: ToMakeOrder[]; total: number | null; more: boolean; savedAt: string | null };

/**
 * The queue's first `wanted` orders (or all, when fewer wait), page after page by X-Next-Cursor: the server answers
 * a page of 50 at a time (docs/decisions/0037-cheap-owner-reads.md).
 */
async function loadQueue(filter: Filter, wanted: number): Promise<Queue> {
  const orders: ToMakeOrder[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  let savedAt: string | null = null;
  do {
    const query = new URLSearchParams(filter === "all" ? {} : { stage: filter });
    if (cursor) query.set("cursor", cursor);
    const { data, headers } = await apiAnswer<ToMakeOrder[]>(`/api/admin/orders/to-make${query.size > 0 ? `?${query}` : ""}`);
    orders.push(...data);
    cursor = headers.get("x-next-cursor");
    const count = headers.get("x-total-count");
    total = count === null ? null : Number(count);
    savedAt ??= headers.get("x-saved-at");
  } while (cursor && orders.length < wanted);
  return { orders, total, more: cursor !== null, savedAt };
}

/**
 * The owner's work queue — paid orders not yet dispatched, the soonest promise first, overdue ones marked —
 * filtered by stage, each moved on with one tap (docs/decisions/0016-production-stages.md). A card per order
 * (not a table), so the promise, the uploads and "Next" are in reach on a phone. The soonest 50 show first and
 * "Show more" adds the next 50; after a move the queue is read again as far as it was shown.
 */
export function ToMakeQueue() {
  const [filter, setFilter] = useState<Filter>("all");
  // useLoad keeps the loader it was first given: the loader reads the chosen filter and how many to show from here.
  const chosen = useRef<Filter>("all");
  const wanted = useRef(TO_MAKE_PAGE_SIZE);
  const [moving, setMoving] = useState<string | null>(null);
  const result = useResult();
  const {
    data: queue,
    error,
    loading,
    reload,
  } = useLoad(() => loadQueue(chosen.current, wanted.current), "Unable to load the orders to make");
  const data = queue?.orders;

  async function choose(stage: Filter) {
    chosen.current = stage;
    wanted.current = TO_MAKE_PAGE_SIZE;
    setFilter(stage);
    result.clear();
    await reload();
  }

  async function showMore() {
    wanted.current = (data?.length ?? 0) + TO_MAKE_PAGE_SIZE;
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
      <Notice tone="warning">{queue?.savedAt && `Offline: this is the queue as loaded on ${formatDateTime(queue.savedAt)}.`}</Notice>
      <ResultNotice state={result} />
      {loading && !data ? (
        <p className="muted">Loading orders…</p>
      ) : !data || data.length === 0 ? (
        !error && <p className="muted">Nothing to make{filter === "all" ? "" : ` in ${stageLabel(filter)}`}.</p>
      ) : (
        <>
          <ul className="to-make__list" aria-label="Orders to make, soonest promise first">
            {data
              .filter((order) => order.stage !== HOLD_STAGE)
              .map((order) => (
                <ToMakeCard
                  key={order.id}
                  order={order}
                  busy={moving === order.id}
                  onNext={(stage) => void next(order, stage)}
                  onAsked={() => {
                    result.succeed(`Order ${orderReference(order.id)} is waiting for the customer's answer.`);
                    void reload();
                  }}
                />
              ))}
          </ul>
          <HeldOrders orders={data.filter((order) => order.stage === HOLD_STAGE)} />
          {queue?.more && (
            <p className="to-make__more">
              {queue.total !== null && (
                <span className="muted">
                  Showing {data.length.toLocaleString("en-GB")} of {queue.total.toLocaleString("en-GB")} orders.
                </span>
              )}
              <button type="button" className="button button--ghost" disabled={loading} onClick={() => void showMore()}>
                Show more
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Orders paused for the customer's answer (docs/decisions/0048-order-holds.md), apart from the work in hand: their
 * promise has stopped counting, so what matters is how long each has waited.
 */
function HeldOrders({ orders }: { orders: ToMakeOrder[] }) {
  if (orders.length === 0) return null;
  return (
    <>
      <h3 className="to-make__held-title">Waiting for the customer</h3>
      <ul className="to-make__list to-make__list--held" aria-label="Orders waiting for the customer">
        {orders.map((order) => (
          <li key={order.id} className="to-make__order to-make__order--held" aria-label={`Order ${orderReference(order.id)}`}>
            <div className="to-make__head">
              <button type="button" className="admin-link-button admin-mono" onClick={() => navigate("/admin/orders", { order: order.id })}>
                <span className="visually-hidden">Open order </span>
                {orderReference(order.id)}
              </button>
              <span className="admin-cell-title">{order.shipping_name || order.email || "—"}</span>
            </div>
            {order.hold && <p className="to-make__facts">{waitedText(order.hold.since, order.hold.status)}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Waiting 3 days (asked Tuesday 1 December)", or that a change was asked and the new proof is the owner's to send. */
function waitedText(since: string, status: string): string {
  const asked = ukToday(new Date(since));
  const days = Math.round((Date.parse(ukToday(new Date())) - Date.parse(asked)) / 86_400_000);
  const waited =
    days === 0 ? "Asked today" : `Waiting ${days} ${days === 1 ? "day" : "days"} (asked ${formatUkDay(asked, { year: false })})`;
  return status === "changes_requested" ? `${waited}: they asked for a change, send a new proof` : waited;
}

/** One order to make: reference and customer, stage and promise, what to make with the shopper's uploads, and Next. */
function ToMakeCard({
  order,
  busy,
  onNext,
  onAsked,
}: {
  order: ToMakeOrder;
  busy: boolean;
  onNext: (stage: OrderStage) => void;
  onAsked: () => void;
}) {
  const reference = orderReference(order.id);
  const stage = order.stage ?? "queued";
  // A held order waits for the shopper (docs/decisions/0048-order-holds.md): no next stage until they answer.
  const upcoming = stage === HOLD_STAGE ? null : nextStage(stage);
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
        <span className="admin-badge admin-badge--info">{stage === HOLD_STAGE ? "Waiting for the customer" : stageLabel(stage)}</span>
        {order.overdue && <span className="admin-badge admin-badge--danger">Overdue</span>}
        {order.gift && <span className="admin-badge admin-badge--success">Gift</span>}
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
      {order.gift && (
        <blockquote className="to-make__gift" aria-label="Gift note">
          <p className="to-make__gift-message">{order.gift.message}</p>
          {order.gift.from && <p className="to-make__gift-from">{giftFromLine(order.gift)}</p>}
        </blockquote>
      )}
      <AskCustomerButton order={order} className="admin-link-button to-make__ask" onSent={onAsked} />
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
