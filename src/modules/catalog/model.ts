import { z } from "zod";
import { PRODUCT_KINDS } from "../../../shared/gift-voucher";

/** Ids are chosen by the owner: short, URL-safe, case-sensitive. */
export const productIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, {
  error: "Product id must be 1 to 64 letters, digits, hyphens or underscores.",
});

const variantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative().nullable(),
  sort_order: z.number().int(),
});

const productImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
});

/** The public catalogue product of docs/product.md#product-and-variant. Money in pence. */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  unitAmount: z.number().int().nonnegative(),
  currency: z.string(),
  imageUrl: z.string().nullable(),
  images: z.array(productImageSchema),
  stock: z.number().int().nonnegative().nullable(),
  maxOnlineQty: z.number().int().nonnegative().nullable(),
  requiresGpx: z.boolean(),
  requiresImage: z.boolean(),
  /** Priced from the shopper's own 3D model (POST /api/models/upload and /api/models/price). */
  requiresModel: z.boolean(),
  /** The shopper is asked to approve a proof before it is made (docs/decisions/0048-order-holds.md). */
  proofBeforeMaking: z.boolean(),
  /** "voucher": a gift voucher, bought with `voucher: { amount_pence, … }` on its basket line (docs/decisions/0054-gift-vouchers.md). */
  kind: z.enum(PRODUCT_KINDS),
  categoryId: z.string().nullable(),
  variants: z.array(variantSchema),
  /** Working days from order to dispatch: the product's own, or the shop's default (docs/product.md#lead-times). */
  leadTimeDays: z.number().int().nonnegative(),
  /** The UK day ("YYYY-MM-DD") an order placed now is promised to be dispatched by. */
  dispatchBy: z.string(),
  /** The key dates shown now and the last day to order this product for each (docs/decisions/0049-gift-orders.md). */
  order_by: z.array(z.object({ name: z.string(), date: z.string(), last_order_day: z.string() })),
});

export type Variant = z.infer<typeof variantSchema>;
export type ProductImage = z.infer<typeof productImageSchema>;
export type Product = z.infer<typeof productSchema>;

/** A product shared between readers (the product list kept per version): neither it nor its pictures or variants can change. */
export function freezeProduct(product: Product): Product {
  for (const image of product.images) Object.freeze(image);
  for (const variant of product.variants) Object.freeze(variant);
  Object.freeze(product.images);
  Object.freeze(product.variants);
  return Object.freeze(product);
}
