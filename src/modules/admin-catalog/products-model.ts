import { z } from "zod";
import { PRODUCT_KINDS } from "../../../shared/gift-voucher";
import { BadRequest } from "../../errors";
import { cursorField } from "../../http/page-cursor";
import { productIdSchema } from "../catalog/model";
import { MAX_LEAD_TIME_DAYS } from "../content/model";
import { parseOrBadRequest } from "../validate";
import { adminImageSchema } from "./images-model";
import {
  countOrNull,
  expectedStockSchema,
  flagSchema,
  idText,
  imageUrlSchema,
  isBlank,
  isObject,
  MESSAGES,
  numeric,
  penceSchema,
} from "./model-parts";
import { adminVariantSchema } from "./variants-model";

/** Draft: the owner's alone; live: in the shop (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md). */
const PRODUCT_STATUSES = ["draft", "live"] as const;

export type { ProductKind } from "../../../shared/gift-voucher";
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

const productSaveSchema = z.object({
  id: z.preprocess(idText, productIdSchema),
  name: z.string({ error: "Name must be text." }).trim().max(200, { error: "Name can be at most 200 characters." }),
  price_cents: penceSchema,
  max_online_qty: countOrNull(MESSAGES.badMaxQty),
  stock: countOrNull(MESSAGES.badStock),
  expected_stock: expectedStockSchema,
  description: z.preprocess(
    (value) => value ?? "",
    z.string({ error: "Description must be text." }).max(10_000, { error: "Description can be at most 10,000 characters." }),
  ),
  currency: z.preprocess(
    (value) => (isBlank(value) ? "gbp" : typeof value === "string" ? value.trim().toLowerCase() : value),
    z.string({ error: "Currency must be text." }).regex(/^[a-z]{3}$/, { error: "Currency must be a three-letter code such as gbp." }),
  ),
  // Absent keeps what is stored; blank clears it.
  image_url: z.preprocess((value) => (value !== undefined && isBlank(value) ? null : value), imageUrlSchema.nullable().optional()),
  requires_gpx: flagSchema("Requires GPX upload"),
  requires_image: flagSchema("Requires image upload"),
  // Priced from the shopper's own model (docs/decisions/0042-instant-prices-calls-and-checkout.md). Absent keeps what is
  // stored, so an editor that does not show the switch never clears it.
  requires_model: z.preprocess((value) => (value === undefined ? undefined : value), flagSchema("Requires a 3D model").optional()),
  // Paying opens a question with the shop's renders as the proof (docs/decisions/0048-order-holds.md). Absent keeps
  // what is stored, like requires_model.
  proof_before_making: flagSchema("Proof before making").optional(),
  category_id: z.preprocess(
    (value) => (isBlank(value) ? null : value),
    z.string({ error: MESSAGES.unknownCategory }).max(64, { error: MESSAGES.unknownCategory }).nullable(),
  ),
  // Working days to dispatch (docs/decisions/0015-working-days.md). Absent keeps what is stored (the editor sends it
  // only when changed); blank is the shop default.
  lead_time_days: z.preprocess(
    (value) => (value === undefined ? undefined : isBlank(value) ? null : numeric(value)),
    z
      .number({ error: MESSAGES.badLeadTime })
      .int({ error: MESSAGES.badLeadTime })
      .min(0, { error: MESSAGES.badLeadTime })
      .max(MAX_LEAD_TIME_DAYS, { error: MESSAGES.badLeadTime })
      .nullable()
      .optional(),
  ),
  // Absent keeps what is stored (a new product is live unless it says draft).
  status: z.enum(PRODUCT_STATUSES, { error: MESSAGES.badStatus }).optional(),
  // A gift voucher or a thing to make (docs/decisions/0054-gift-vouchers.md). Absent keeps what is stored; a new product is an item.
  kind: z.enum(PRODUCT_KINDS, { error: 'The kind must be "item" or "voucher".' }).optional(),
});
export type ProductSave = z.infer<typeof productSaveSchema>;

/** The "required" check of docs/product.md#product-editor comes first, then each field in the order of the form. */
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

/** The admin product of docs/product.md#product-and-variant: the row as stored plus its gallery and variants. */
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
  requires_model: z.literal([0, 1]),
  /** Paying opens a question for the shopper's approval of a proof before the order is made. */
  proof_before_making: z.literal([0, 1]),
  category_id: z.string().nullable(),
  /** Working days to dispatch; null = the shop's default_lead_time_days. */
  lead_time_days: z.number().int().nonnegative().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  /** "voucher" sells a gift voucher (docs/decisions/0054-gift-vouchers.md); "item" anything else. */
  kind: z.enum(PRODUCT_KINDS),
  images: z.array(adminImageSchema),
  variants: z.array(adminVariantSchema),
});

export type AdminProduct = z.infer<typeof adminProductSchema>;

/** Products per page of the owner's list: the server answers at most this many, and X-Next-Cursor when more follow. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/** Where the owner's product list's next page starts: after this product, in name order (any case), its id breaking ties. */
export type ProductPosition = { name: string; id: string };

const MAX_PRODUCT_SEARCH = 100;
export const PRODUCT_LIST_MESSAGES = {
  badCursor: "This cursor is not one the products list gave. Start again from the first page (leave out cursor).",
  longSearch: `The search must be at most ${MAX_PRODUCT_SEARCH} characters.`,
} as const;

/** A name of up to 200 characters and an id, as JSON in base64url: up to 4 bytes a character, a third more again. */
const LONGEST_PRODUCT_CURSOR = 1_200;

function readProductPosition(value: unknown[]): ProductPosition | null {
  if (value.length !== 2) return null;
  const [name, id] = value;
  return typeof name === "string" && name.length <= 200 && typeof id === "string" && productIdSchema.safeParse(id).success
    ? { name, id }
    : null;
}

/**
 * GET /api/admin/products?q=&cursor=: nothing passed is the first page of every product in name order, as the spec's
 * plain call answers; `q` keeps the products whose name or id holds the text, in any case of A–Z
 * (docs/decisions/0064-the-owner-s-products-paged.md).
 */
export const adminProductListQuerySchema = z.object({
  q: z.string().trim().max(MAX_PRODUCT_SEARCH, { error: PRODUCT_LIST_MESSAGES.longSearch }).optional(),
  cursor: cursorField(readProductPosition, PRODUCT_LIST_MESSAGES.badCursor, LONGEST_PRODUCT_CURSOR),
});
