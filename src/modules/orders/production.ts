import type { Database } from "bun:sqlite";
import { type DispatchDateChange, ORDER_STAGES, type OrderProduction, type OrderStage, type StageMark } from "../../../shared/order-stages";

/**
 * The reached stages from an order's stage history: each stage with the time it was last reached, up to
 * the newest. Going back a step undoes the later ones, so the timeline never shows a stage the order left.
 */
function reachedStages(events: StageMark[]): StageMark[] {
  const reached: StageMark[] = [];
  for (const event of events) {
    const index = ORDER_STAGES.indexOf(event.stage);
    reached.length = Math.min(reached.length, index);
    reached.push(event);
  }
  return reached;
}

/** Reads and writes an order's stage and promised date: the only place their SQL lives. */
export function orderProduction(db: Database) {
  const fields = db.query<{ stage: OrderStage | null; dispatch_by: string | null }, [string]>(
    "SELECT stage, dispatch_by FROM orders WHERE id = ?",
  );
  const events = db.query<StageMark, [string]>("SELECT stage, at FROM order_stage_events WHERE order_id = ? ORDER BY id");
  const dateChanges = db.query<DispatchDateChange, [string]>(
    "SELECT previous, dispatch_by, reason, at FROM order_dispatch_dates WHERE order_id = ? ORDER BY id",
  );
  const setStage = db.query("UPDATE orders SET stage = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
  const addEvent = db.query("INSERT INTO order_stage_events (order_id, stage) VALUES (?, ?)");
  const addFirstEvent = db.query(
    "INSERT INTO order_stage_events (order_id, stage, at) SELECT id, 'queued', created_at FROM orders WHERE id = ?",
  );
  const setDispatchBy = db.query("UPDATE orders SET dispatch_by = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");
  const addDateChange = db.query<{ id: number }, [string, string | null, string, string]>(
    "INSERT INTO order_dispatch_dates (order_id, previous, dispatch_by, reason) VALUES (?, ?, ?, ?) RETURNING id",
  );

  return {
    of(orderId: string): OrderProduction {
      const row = fields.get(orderId);
      return {
        stage: row?.stage ?? null,
        stages: reachedStages(events.all(orderId)),
        dispatch_by: row?.dispatch_by ?? null,
        dispatch_dates: dateChanges.all(orderId),
      };
    },

    /** A just-paid order joins the queue at the moment it was placed, as migration 0014 dated the older ones. */
    start(orderId: string): void {
      setStage.run("queued", orderId);
      addFirstEvent.run(orderId);
    },

    /** Puts the order in `stage` and timestamps it. Call inside the use case's transaction. */
    enter(orderId: string, stage: OrderStage): void {
      setStage.run(stage, orderId);
      addEvent.run(orderId, stage);
    },

    /** Moves the promised day and records the move with its reason; answers the move's id (its email's key). */
    moveDispatchBy(orderId: string, previous: string | null, dispatchBy: string, reason: string): number {
      setDispatchBy.run(dispatchBy, orderId);
      const change = addDateChange.get(orderId, previous, dispatchBy, reason);
      if (!change) throw new Error(`The move of order ${orderId}'s dispatch date was not recorded`);
      return change.id;
    },

    /** A cancelled order leaves the stages; its history stays for the record. */
    leave(orderId: string): void {
      setStage.run(null, orderId);
    },
  };
}
