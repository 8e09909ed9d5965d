import type { Database } from "bun:sqlite";
import { MAX_VOUCHER_VALID_MONTHS } from "../../../shared/gift-voucher";
import { readKeyDates } from "../../../shared/key-dates";
import { writeTransaction } from "../../db/transaction";
import { BadRequest } from "../../errors";
import {
  type ConfigKey,
  MAX_FEATURED_PRODUCTS,
  MAX_LEAD_TIME_DAYS,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_UPLOAD_RETENTION_DAYS,
  type Project,
} from "../content/model";
import { CONFIG_MESSAGES, type ConfigInput, isLinkTarget, type ProjectInput } from "./model";
import { plainLine } from "./plain-line";
import { sanitiseHeroDescription } from "./sanitise";
import { isShopIdentityKey, normaliseShopIdentity } from "./shop-identity-rules";

/** £1,000,000 in pence: far above any real fee, low enough to stay an exact integer everywhere. */
const MAX_PENCE = 100_000_000;
const MAX_HERO_DESCRIPTION = 5000;
const MAX_CTA_TEXT = 80;

export type AdminContentService = ReturnType<typeof createAdminContentService>;

/** The owner's writes to projects and configuration; reads go through the public content service. */
export function createAdminContentService(db: Database) {
  const upsertProject = db.query<Project, [string, string, string, string | null, string | null, string | null, number]>(
    `INSERT INTO projects (id, title, description, image_url, link_url, link_label, sort) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET title = excluded.title, description = excluded.description, image_url = excluded.image_url,
       link_url = excluded.link_url, link_label = excluded.link_label, sort = excluded.sort
     RETURNING id, title, description, image_url, link_url, link_label, sort`,
  );
  const upsertConfig = db.query<unknown, [string, string]>(
    `INSERT INTO configuration (key, value) VALUES (?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  );
  const productExists = db.query<{ id: string }, [string]>("SELECT id FROM products WHERE id = ?");

  /** Each key's rule (docs/product.md#configuration-keys, docs/product.md#configuration): what is stored is always the clean form. */
  function normalise(key: ConfigKey, raw: string): string {
    if (isShopIdentityKey(key)) return normaliseShopIdentity(key, raw);
    switch (key) {
      case "delivery_fee":
        return wholePence(raw, "Please enter a valid delivery fee amount");
      case "free_delivery_threshold":
        return wholePence(raw, "Please enter a valid free delivery threshold amount");
      case "featured_products": {
        const ids = featuredIds(raw);
        const unknown = ids.filter((id) => !productExists.get(id));
        if (unknown.length > 0) throw new BadRequest(`Featured products must be ids of existing products: ${unknown.join(", ")}.`);
        return JSON.stringify(ids);
      }
      case "hero_description":
        if (raw.length > MAX_HERO_DESCRIPTION) {
          throw new BadRequest(`The hero description must be at most ${MAX_HERO_DESCRIPTION} characters.`);
        }
        return sanitiseHeroDescription(raw);
      case "hero_image_url":
        return linkOrBlank(raw, "The hero image must be a path like /media/hero.jpg or an http(s):// address.");
      case "hero_cta_link":
        return linkOrBlank(raw, "The button link must be a path like /products or an http(s):// address.");
      case "hero_cta_text":
        return plainLine(raw, "The button text", MAX_CTA_TEXT);
      case "default_lead_time_days":
        return wholeNumber(raw, MAX_LEAD_TIME_DAYS, CONFIG_MESSAGES.badLeadTime);
      case "dispatch_cut_off_hour":
        return wholeNumber(raw, 23, CONFIG_MESSAGES.badCutOffHour);
      case "key_dates": {
        const read = readKeyDates(raw);
        if ("problem" in read) throw new BadRequest(read.problem);
        return JSON.stringify(read.dates);
      }
      case "low_stock_threshold":
        return wholeNumber(raw, MAX_LOW_STOCK_THRESHOLD, CONFIG_MESSAGES.badLowStockThreshold);
      case "voucher_valid_months": {
        const months = wholeNumber(raw, MAX_VOUCHER_VALID_MONTHS, CONFIG_MESSAGES.badVoucherValidity);
        if (months === "0") throw new BadRequest(CONFIG_MESSAGES.badVoucherValidity);
        return months;
      }
      case "vouchers_with_discount_codes":
        if (raw !== "yes" && raw !== "no") throw new BadRequest(CONFIG_MESSAGES.badVouchersWithCodes);
        return raw;
      case "upload_retention_days": {
        const days = wholeNumber(raw, MAX_UPLOAD_RETENTION_DAYS, CONFIG_MESSAGES.badUploadRetention);
        if (days === "0") throw new BadRequest(CONFIG_MESSAGES.badUploadRetention);
        return days;
      }
    }
  }

  return {
    saveProject(project: ProjectInput): Project {
      const { id, title, description, image_url, link_url, link_label, sort } = project;
      return writeTransaction(db, () => upsertProject.get(id, title, description, image_url, link_url, link_label, sort)!);
    },

    /** False when there was no such project. */
    deleteProject(id: string): boolean {
      return writeTransaction(db, () => db.query("DELETE FROM projects WHERE id = ?").run(id).changes > 0);
    },

    /** Validates, cleans and stores one setting; the featured products check reads inside the same transaction. */
    saveConfig({ key, value }: ConfigInput): ConfigInput {
      return writeTransaction(db, () => {
        const stored = normalise(key, value);
        upsertConfig.run(key, stored);
        return { key, value: stored };
      });
    },
  };
}

function wholePence(raw: string, message: string): string {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) > MAX_PENCE) throw new BadRequest(message);
  return String(Number(text));
}

function wholeNumber(raw: string, max: number, message: string): string {
  const text = raw.trim();
  if (!/^\d{1,6}$/.test(text) || Number(text) > max) throw new BadRequest(message);
  return String(Number(text));
}

/**
 * The admin sends a JSON array; a person typing into the field sends "a, b".
 * Either way: trimmed, blanks dropped, repeats dropped, first three kept.
 */
function featuredIds(raw: string): string[] {
  const parts = idList(raw.trim());
  if (!parts) {
    throw new BadRequest('Featured products must be a list of product ids, like ["planter", "relief-map"] or planter, relief-map.');
  }
  const ids = parts.map((id) => id.trim()).filter((id) => id !== "");
  return [...new Set(ids)].slice(0, MAX_FEATURED_PRODUCTS);
}

function idList(text: string): string[] | null {
  if (!text.startsWith("[")) return text.split(",");
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((id) => typeof id === "string") ? value : null;
  } catch {
    return null;
  }
}

function linkOrBlank(raw: string, message: string): string {
  const text = raw.trim();
  if (text !== "" && (text.length > 2000 || !isLinkTarget(text))) throw new BadRequest(message);
  return text;
}
