import { z } from "zod";
import { BadRequest } from "../../errors";
import { productIdSchema } from "../catalog/model";
import { parseOrBadRequest } from "../validate";

/** Texts of spec section 5 (word for word) and the API's own refusals. */
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
} as const;

// ---------------------------------------------------------------- shared pieces

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Form inputs may arrive as strings; plain decimal text counts as its number.
const numeric = (value: unknown) =>
  typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;

/** Ids as text; anything that is not text or a number becomes "" so the id's own rule explains the problem. */
const idText = (value: unknown) =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";

/** Pence: a non-negative whole number. A fraction is refused, never silently rounded. */
const penceSchema = z.preprocess(
  numeric,
  z
    .number({ error: MESSAGES.badPrice })
    .min(0, { error: MESSAGES.badPrice })
    .max(Number.MAX_SAFE_INTEGER, { error: MESSAGES.badPrice })
    .int({ error: MESSAGES.wholePence }),
);

/** A count ≥ 0, or null when blank (unlimited stock, no quantity cap). */
const countOrNull = (message: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? null : numeric(value)),
    z.number({ error: message }).int({ error: message }).min(0, { error: message }).nullable(),
  );

/**
 * The stock figure the editor loaded, sent beside `stock` so a save can tell
 * whether the owner changed it (see stock-edit.ts). Absent stays absent: a
 * client that sends only `stock` sets it, as the spec's API always did.
 */
const expectedStockSchema = z.preprocess(
  (value) => (value === undefined ? undefined : isBlank(value) ? null : numeric(value)),
  z
    .number({ error: MESSAGES.badExpectedStock })
    .int({ error: MESSAGES.badExpectedStock })
    .min(0, { error: MESSAGES.badExpectedStock })
    .nullable()
    .optional(),
);

const flagSchema = (label: string) =>
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

// ---------------------------------------------------------------- products

const productSaveSchema = z.object({
  id: z.preprocess(idText, productIdSchema),
  name: z.string({ error: "Name must be text." }).trim().max(200, { error: "Name can be at most 200 characters." }),
  price_cents: penceSchema,
  max_online_qty: countOrNull(MESSAGES.badMaxQty),
  stock: countOrNull(MESSAGES.badStock),
  expected_stock: expectedStockSchema,
  description: z.preprocess(
    (value) => value ?? "",
    z
      .string({ error: "Description must be text." })
      .max(10_000, { error: "Description can be at most 10,000 characters." }),
  ),
  currency: z.preprocess(
    (value) => (isBlank(value) ? "gbp" : typeof value === "string" ? value.trim().toLowerCase() : value),
    z.string({ error: "Currency must be text." }).regex(/^[a-z]{3}$/, { error: "Currency must be a three-letter code such as gbp." }),
  ),
  // Absent keeps what is stored; blank clears it.
  image_url: z.preprocess((value) => (value !== undefined && isBlank(value) ? null : value), imageUrlSchema.nullable().optional()),
  requires_gpx: flagSchema("Requires GPX upload"),
  requires_image: flagSchema("Requires image upload"),
  category_id: z.preprocess(
    (value) => (isBlank(value) ? null : value),
    z.string({ error: MESSAGES.unknownCategory }).max(64, { error: MESSAGES.unknownCategory }).nullable(),
  ),
});
export type ProductSave = z.infer<typeof productSaveSchema>;

/** The spec's "required" check comes first, then each field in the order of the form. */
export function parseProductSave(body: unknown): ProductSave {
  if (!isObject(body)) throw new BadRequest("Send the product as a JSON object.");
  if (isBlank(body.id) || isBlank(body.name) || isBlank(body.price_cents)) throw new BadRequest(MESSAGES.productMissing);
  return parseOrBadRequest(productSaveSchema, body);
}

export const stockAdjustSchema = z.object(
  {
    id: z.string({ error: "Send the product id and the change as { id, delta }." }).pipe(productIdSchema),
    delta: z
      .number({ error: "Delta must be a whole number from -1000 to 1000." })
      .int({ error: "Delta must be a whole number from -1000 to 1000." })
      .min(-1000, { error: "Delta must be a whole number from -1000 to 1000." })
      .max(1000, { error: "Delta must be a whole number from -1000 to 1000." }),
  },
  { error: "Send the product id and the change as { id, delta }." },
);

// ---------------------------------------------------------------- images

const sortOrderSchema = z
  .number({ error: "Sort order must be a whole number." })
  .int({ error: "Sort order must be a whole number." })
  .min(-1_000_000_000, { error: "Sort order must be a whole number." })
  .max(1_000_000_000, { error: "Sort order must be a whole number." });

export const imageAddSchema = z.object(
  {
    image_url: imageUrlSchema,
    sort_order: z.preprocess((value) => (value === null ? undefined : value), sortOrderSchema.optional()),
  },
  { error: "Send the picture as { image_url, sort_order }." },
);

const imageIdSchema = z
  .number({ error: "Each image needs its numeric id." })
  .int({ error: "Each image needs its numeric id." })
  .positive({ error: "Each image needs its numeric id." });

export const imageReorderSchema = z.object(
  {
    imageOrders: z
      .array(z.object({ id: imageIdSchema, sort_order: sortOrderSchema }, { error: "Each entry needs { id, sort_order }." }), {
        error: "Send the new order as { imageOrders: [{ id, sort_order }] }.",
      })
      .max(1000, { error: "At most 1000 images can be reordered at once." })
      .refine((orders) => new Set(orders.map((order) => order.id)).size === orders.length, {
        error: "Each image may appear only once in imageOrders.",
      }),
  },
  { error: "Send the new order as { imageOrders: [{ id, sort_order }] }." },
);

/** Path ids of images are the database's integers. */
export const imagePathIdSchema = z.preprocess(numeric, imageIdSchema);

// ---------------------------------------------------------------- variants

export const variantIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,95}$/, {
    error: "Variant id must be 1 to 96 letters, digits, hyphens or underscores.",
  });

const variantFields = {
  name: z
    .string({ error: "Variant name must be text." })
    .trim()
    .max(200, { error: "Variant name can be at most 200 characters." }),
  price_cents: penceSchema,
  stock: countOrNull(MESSAGES.badStock),
};

const variantAddSchema = z.object({
  id: z.preprocess((value) => (isBlank(value) ? undefined : idText(value)), variantIdSchema.optional()),
  ...variantFields,
});
const variantEditSchema = z.object({ ...variantFields, expected_stock: expectedStockSchema, sort_order: sortOrderSchema.optional() });
export type VariantAdd = z.infer<typeof variantAddSchema>;
export type VariantEdit = z.infer<typeof variantEditSchema>;

function requireVariantBasics(body: unknown): asserts body is Record<string, unknown> {
  if (!isObject(body)) throw new BadRequest("Send the variant as a JSON object.");
  if (isBlank(body.name) || isBlank(body.price_cents)) throw new BadRequest(MESSAGES.variantMissing);
}

export function parseVariantAdd(body: unknown): VariantAdd {
  requireVariantBasics(body);
  return parseOrBadRequest(variantAddSchema, body);
}

export function parseVariantEdit(body: unknown): VariantEdit {
  requireVariantBasics(body);
  return parseOrBadRequest(variantEditSchema, body);
}

// ---------------------------------------------------------------- categories

export const categoryIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, {
    error: "Category id must be 1 to 64 letters, digits, hyphens or underscores.",
  });

const categorySaveSchema = z.object({
  id: z.preprocess(idText, categoryIdSchema),
  name: z
    .string({ error: "Category name must be text." })
    .trim()
    .max(100, { error: "Category name can be at most 100 characters." }),
  // Blank means 0 (spec section 5); the column is a whole number.
  sort: z.preprocess(
    (value) => (isBlank(value) ? 0 : numeric(value)),
    z
      .number({ error: MESSAGES.badSort })
      .int({ error: "Sort must be a whole number." })
      .min(-1_000_000, { error: "Sort must be between -1,000,000 and 1,000,000." })
      .max(1_000_000, { error: "Sort must be between -1,000,000 and 1,000,000." }),
  ),
});
export type CategorySave = z.infer<typeof categorySaveSchema>;

export function parseCategorySave(body: unknown): CategorySave {
  if (!isObject(body)) throw new BadRequest("Send the category as a JSON object.");
  if (isBlank(body.id) || isBlank(body.name)) throw new BadRequest(MESSAGES.categoryMissing);
  return parseOrBadRequest(categorySaveSchema, body);
}

// ---------------------------------------------------------------- answers

export const adminImageSchema = z.object({ id: z.number().int(), image_url: z.string(), sort_order: z.number().int() });

export const adminVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative().nullable(),
  sort_order: z.number().int(),
});

/** The admin product of spec section 3: the row as stored plus its gallery and variants. */
export const adminProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int().nonnegative(),
  currency: z.string(),
  image_url: z.string().nullable(),
  max_online_qty: z.number().int().nonnegative().nullable(),
  stock: z.number().int().nonnegative().nullable(),
  requires_gpx: z.literal([0, 1]),
  requires_image: z.literal([0, 1]),
  category_id: z.string().nullable(),
  images: z.array(adminImageSchema),
  variants: z.array(adminVariantSchema),
});

export type AdminImage = z.infer<typeof adminImageSchema>;
export type AdminVariant = z.infer<typeof adminVariantSchema>;
export type AdminProduct = z.infer<typeof adminProductSchema>;
export type AdminCategory = { id: string; name: string; sort: number };
