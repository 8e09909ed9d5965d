import type { Database } from "bun:sqlite";
import { ORDER_STAGES, type OrderStage } from "../../../shared/order-stages";
import { TO_MAKE_PAGE_SIZE } from "../../../shared/orders-page";
import { ukToday } from "../../../shared/uk-day";
import { writeTransaction } from "../../db/transaction";
import { type DispatchDateMove, renderDispatchDateEmail } from "../../emails/dispatch-date";
import { BadRequest, Conflict } from "../../errors";
import { readShopIdentity } from "../content/service";
import type { Order, OrderItemMeta } from "../orders/model";
import type { ProductionRecords } from "../orders/production";
import type { OrderService } from "../orders/service";
import type { OrderStore, ProductionFields, QueuePosition } from "../orders/store";
import { enqueueEmail } from "../outbox/service";
import { ORDER_CANCELLED } from "./model";
import { type DispatchDateRequest, encodeQueueCursor, PRODUCTION_MESSAGES as MESSAGES, type ToMakeOrder } from "./production-model";

/**
 * Queues the shopper's moved-date email for one recorded move (its id keys the email, so a move is told once): the
 * owner's move here, and the promise resumed when a hold is answered (docs/decisions/0048-order-holds.md).
 */
export function queueDispatchDateEmail(db: Database, order: Order, moveId: number, move: DispatchDateMove, publicUrl: string): void {
  if (!order.email) return;
  enqueueEmail(db, {
    dedupeKey: `dispatch-date:${order.id}:${moveId}`,
    kind: "dispatch-date",
    orderId: order.id,
    recipient: order.email,
    ...renderDispatchDateEmail(order, move, publicUrl, readShopIdentity(db)),
  });
}

type Current = ProductionFields & { status: string };

/** A moved date or stage answers the order as the owner now sees it, or null when there is no such order. */
type Answer<T> = { order: T } | null;

/**
 * The owner calls of docs/decisions/0016-production-stages.md: the stages an order is moved through, its promised
 * dispatch date and the "To make" queue. Each write is one transaction; the
 * shopper's email for a moved date commits with the move.
 */
export function createProductionService<T>(
  db: Database,
  {
    store,
    orders,
    production,
    publicUrl,
    now,
    detail,
  }: {
    store: OrderStore;
    orders: OrderService;
    production: ProductionRecords;
    publicUrl: string;
    now: () => Date;
    /** The owner's answer; given the order already read after the change, it does not read it again. */
    detail: (id: string, order?: Order | null) => T | null;
  },
) {
  const current = { get: (id: string): Current | null => store.ownerFields(id) };

  /** The state checks both writes share: a cancelled or dispatched order is past changing. */
  function refuseFinished(order: Current, dispatchedMessage: string): void {
    if (order.status === "canceled") throw new Conflict(ORDER_CANCELLED);
    if (order.status === "fulfilled" || order.stage === "dispatched") throw new Conflict(dispatchedMessage);
  }

  return {
    /** One step forward or back; asking for the stage the order is already in (a double tap) changes nothing. */
    moveStage(id: string, stage: OrderStage): Answer<T> {
      return writeTransaction(db, () => {
        const order = current.get(id);
        if (!order) return null;
        refuseFinished(order, MESSAGES.alreadyDispatched);
        if (stage === "dispatched") throw new Conflict(MESSAGES.dispatchedByTracking);
        const from = order.stage ?? "queued";
        if (stage !== from) {
          if (Math.abs(ORDER_STAGES.indexOf(stage) - ORDER_STAGES.indexOf(from)) > 1) throw new Conflict(MESSAGES.oneStep(from, stage));
          production.enter(id, stage);
        }
        return { order: detail(id) as T };
      });
    },

    /**
     * Moves the promised day and queues the shopper's email with it. The same day and reason sent
     * again (a double submit) finds the move already made and changes nothing, so one email goes.
     */
    moveDispatchDate(id: string, { dispatch_by, reason }: DispatchDateRequest): Answer<T> {
      return writeTransaction(db, () => {
        const order = current.get(id);
        if (!order) return null;
        if (dispatch_by < ukToday(now())) throw new BadRequest(MESSAGES.dispatchByPast);
        refuseFinished(order, MESSAGES.dateAlreadyDispatched);
        if (dispatch_by === order.dispatch_by) {
          const latest = production.of(id).dispatch_dates.at(-1);
          if (latest?.dispatch_by === dispatch_by && latest.reason === reason) return { order: detail(id) as T };
          throw new Conflict(MESSAGES.sameDispatchBy);
        }
        const moveId = production.moveDispatchBy(id, order.dispatch_by, dispatch_by, reason);
        const moved = orders.getOrder(id);
        if (moved) queueDispatchDateEmail(db, moved, moveId, { dispatchBy: dispatch_by, previous: order.dispatch_by, reason }, publicUrl);
        return { order: detail(id, moved) as T };
      });
    },

    /**
     * A page of the paid orders not yet dispatched, soonest promise first (no promise last), optionally in one stage,
     * with how many there are in all and where the next page starts (decision 0037).
     */
    toMake({ stage = null, cursor = null }: { stage?: OrderStage | null; cursor?: QueuePosition | null } = {}, size = TO_MAKE_PAGE_SIZE) {
      const today = ukToday(now());
      // One row more than a page tells whether another page follows; its cursor is the page's last order.
      const read = store.queue(stage, cursor, size + 1);
      const rows = read.slice(0, size);
      const last = rows.at(-1);
      const nextCursor =
        read.length > size && last
          ? encodeQueueCursor({ dispatchBy: last.dispatch_by, createdAt: last.created_at, rowid: last.queue_rowid })
          : null;
      // The page's lines and stage facts in three queries, not three per order.
      const facts = production.ofMany(rows);
      const lines = new Map<string, ToMakeOrder["items"]>(rows.map((row) => [row.id, []]));
      for (const { order_id, ...item } of store.itemsOfOrders(rows.map((row) => row.id))) {
        lines.get(order_id)?.push({ ...item, meta: JSON.parse(item.meta) as OrderItemMeta });
      }
      const orders: ToMakeOrder[] = rows.map(({ queue_rowid: _, gift_message, gift_from, ...row }) => ({
        ...row,
        gift: gift_message === null ? null : { message: gift_message, from: gift_from },
        ...facts.get(row.id)!,
        overdue: row.dispatch_by !== null && row.dispatch_by < today,
        items: lines.get(row.id) ?? [],
      }));
      return { orders, total: store.queueCount(stage), nextCursor };
    },
  };
}
