import type { ConfigKey } from "../types";
import { MONEY, type NumberKind, wholeNumbers } from "./NumberSetting";

/** One numeric configuration entry: where it is stored, its default, how it is typed, and what it says. */
export type NumberSettingSpec = {
  configKey: ConfigKey;
  /** What the shop uses while nothing (or no number) is stored. */
  fallback: number;
  kind: NumberKind;
  label: string;
  /** The hint before "Now …". */
  hint: string;
  invalid: string;
  saved: string;
  failed: string;
};

/** The Delivery Settings card's money (docs/product.md#configuration). */
export const DELIVERY_FEE: NumberSettingSpec = {
  configKey: "delivery_fee",
  fallback: 500,
  kind: MONEY,
  label: "Flat Delivery Fee (£)",
  hint: "Added to every order.",
  invalid: "Please enter a valid delivery fee amount",
  saved: "Delivery fee saved successfully!",
  failed: "Failed to save delivery fee",
};

export const FREE_DELIVERY_THRESHOLD: NumberSettingSpec = {
  configKey: "free_delivery_threshold",
  fallback: 0,
  kind: MONEY,
  label: "Free Delivery Threshold (£)",
  hint: "Orders of at least this much ship free. 0 turns free delivery off.",
  invalid: "Please enter a valid free delivery threshold amount",
  saved: "Free delivery threshold saved successfully!",
  failed: "Failed to save free delivery threshold",
};

/** What the dispatch date promised before purchase is worked out from (docs/decisions/0015-working-days.md). */
export const DISPATCH_SETTINGS: NumberSettingSpec[] = [
  {
    configKey: "default_lead_time_days",
    fallback: 3,
    kind: wholeNumbers(365),
    label: "Default lead time (working days)",
    hint: "Working days from order to dispatch for products without their own lead time. Working days are Monday to Friday outside the bank holidays of England and Wales.",
    invalid: "Enter the default lead time as a whole number of working days from 0 to 365.",
    saved: "Default lead time saved.",
    failed: "Failed to save the default lead time",
  },
  {
    configKey: "dispatch_cut_off_hour",
    fallback: 14,
    kind: wholeNumbers(23),
    label: "Order cut-off hour (UK time)",
    hint: "Orders placed from this hour (0–23, e.g. 14 for 2pm) count from the next working day.",
    invalid: "Enter the cut-off as a whole hour from 0 to 23 (UK time), such as 14 for 2pm.",
    saved: "Cut-off hour saved.",
    failed: "Failed to save the cut-off hour",
  },
];

/** The dashboard lists products and variants with this many or fewer left (docs/decisions/0018-takings-and-export.md). */
export const LOW_STOCK_SETTINGS: NumberSettingSpec[] = [
  {
    configKey: "low_stock_threshold",
    fallback: 3,
    kind: wholeNumbers(1000),
    label: "Low-stock threshold (items)",
    hint: "The dashboard lists products and variants with this many or fewer left. Products with unlimited stock are never listed.",
    invalid: "Enter the low-stock threshold as a whole number of items from 0 to 1000.",
    saved: "Low-stock threshold saved.",
    failed: "Failed to save the low-stock threshold",
  },
];

/**
 * How long a dispatched order's files (routes, photos, a quoted order's request files) are kept
 * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
 */
export const FILE_RETENTION_SETTINGS: NumberSettingSpec[] = [
  {
    configKey: "upload_retention_days",
    fallback: 90,
    kind: wholeNumbers(3650, 1),
    label: "Keep files after dispatch (days)",
    hint: "Shoppers' routes and photos, and the files sent with a quoted request, are deleted this many days after their order is dispatched; the order then says the file was deleted. The privacy notice states it.",
    invalid: "Enter how long to keep customers' files after dispatch as a whole number of days from 1 to 3650.",
    saved: "File retention saved.",
    failed: "Failed to save the file retention",
  },
];

/** How long a gift voucher sold from now on can be spent; the policies page says so (docs/decisions/0054-gift-vouchers.md). */
export const VOUCHER_VALIDITY: NumberSettingSpec = {
  configKey: "voucher_valid_months",
  fallback: 24,
  kind: wholeNumbers(120, 1),
  label: "Gift vouchers are valid for (months)",
  hint: "Counted from the day a voucher is paid for; vouchers already sold keep their date. The policies page says so.",
  invalid: "Enter how long a gift voucher is valid as a whole number of months from 1 to 120.",
  saved: "Gift voucher validity saved.",
  failed: "Failed to save the gift voucher validity",
};
