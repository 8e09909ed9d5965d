import type { Database } from "bun:sqlite";
import {
  type DispatchDateChange,
  HOLD_STAGE,
  OPEN_HOLD_STATUSES,
  ORDER_STAGES,
  type OrderProduction,
  type OrderStage,
  type StageMark,
} from "../../../shared/order-stages";
import { type HoldRow, type HoldStore, summaryOf } from "../holds/store";
import type { OrderStore } from "./store";

/**
 * The reached stages from an order's stage history: each stage with the time it was last reached, up to
 * the newest. Going back a step undoes the later ones, so the timeline never shows a stage the order left.
 */
function reachedStages(events: StageMark[]): StageMark[] {
  const reached: StageMark[] = [];
  for (const event of events) {
    const index = ORDER_STAGES.indexOf(event.stage as OrderStage);
    reached.length = Math.min(reached.length, index);
    reached.push(event);
  }
  return reached;
}

/** The stage history and date moves, built once in src/deps.ts. */
export type ProductionRecords = ReturnType<typeof orderProduction>;

type StageFacts = { stage: OrderStage | null; dispatch_by: string | null };
type Keyed<T> = T & { order_id: string };

/**
 * Reads and writes an order's stage history and promised-date moves (their tables' only SQL); the order's own
 * `stage` and `dispatch_by` go through the order store. Built once in src/deps.ts.
 */
export function orderProduction(db: Database, orders: OrderStore, holds: Pick<HoldStore, "latest" | "latestOfMany">) {
  const events = db.query<StageMark, [string]>("SELECT stage, at FROM order_stage_events WHERE order_id = ? ORDER BY id");
  const dateChanges = db.query<DispatchDateChange, [string]>(
    "SELECT previous, dispatch_by, reason, at FROM order_dispatch_dates WHERE order_id = ? ORDER BY id",
  );
  // A page of orders at once (a JSON array of ids): the list asks two questions per page, not two per order.
  const eventsOfMany = db.query<Keyed<StageMark>, [string]>(
    "SELECT order_id, stage, at FROM order_stage_events WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY id",
  );
  const dateChangesOfMany = db.query<Keyed<DispatchDateChange>, [string]>(
    `SELECT order_id, previous, dispatch_by, reason, at FROM order_dispatch_dates
     WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const addEvent = db.query("INSERT INTO order_stage_events (order_id, stage) VALUES (?, ?)");
  const addEventAt = db.query("INSERT INTO order_stage_events (order_id, stage, at) VALUES (?, ?, ?)");
  const addDateChange = db.query<{ id: number }, [string, string | null, string, string]>(
    "INSERT INTO order_dispatch_dates (order_id, previous, dispatch_by, reason) VALUES (?, ?, ?, ?) RETURNING id",
  );

  /**
   * While a hold is open the order reads "waiting" (docs/decisions/0048-order-holds.md): the stored stage is where the
   * work goes on from, and the timeline gains the hold's mark after the stages reached.
   */
  function facts(row: StageFacts | null, marks: StageMark[], moves: DispatchDateChange[], hold: HoldRow | null): OrderProduction {
    const stages = reachedStages(marks);
    const stage = row?.stage ?? null;
    const held = hold !== null && stage !== null && stage !== "dispatched" && OPEN_HOLD_STATUSES.includes(hold.status);
    return {
      stage: held ? HOLD_STAGE : stage,
      stages: held ? [...stages, { stage: HOLD_STAGE, at: hold.created_at }] : stages,
      dispatch_by: row?.dispatch_by ?? null,
      dispatch_dates: moves,
      hold: hold ? summaryOf(hold) : null,
    };
  }

  return {
    of(orderId: string): OrderProduction {
      return facts(orders.productionFields(orderId), events.all(orderId), dateChanges.all(orderId), holds.latest(orderId));
    },

    /** The production facts of many orders whose stage and promised day are already read: three queries in all (stages, date moves, holds). */
    ofMany(rows: readonly (StageFacts & { id: string })[]): Map<string, OrderProduction> {
      const ids = JSON.stringify(rows.map((row) => row.id));
      const marks = groupBy(rows.length > 0 ? eventsOfMany.all(ids) : []);
      const moves = groupBy(rows.length > 0 ? dateChangesOfMany.all(ids) : []);
      const held = holds.latestOfMany(rows.map((row) => row.id));
      return new Map(rows.map((row) => [row.id, facts(row, marks.get(row.id) ?? [], moves.get(row.id) ?? [], held.get(row.id) ?? null)]));
    },

    /** A just-paid order joins the queue at the moment it was placed, as migration 0014 dated the older ones. */
    start(orderId: string, placedAt: string): void {
      orders.setStage(orderId, "queued");
      addEventAt.run(orderId, "queued", placedAt);
    },

    /** Puts the order in `stage` and timestamps it. Call inside the use case's transaction. */
    enter(orderId: string, stage: OrderStage): void {
      orders.setStage(orderId, stage);
      addEvent.run(orderId, stage);
    },

    /** Moves the promised day and records the move with its reason; answers the move's id (its email's key). */
    moveDispatchBy(orderId: string, previous: string | null, dispatchBy: string, reason: string): number {
      orders.setDispatchBy(orderId, dispatchBy);
      const change = addDateChange.get(orderId, previous, dispatchBy, reason);
      if (!change) throw new Error(`The move of order ${orderId}'s dispatch date was not recorded`);
      return change.id;
    },

    /** A cancelled order leaves the stages; its history stays for the record. */
    leave(orderId: string): void {
      orders.setStage(orderId, null);
    },
  };
}

/** Rows keyed by order, each order's rows in the order read, without the key. */
function groupBy<T>(rows: Keyed<T>[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const { order_id, ...rest } of rows) {
    const list = grouped.get(order_id) ?? [];
    list.push(rest as T);
    grouped.set(order_id, list);
  }
  return grouped;
}
