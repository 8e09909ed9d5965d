/**
 * Where a paid order is in the workshop, in the order it moves
 * (docs/decisions/0016-production-stages.md). 'dispatched' is reached only by
 * the tracking step (docs/product.md#dispatch-and-tracking); the owner moves
 * the inner stages one step at a time.
 */
export const ORDER_STAGES = ["queued", "printing", "finishing", "packed", "dispatched"] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** The stages an order waits in before it leaves: the owner's "To make" queue filters by these. */
export const MAKING_STAGES = ["queued", "printing", "finishing", "packed"] as const satisfies readonly OrderStage[];

const LABELS: Record<OrderStage, string> = {
  queued: "Queued",
  printing: "Printing",
  finishing: "Finishing",
  packed: "Packed",
  dispatched: "Dispatched",
};

/**
 * What an order answer's stage reads while a hold is open (docs/decisions/0048-order-holds.md): the work stops until
 * the shopper answers. It is never stored as the order's stage; the order goes on from the stage it was in.
 */
export const HOLD_STAGE = "waiting";
export type ShownStage = OrderStage | typeof HOLD_STAGE;

export function stageLabel(stage: ShownStage): string {
  return stage === HOLD_STAGE ? "Waiting for you" : LABELS[stage];
}

/** One reached stage on the timeline: when the order (last) got there. */
export type StageMark = { stage: ShownStage; at: string };

/** The hold states of docs/decisions/0048-order-holds.md; `waiting` and `changes_requested` are open. */
const HOLD_STATUSES = ["waiting", "approved", "changes_requested", "cancelled", "lapsed"] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
export const OPEN_HOLD_STATUSES: readonly HoldStatus[] = ["waiting", "changes_requested"];

/**
 * An order's latest hold, whatever its status: `since` when the current question was put to the shopper (ISO 8601
 * UTC), `window_ends` the UK day the hold's default runs after.
 */
export type OrderHoldSummary = { id: string; status: HoldStatus; since: string; window_ends: string };

/** One move of the promised dispatch date: from `previous` (null when none was promised) to `dispatch_by`, and why. */
export type DispatchDateChange = { previous: string | null; dispatch_by: string; reason: string; at: string };

/**
 * What every order answer carries about making it: the stage (null once cancelled), the reached stages up to
 * the current one, the promised UK day, and every move of that day, oldest first (the last one's `previous`
 * is what the order page shows as "was …").
 */
export type OrderProduction = {
  stage: ShownStage | null;
  stages: StageMark[];
  dispatch_by: string | null;
  dispatch_dates: DispatchDateChange[];
  /** The latest hold for the shopper's answer (docs/decisions/0048-order-holds.md), or null when none was ever opened. */
  hold: OrderHoldSummary | null;
};

/** The stage one step on from `stage`, or null at the last. */
export function nextStage(stage: OrderStage): OrderStage | null {
  return ORDER_STAGES[ORDER_STAGES.indexOf(stage) + 1] ?? null;
}

/** The stage one step back from `stage`, or null at the first. */
export function previousStage(stage: OrderStage): OrderStage | null {
  const index = ORDER_STAGES.indexOf(stage);
  return index > 0 ? (ORDER_STAGES[index - 1] ?? null) : null;
}
