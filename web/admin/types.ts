/**
 * What the admin API answers (spec sections 3 and 7), as the server's own
 * modules define it. Type-only imports: nothing from src/ reaches the bundle.
 */
import type { AdminCategory } from "../../src/modules/admin-catalog/categories-model";
import type { AdminImage } from "../../src/modules/admin-catalog/images-model";
import type { AdminProduct } from "../../src/modules/admin-catalog/products-model";
import type { AdminVariant } from "../../src/modules/admin-catalog/variants-model";
import type {
  AdminOrderDetail,
  AdminOrderEmail,
  AdminOrderSummary,
  DashboardStats,
  TrackingEmailResult,
} from "../../src/modules/admin-orders/model";
import type { ToMakeOrder } from "../../src/modules/admin-orders/production-model";
import type { CustomRequest } from "../../src/modules/admin-requests/model";
import type { ConfigKey, Project } from "../../src/modules/content/model";
import type { QuoteLine, QuoteStatus } from "../../src/modules/quotes/model";

export type {
  AdminImage as AdminProductImage,
  AdminOrderEmail as OrderEmail,
  AdminOrderSummary as OrderListItem,
  AdminProduct,
  AdminVariant,
  CustomRequest,
  DashboardStats,
  Project,
  ToMakeOrder,
  TrackingEmailResult,
};
export type Category = AdminCategory;

/** GET /api/admin/configuration: every key as text. */
export type Configuration = Partial<Record<ConfigKey, string>>;

/** Spec section 4: the owner can set any of these at any time (mirrors admin-requests/model). */
export const CUSTOM_REQUEST_STATUSES = ["open", "in_progress", "completed", "cancelled"] as const;

/**
 * One quote version as GET /api/admin/custom-requests/{id} lists it (issue 13's
 * call contract). Written here until the server's module exports its own type.
 */
export type AdminQuote = {
  id: string;
  version: number;
  status: QuoteStatus;
  lines: QuoteLine[];
  delivery_cents: number;
  total_cents: number;
  lead_time_days: number;
  valid_until: string;
  message: string | null;
  shopper_message: string | null;
  responded_at: string | null;
  created_at: string;
  order_id: string | null;
};
export type { QuoteStatus };

/** GET /api/admin/custom-requests/{id}: the request and its quotes, newest first (absent on a server without them). */
export type CustomRequestDetail = CustomRequest & { quotes?: AdminQuote[] };

/** The request an order was paid from (issue 13's contract): its attachments download through the admin. */
export type OrderCustomRequest = {
  id: string;
  name: string;
  quote_id: string;
  attachments: { id: string; filename: string; download_url: string }[];
};

/** GET /api/admin/orders/{id}; `custom_request` is absent on a server without quotes. */
export type AdminOrder = AdminOrderDetail & { custom_request?: OrderCustomRequest | null };
