import type { Database } from "bun:sqlite";
import { DEFAULT_VOUCHER_VALID_MONTHS, MAX_VOUCHER_VALID_MONTHS } from "../../../shared/gift-voucher";
import { type KeyDate, readKeyDates } from "../../../shared/key-dates";
import type { ShopIdentity } from "../../../shared/shop-info";
import { createShownVersion, type ShownVersion } from "../../db/shown-version";
import {
  CONFIG_DEFAULTS,
  type ConfigKey,
  DEFAULT_UPLOAD_RETENTION_DAYS,
  type DeliverySettings,
  type DispatchSettings,
  type HeroBanner,
  MAX_FEATURED_PRODUCTS,
  MAX_LEAD_TIME_DAYS,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_UPLOAD_RETENTION_DAYS,
  type Project,
} from "./model";
import { shopIdentityFrom } from "./shop-identity";

export type ContentService = ReturnType<typeof createContentService>;

/**
 * Projects for the home carousel and the shop's key/value configuration. Every made page reads the
 * configuration (the shop's name, the sharing picture, the dispatch settings), so it is read once per
 * change to what pages show (`shown.readOnce`; the shop's own secret keys are not among CONFIG_DEFAULTS).
 */
export function createContentService(db: Database, shown: ShownVersion) {
  const allProjects = db.query<Project, []>(
    "SELECT id, title, description, image_url, link_url, link_label, sort FROM projects ORDER BY sort, title COLLATE NOCASE",
  );
  const allConfig = db.query<{ key: string; value: string }, []>("SELECT key, value FROM configuration");

  const readConfig = shown.readOnce((): Readonly<Record<ConfigKey, string>> => {
    const config = { ...CONFIG_DEFAULTS };
    for (const { key, value } of allConfig.all()) {
      if (key in config) config[key as ConfigKey] = value;
    }
    return Object.freeze(config);
  });

  return {
    listProjects(): Project[] {
      return allProjects.all();
    },

    readConfig,

    deliverySettings(): DeliverySettings {
      const config = readConfig();
      return {
        deliveryFeePence: wholePence(config.delivery_fee, 500),
        freeDeliveryThresholdPence: wholePence(config.free_delivery_threshold, 0),
      };
    },

    /** The dashboard's low-stock list holds items with this many or fewer left (docs/decisions/0018-takings-and-export.md). */
    lowStockThreshold(): number {
      return wholeInRange(readConfig().low_stock_threshold, MAX_LOW_STOCK_THRESHOLD, Number(CONFIG_DEFAULTS.low_stock_threshold));
    },

    /** What a stored value that is not a whole number in range would mean: the default (the admin never stores one). */
    dispatchSettings(): DispatchSettings {
      const config = readConfig();
      return {
        defaultLeadTimeDays: wholeInRange(config.default_lead_time_days, MAX_LEAD_TIME_DAYS, 3),
        cutOffHour: wholeInRange(config.dispatch_cut_off_hour, 23, 14),
        keyDates: storedKeyDates(config.key_dates),
      };
    },

    /**
     * Days a dispatched order's files are kept; a stored value out of range (never stored by the admin) means the
     * default (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
     */
    fileRetentionDays(): number {
      const days = wholeInRange(readConfig().upload_retention_days, MAX_UPLOAD_RETENTION_DAYS, DEFAULT_UPLOAD_RETENTION_DAYS);
      return days >= 1 ? days : DEFAULT_UPLOAD_RETENTION_DAYS;
    },

    /** Months a gift voucher sold now is valid, 1–120; anything else stored means the default (docs/decisions/0054-gift-vouchers.md). */
    voucherValidMonths(): number {
      const months = wholeInRange(readConfig().voucher_valid_months, MAX_VOUCHER_VALID_MONTHS, DEFAULT_VOUCHER_VALID_MONTHS);
      return months >= 1 ? months : DEFAULT_VOUCHER_VALID_MONTHS;
    },

    /** Whether one order may take a discount code and a gift voucher together; anything but "no" means yes (decision 0054). */
    vouchersWithDiscountCodes(): boolean {
      return readConfig().vouchers_with_discount_codes !== "no";
    },

    /** At most three ids, in the owner's order; anything unparseable counts as none. */
    featuredProductIds(): string[] {
      return parseFeatured(readConfig().featured_products);
    },

    shopIdentity(): ShopIdentity {
      return shopIdentityFrom(readConfig());
    },

    heroBanner(): HeroBanner {
      const { hero_description, hero_image_url, hero_cta_text, hero_cta_link } = readConfig();
      return { hero_description, hero_image_url, hero_cta_text, hero_cta_link };
    },
  };
}

function wholePence(text: string, fallback: number): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : fallback;
}

function wholeInRange(text: string, max: number, fallback: number): number {
  const value = wholePence(text, fallback);
  return value <= max ? value : fallback;
}

function parseFeatured(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter((id): id is string => typeof id === "string" && id.trim() !== "")
      .map((id) => id.trim())
      .slice(0, MAX_FEATURED_PRODUCTS);
  } catch {
    return [];
  }
}

/** The shop's identity at this moment, for an email rendered inside another module's transaction. */
export function readShopIdentity(db: Database): ShopIdentity {
  return createContentService(db, createShownVersion(db)).shopIdentity();
}

/** The owner's key dates as stored (checked when saved); a value the admin never stored reads as none. */
function storedKeyDates(text: string): KeyDate[] {
  const read = readKeyDates(text);
  return "dates" in read ? read.dates : [];
}
