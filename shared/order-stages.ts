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

export function stageLabel(stage: OrderStage): string {
  return LABELS[stage];
}

/** One reached stage on the timeline: when the order (last) got there. */
export type StageMark = { stage: OrderStage; at: string };

/** One move of the promised dispatch date: from `previous` (null when none was promised) to `dispatch_by`, and why. */
export type DispatchDateChange = { previous: string | null; dispatch_by: string; reason: string; at: string };

/**
 * What every order answer carries about making it: the stage (null once cancelled), the reached stages up to
 * the current one, the promised UK day, and every move of that day, oldest first (the last one's `previous`
 * is what the order page shows as "was …").
 */
export type OrderProduction = {
  stage: OrderStage | null;
  stages: StageMark[];
  dispatch_by: string | null;
  dispatch_dates: DispatchDateChange[];
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
