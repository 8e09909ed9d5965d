/** The short list of reasons the owner picks a refund's from (migration 0015's CHECK holds the same), with their words. */
export const REFUND_REASON_LABELS = {
  requested_by_customer: "Requested by the customer",
  damaged: "Arrived damaged",
  not_as_described: "Not as described",
  late: "Late or could not be fulfilled",
  out_of_stock: "Out of stock",
  duplicate: "Duplicate payment",
  other: "Other",
} as const;

export type RefundReason = keyof typeof REFUND_REASON_LABELS;

export const REFUND_REASONS = Object.keys(REFUND_REASON_LABELS) as [RefundReason, ...RefundReason[]];
