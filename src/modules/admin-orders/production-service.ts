import type { Database } from "bun:sqlite";
import { ORDER_STAGES, type OrderStage } from "../../../shared/order-stages";
import { ukToday } from "../../../shared/uk-day";
import { writeTransaction } from "../../db/transaction";
import { renderDispatchDateEmail } from "../../emails/dispatch-date";
import { BadRequest, Conflict } from "../../errors";
import { readShopIdentity } from "../content/service";
import type { OrderItemMeta } from "../orders/model";
import { orderProduction } from "../orders/production";
import { createOrderService } from "../orders/service";
import { enqueueEmail } from "../outbox/service";
import { ORDER_CANCELLED } from "./model";
import { type DispatchDateRequest, PRODUCTION_MESSAGES as MESSAGES, type ToMakeOrder } from "./production-model";

type Current = { status: string; stage: OrderStage | null; dispatch_by: string | null };
type QueueRow = Pick<ToMakeOrder, "id" | "created_at" | "shipping_name" | "email" | "dispatch_by">;
type ItemRow = { product_id: string; product_name: string; quantity: number; meta: string };

/** A moved date or stage answers the order as the owner now sees it, or null when there is no such order. */
type Answer<T> = { order: T } | null;

/**
 * Issue 14's owner calls: the stages an order is moved through, its promised
 * dispatch date and the "To make" queue. Each write is one transaction; the
 * shopper's email for a moved date commits with the move.
 */
export function createProductionService<T>(
  db: Database,
  { publicUrl, now, detail }: { publicUrl: string; now: () => Date; detail: (id: string) => T | null },
) {
  const production = orderProduction(db);
  const orders = createOrderService(db);
  const current = db.query<Current, [string]>("SELECT status, stage, dispatch_by FROM orders WHERE id = ?");
  const queue = db.query<QueueRow, [string | null]>(
    `SELECT id, created_at, shipping_name, email, dispatch_by FROM orders
     WHERE status = 'paid' AND stage IS NOT NULL AND stage <> 'dispatched' AND (?1 IS NULL OR stage = ?1)
     ORDER BY dispatch_by IS NULL, dispatch_by, created_at, rowid`,
  );
  const itemsOf = db.query<ItemRow, [string]>(
    "SELECT product_id, product_name, quantity, meta FROM order_items WHERE order_id = ? ORDER BY id",
  );

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
        if (moved?.email) {
          enqueueEmail(db, {
            dedupeKey: `dispatch-date:${id}:${moveId}`,
            kind: "dispatch-date",
            orderId: id,
            recipient: moved.email,
            ...renderDispatchDateEmail(
              moved,
              { dispatchBy: dispatch_by, previous: order.dispatch_by, reason },
              publicUrl,
              readShopIdentity(db),
            ),
          });
        }
        return { order: detail(id) as T };
      });
    },

    /** Paid orders not yet dispatched, soonest promise first (no promise last), optionally in one stage. */
    toMake(stage: OrderStage | null = null): ToMakeOrder[] {
      const today = ukToday(now());
      return queue.all(stage).map((row) => ({
        ...row,
        ...production.of(row.id),
        overdue: row.dispatch_by !== null && row.dispatch_by < today,
        items: itemsOf.all(row.id).map((item) => ({ ...item, meta: JSON.parse(item.meta) as OrderItemMeta })),
      }));
    },
  };
}
