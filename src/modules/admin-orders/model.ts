import { z } from "zod";
import type { OrderProduction } from "../../../shared/order-stages";
import type { Order, OrderRefund } from "../orders/model";
import type { SummaryRow } from "../orders/store";
import type { DashboardFigures } from "./dashboard-figures";
import type { RefundLeft } from "./refund-left";

export const ORDER_NOT_FOUND = "Order not found.";
export const ORDER_CANCELLED = "This order is cancelled and cannot be updated.";
export const ORDER_ALREADY_CANCELLED = "This order is already cancelled.";
const TRACKING_REQUIRED = "Add a carrier and tracking number before finalizing shipment.";
const TRACKING_URL = "The tracking link must start with http:// or https://.";
const STATUS = "Status must be paid, fulfilled or canceled.";

/** An absolute http(s) address and nothing else: no javascript:, no "http:host" shorthand, no spaces. */
function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\/[^\s<>"'\\]+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== "";
  } catch {
    return false;
  }
}

const flag = (name: string) =>
  z
    .boolean({ error: `${name} must be true or false.` })
    .optional()
    .default(false);

/** POST /api/admin/orders/{id}/tracking. A blank url means "no link". */
export const trackingRequestSchema = z.object(
  {
    carrier: z
      .string({ error: TRACKING_REQUIRED })
      .trim()
      .min(1, { error: TRACKING_REQUIRED })
      .max(100, { error: "The carrier must be at most 100 characters." }),
    number: z
      .string({ error: TRACKING_REQUIRED })
      .trim()
      .min(1, { error: TRACKING_REQUIRED })
      .max(100, { error: "The tracking number must be at most 100 characters." }),
    url: z
      .string({ error: TRACKING_URL })
      .trim()
      .max(2000, { error: "The tracking link must be at most 2000 characters." })
      .refine((url) => url === "" || isHttpUrl(url), { error: TRACKING_URL })
      .nullish()
      .transform((url) => url || null),
    forceResend: flag("forceResend"),
  },
  { error: TRACKING_REQUIRED },
);
export type TrackingRequest = z.infer<typeof trackingRequestSchema>;

const ORDER_STATUSES = ["paid", "fulfilled", "canceled"] as const;

/** POST /api/admin/orders/{id}/status. restock only means something with 'canceled'. */
export const statusRequestSchema = z.object(
  {
    status: z.enum(ORDER_STATUSES, { error: STATUS }),
    forceResend: flag("forceResend"),
    restock: flag("restock"),
  },
  { error: STATUS },
);
export type StatusRequest = z.infer<typeof statusRequestSchema>;

/** The reasons of the "Tracking email result" table (docs/product.md#tracking-email-reasons). */
type TrackingEmailReason =
  | "not-fulfilled"
  | "missing-tracking"
  | "missing-email"
  | "already-sent"
  | "smtp-not-configured"
  | "not-found"
  | "send-failed"
  | "claim-error";

/**
 * What one tracking call did about the email. `sent` is true only for an email
 * that left the shop; the outbox delivers later, so an email put in it answers
 * `queued: true` (delivery configured) or the 'smtp-not-configured' reason.
 */
export type TrackingEmailResult = { sent: boolean; queued?: true; reason?: TrackingEmailReason; error?: string };

/**
 * How the owner reads an outbox row: sent; queued for the configured mailer;
 * not sent because email is not set up (it goes out once it is); failed.
 */
export type EmailDelivery = "queued" | "not-sent" | "sent" | "failed";

/**
 * One row of GET /api/admin/orders: the row the order store reads for the list (`SummaryRow`, its one list of
 * fields), with the refund flag as a boolean and the stage facts read for the page at once. item_count counts
 * units, not lines.
 */
export type AdminOrderSummary = OrderProduction &
  Omit<SummaryRow, "list_rowid" | "refund_required" | "stage" | "gift"> & { refund_required: boolean; gift: boolean };

export type AdminOrderEmail = {
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  delivery: EmailDelivery;
  /**
   * 'smtp-not-configured' while the email is not sent because email is not set up; otherwise null
   * (docs/product.md#tracking-email-reasons).
   */
  reason: "smtp-not-configured" | null;
};

/** GET /api/admin/orders/{id}: the whole order plus what only the owner needs. */
/** A refund as the owner reads it: with its own balance transaction from Stripe, null until read (decision 0050). */
type AdminOrderRefund = OrderRefund & { fee_cents: number | null; balance_transaction: string | null };

export type AdminOrderDetail = Omit<Order, "refunds"> & {
  refunds: AdminOrderRefund[];
  restocked: boolean;
  canceled_at: string | null;
  payment_provider: string;
  /**
   * The payment's fee and what the shop received, in pence: Stripe's balance transaction ("stripe"), the published
   * UK card rate on the demo checkout ("demo"), or null while Stripe has not settled it (decision 0050).
   */
  fee_cents: number | null;
  net_cents: number | null;
  fee_source: "stripe" | "demo" | null;
  emails: AdminOrderEmail[];
  /** What is left to refund and how it goes back: the gift voucher's part first, then the card's (`refund-left.ts`). */
  refund_left: RefundLeft;
  /** The newest tracking email, or null: what the shipment's status line and "send again" go by. */
  tracking_email: AdminOrderEmail | null;
};

export type DashboardStats = DashboardFigures & {
  orders: number;
  products: number;
  projects: number;
  activeCustomRequests: number;
  recentOrders: AdminOrderSummary[];
  /** Orders flagged refund_required and not yet refunded in full, oldest first. */
  refundsDue: AdminOrderSummary[];
};
