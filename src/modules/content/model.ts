import { z } from "zod";
import { DEFAULT_VOUCHER_VALID_MONTHS } from "../../../shared/gift-voucher";
import type { KeyDate } from "../../../shared/key-dates";
import { SHOP_IDENTITY_DEFAULTS, SHOP_IDENTITY_KEYS } from "./shop-identity";

export const projectSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  link_url: z.string().nullable(),
  link_label: z.string().nullable(),
  sort: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

/**
 * Days a dispatched order's files are kept (src/jobs/remove-dispatched-files.ts,
 * docs/decisions/0023-customer-files-kept-no-longer-than-needed.md), from 1 to 3650 (ten years).
 */
export const DEFAULT_UPLOAD_RETENTION_DAYS = 90;
export const MAX_UPLOAD_RETENTION_DAYS = 3650;

/** The configuration keys of docs/product.md#configuration-keys, all stored as text. */
export const CONFIG_KEYS = [
  "delivery_fee",
  "free_delivery_threshold",
  "featured_products",
  "hero_description",
  "hero_image_url",
  "hero_cta_text",
  "hero_cta_link",
  "default_lead_time_days",
  "dispatch_cut_off_hour",
  "key_dates",
  "low_stock_threshold",
  ...SHOP_IDENTITY_KEYS,
  "upload_retention_days",
  "voucher_valid_months",
  "vouchers_with_discount_codes",
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/**
 * £5.00 flat delivery, free delivery off, nothing featured (docs/product.md#delivery); 3 working days, 2pm cut-off
 * (docs/decisions/0015-working-days.md).
 */
export const CONFIG_DEFAULTS: Record<ConfigKey, string> = {
  delivery_fee: "500",
  free_delivery_threshold: "0",
  featured_products: "[]",
  hero_description: "",
  hero_image_url: "",
  hero_cta_text: "",
  hero_cta_link: "",
  default_lead_time_days: "3",
  dispatch_cut_off_hour: "14",
  // The dates gift buyers order for, shown with each product's last order day (docs/decisions/0049-gift-orders.md).
  key_dates: "[]",
  // The dashboard lists items with this many or fewer left (docs/decisions/0018-takings-and-export.md).
  low_stock_threshold: "3",
  upload_retention_days: String(DEFAULT_UPLOAD_RETENTION_DAYS),
  // How long a gift voucher sold from now on is valid (docs/decisions/0054-gift-vouchers.md).
  voucher_valid_months: String(DEFAULT_VOUCHER_VALID_MONTHS),
  // Whether one order may take a discount code and a gift voucher together: "yes" or "no" (decision 0054).
  vouchers_with_discount_codes: "yes",
  ...SHOP_IDENTITY_DEFAULTS,
};

export const MAX_FEATURED_PRODUCTS = 3;

const heroBannerSchema = z.object({
  hero_description: z.string(),
  hero_image_url: z.string(),
  hero_cta_text: z.string(),
  hero_cta_link: z.string(),
});
export type HeroBanner = z.infer<typeof heroBannerSchema>;

/** GET /api/configuration/delivery-fee: numeric strings in pence. */
const deliveryFeeSchema = z.object({
  delivery_fee: z.string().regex(/^\d+$/),
  free_delivery_threshold: z.string().regex(/^\d+$/),
});
export type DeliveryFeeAnswer = z.infer<typeof deliveryFeeSchema>;

/** The same settings as numbers, for code that does arithmetic with them. */
export type DeliverySettings = { deliveryFeePence: number; freeDeliveryThresholdPence: number };

/**
 * A product without its own lead time takes the default; orders from the cut-off hour (UK time) on count from the next
 * working day (docs/decisions/0015-working-days.md).
 */
export type DispatchSettings = { defaultLeadTimeDays: number; cutOffHour: number; keyDates: KeyDate[] };
/** The longest a product, the shop's default or a quote may promise to take (decision 0027: one cap, one wording). */
export const MAX_LEAD_TIME_DAYS = 365;
/** The lead-time rule in words, which every refusal of a lead time starts with. */
export const LEAD_TIME_RULE = `Lead time must be a whole number of working days from 0 to ${MAX_LEAD_TIME_DAYS}`;
export const MAX_LOW_STOCK_THRESHOLD = 1000;
