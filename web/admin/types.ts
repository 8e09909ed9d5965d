/**
 * What the admin API answers (docs/product.md#records,
 * docs/product.md#owner-calls), as the server's own modules define it. Type-only
 * imports: nothing from src/ reaches the bundle. Each type keeps the name the server gives it.
 */
import type { AdminCategory } from "../../src/modules/admin-catalog/categories-model";
import type { AdminImage } from "../../src/modules/admin-catalog/images-model";
import type { AdminProduct, ProductStatus } from "../../src/modules/admin-catalog/products-model";
import type { AdminVariant } from "../../src/modules/admin-catalog/variants-model";
import type {
  AdminOrderDetail,
  AdminOrderEmail,
  AdminOrderSummary,
  DashboardStats,
  TrackingEmailResult,
} from "../../src/modules/admin-orders/model";
import type { ToMakeOrder } from "../../src/modules/admin-orders/production-model";
import type { CustomRequest, QuoteDraft, CustomRequestDetail as RequestWithDraft } from "../../src/modules/admin-requests/model";
import type { AlertSettingsView } from "../../src/modules/alerts/store";
import type { ConfigKey, Project } from "../../src/modules/content/model";
import type { AdminQuote, OrderCustomRequest, QuoteStatus } from "../../src/modules/quotes/model";

export type {
  AdminCategory,
  AdminImage,
  AdminOrderEmail,
  AdminOrderSummary,
  AdminProduct,
  AdminVariant,
  AlertSettingsView,
  CustomRequest,
  DashboardStats,
  ProductStatus,
  Project,
  ToMakeOrder,
  TrackingEmailResult,
};

/** GET /api/admin/configuration: every key as text. */
export type Configuration = Partial<Record<ConfigKey, string>>;
export type { ConfigKey };

/** The owner can set any of these at any time (docs/product.md#request-status); mirrors admin-requests/model. */
export const CUSTOM_REQUEST_STATUSES = ["open", "in_progress", "completed", "cancelled"] as const;

export type { AdminQuote, OrderCustomRequest, QuoteStatus };

/**
 * GET /api/admin/custom-requests/{id}: the request and its quotes, newest first, and the quote draft "Ask for a
 * price" filled in from a model's estimate (null for a request sent through the form).
 */
export type CustomRequestDetail = RequestWithDraft & { quotes: AdminQuote[] };
export type { QuoteDraft };

/** GET /api/admin/orders/{id}: `custom_request` is the request a quoted order was paid from, else null. */
export type AdminOrder = AdminOrderDetail & { custom_request: OrderCustomRequest | null };
