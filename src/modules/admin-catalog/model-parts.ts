import { z } from "zod";
import { LEAD_TIME_RULE } from "../content/model";

/**
 * What the owner's catalogue models share (products-model.ts, images-model.ts,
 * variants-model.ts, categories-model.ts): the texts of docs/product.md#product-editor and
 * the field rules more than one of them uses.
 */

/** Texts of docs/product.md#product-editor (word for word) and the API's own refusals. */
export const MESSAGES = {
  productMissing: "Please provide an id, name, and price before saving.",
  badPrice: "Price must be a valid non-negative number.",
  wholePence: "Price must be a whole number of pence.",
  badMaxQty: "Max online quantity must be a whole number or blank.",
  badStock: "Stock must be a whole number or blank for unlimited.",
  unknownCategory: "Choose a category that exists, or No category.",
  productNotFound: "Product not found.",
  saveProductFirst: "Please save the product first before adding images.",
  variantMissing: "Please provide a variant name and price.",
  variantNotFound: "Variant not found.",
  baseVariant: "The base variant cannot be removed.",
  imageNotFound: "Image not found.",
  categoryMissing: "Please provide an id and name before saving.",
  badSort: "Sort must be a number.",
  categoryNotFound: "Category not found.",
  stockAtZero: "Stock is already 0.",
  unlimitedStock: "This product has unlimited stock. Set a number in the editor first.",
  stockMoved: "Stock changed since you opened this product: reload to see the current figure",
  badExpectedStock: "Expected stock must be the figure the editor loaded: a whole number, or blank for unlimited.",
  badLeadTime: `${LEAD_TIME_RULE}, or blank for the shop default.`,
  badStatus: 'Status must be "draft" or "live".',
} as const;

export const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Form inputs may arrive as strings; plain decimal text counts as its number.
export const numeric = (value: unknown) => (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

/** Ids as text; anything that is not text or a number becomes "" so the id's own rule explains the problem. */
export const idText = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");

/** Pence: a non-negative whole number. A fraction is refused, never silently rounded. */
export const penceSchema = z.preprocess(
  numeric,
  z
    .number({ error: MESSAGES.badPrice })
    .min(0, { error: MESSAGES.badPrice })
    .max(Number.MAX_SAFE_INTEGER, { error: MESSAGES.badPrice })
    .int({ error: MESSAGES.wholePence }),
);

/** A count ≥ 0, or null when blank (unlimited stock, no quantity cap). */
export const countOrNull = (message: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? null : numeric(value)),
    z.number({ error: message }).int({ error: message }).min(0, { error: message }).nullable(),
  );

/**
 * The stock figure the editor loaded, sent beside `stock` so a save can tell
 * whether the owner changed it (see stock-edit.ts). Absent stays absent: a
 * client that sends only `stock` sets it, as the product save call always did
 * (docs/product.md#owner-calls).
 */
export const expectedStockSchema = z.preprocess(
  (value) => (value === undefined ? undefined : isBlank(value) ? null : numeric(value)),
  z
    .number({ error: MESSAGES.badExpectedStock })
    .int({ error: MESSAGES.badExpectedStock })
    .min(0, { error: MESSAGES.badExpectedStock })
    .nullable()
    .optional(),
);

export const flagSchema = (label: string) =>
  z.preprocess(
    (value) => (value === true || value === 1 ? 1 : value === false || value === 0 || isBlank(value) ? 0 : value),
    z.literal([0, 1], { error: `${label} must be true or false.` }),
  );

const MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Pictures come from our own /media (uploads) or an https address; nothing else can reach a page. */
export const imageUrlSchema = z
  .string({ error: "Send the picture's address as image_url." })
  .trim()
  .max(2000, { error: "Image URL can be at most 2000 characters." })
  .refine((url) => (MEDIA_PATH.test(url) && !url.includes("..")) || isHttpsUrl(url), {
    error: "Image URL must be a /media/… path from an upload or an https:// address.",
  });

function isHttpsUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
}

/** Where a picture or a variant sits in its list. */
export const sortOrderSchema = z
  .number({ error: "Sort order must be a whole number." })
  .int({ error: "Sort order must be a whole number." })
  .min(-1_000_000_000, { error: "Sort order must be a whole number." })
  .max(1_000_000_000, { error: "Sort order must be a whole number." });
