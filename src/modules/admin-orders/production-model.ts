import { z } from "zod";
import type { Gift } from "../../../shared/gift";
import { MAKING_STAGES, ORDER_STAGES, type OrderProduction, type OrderStage } from "../../../shared/order-stages";
import { isUkDay } from "../../../shared/uk-day";
import { cursorField, encodePageCursor, isRowid, isStoredMoment } from "../../http/page-cursor";
import type { OrderItemMeta } from "../orders/model";
import type { QueuePosition } from "../orders/store";

/** The fixed messages of docs/decisions/0016-production-stages.md: each says what to do instead. */
export const PRODUCTION_MESSAGES = {
  stage: "Stage must be one of queued, printing, finishing, packed or dispatched.",
  filter: "Filter the queue by one of queued, printing, finishing or packed.",
  dispatchedByTracking: "An order is dispatched by adding its tracking: save a carrier and tracking number instead.",
  alreadyDispatched: "This order has already been dispatched, so its stage can no longer change.",
  oneStep: (from: OrderStage, to: OrderStage) =>
    `An order moves one stage at a time: from ${from} it can go only to the stage just before or after it, not to ${to}.`,
  dispatchBy: "The dispatch date must be a real date written YYYY-MM-DD.",
  dispatchByPast: "The dispatch date cannot be in the past (UK time): choose today or a later day.",
  sameDispatchBy: "This order is already due for dispatch by that day: choose a different date.",
  dateAlreadyDispatched: "This order has already been dispatched, so its dispatch date can no longer move.",
  reason: "Give a reason for the new dispatch date: the shopper is told it by email.",
  reasonTooLong: "The reason must be at most 500 characters.",
  queueCursor: "This cursor is not one the To make queue gave. Start again from the first page (leave out cursor).",
} as const;

/** POST /api/admin/orders/{id}/stage. Any text parses; which moves are allowed is the service's rule. */
export const stageRequestSchema = z.object(
  { stage: z.enum(ORDER_STAGES, { error: PRODUCTION_MESSAGES.stage }) },
  { error: PRODUCTION_MESSAGES.stage },
);

/** POST /api/admin/orders/{id}/dispatch-date. Whether the day is past is the service's check (it owns the clock). */
export const dispatchDateRequestSchema = z.object(
  {
    dispatch_by: z.string({ error: PRODUCTION_MESSAGES.dispatchBy }).refine(isUkDay, PRODUCTION_MESSAGES.dispatchBy),
    reason: z
      .string({ error: PRODUCTION_MESSAGES.reason })
      .trim()
      .min(1, { error: PRODUCTION_MESSAGES.reason })
      .max(500, { error: PRODUCTION_MESSAGES.reasonTooLong }),
  },
  { error: PRODUCTION_MESSAGES.dispatchBy },
);
export type DispatchDateRequest = z.infer<typeof dispatchDateRequestSchema>;

/** Where the queue's next page starts, as X-Next-Cursor carries it: opaque to callers, readable here only. */
export function encodeQueueCursor({ dispatchBy, createdAt, rowid }: QueuePosition): string {
  return encodePageCursor([dispatchBy, createdAt, rowid]);
}

function readQueuePosition(value: unknown[]): QueuePosition | null {
  if (value.length !== 3) return null;
  const [dispatchBy, createdAt, rowid] = value;
  if (dispatchBy !== null && !(typeof dispatchBy === "string" && isUkDay(dispatchBy))) return null;
  return isStoredMoment(createdAt) && isRowid(rowid) ? { dispatchBy, createdAt, rowid } : null;
}

/**
 * GET /api/admin/orders/to-make?stage=…&cursor=…: the optional filter, one of the stages an order waits in, and where
 * the page starts (the previous page's X-Next-Cursor; none: the first page).
 */
export const toMakeQuerySchema = z.object({
  stage: z.enum(MAKING_STAGES, { error: PRODUCTION_MESSAGES.filter }).optional(),
  cursor: cursorField(readQueuePosition, PRODUCTION_MESSAGES.queueCursor),
});

/** One order in the owner's "To make" queue: what to make, for whom, by when, with the shopper's uploads. */
export type ToMakeOrder = OrderProduction & {
  id: string;
  created_at: string;
  shipping_name: string | null;
  email: string | null;
  /** A gift order's note card (docs/decisions/0049-gift-orders.md), so the maker knows the parcel is a gift; null when not. */
  gift: Gift | null;
  /** dispatch_by is before today in the UK. */
  overdue: boolean;
  items: { product_id: string; product_name: string; quantity: number; meta: OrderItemMeta }[];
};
