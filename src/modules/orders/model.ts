import { z } from "zod";
import type { Gift } from "../../../shared/gift";
import type { OrderProduction } from "../../../shared/order-stages";
import type { ShippingAddress } from "../../../shared/order-view";
import type { RemovedFile } from "../../../shared/removed-file";

/** The dashboard's figures name it here until their statements move into the order store (decision 0030). */
export { TO_DISPATCH } from "./store";

/** Spec: more than 10 look-ups a minute from one address is someone guessing. */
export const LOOKUPS_PER_MINUTE = 10;
export const TOO_MANY_LOOKUPS = "Too many attempts. Please wait a minute and try again.";

/** What an order item's meta may carry (docs/product.md#order). */
const orderItemMetaSchema = z.object({
  variantId: z.string().optional(),
  variantName: z.string().optional(),
  gpxToken: z.string().optional(),
  gpxName: z.string().optional(),
  imageToken: z.string().optional(),
  imageName: z.string().optional(),
  /**
   * A shopper's own model (docs/decisions/0042-instant-prices-calls-and-checkout.md): its upload's token and file
   * name, the material (id and name) and colour it was priced in, the scale, the analysis at that scale, and the
   * estimate's grams and printing hours for the whole line (the dispatch promise counts the hours).
   */
  modelToken: z.string().optional(),
  modelName: z.string().optional(),
  material: z.string().optional(),
  materialName: z.string().optional(),
  colour: z.string().optional(),
  scale: z.number().optional(),
  analysis: z
    .object({
      volume_mm3: z.number(),
      area_mm2: z.number(),
      bbox_mm: z.tuple([z.number(), z.number(), z.number()]),
      shells: z.number(),
      watertight: z.boolean(),
      overhang_fraction: z.number(),
      units_suspect: z.boolean(),
    })
    .optional(),
  grams: z.number().optional(),
  hours: z.number().optional(),
  /** The line came from this quote (decision 0014): its product_id is the quote's id, not a product. */
  quoteId: z.string().optional(),
  /** A gift voucher bought (docs/decisions/0054-gift-vouchers.md): its amount and who it is emailed to, on which day. */
  voucher: z
    .object({
      amount_pence: z.number(),
      recipient_email: z.string().optional(),
      send_on: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
});
export type OrderItemMeta = z.infer<typeof orderItemMetaSchema>;

export type OrderItem = {
  product_id: string;
  product_name: string;
  unit_price_cents: number;
  quantity: number;
  /**
   * Units of this line put back on the shelf by a refund or a cancel, so no longer sent (decision 0024);
   * every order read from the database carries it, a line made up for an email preview may leave it out.
   */
  restocked?: number;
  meta: OrderItemMeta;
};

/** Money given back (decision 0017), oldest first; `note` is the owner's own words. */
export type OrderRefund = { amount_cents: number; reason: string; note: string | null; at: string };

/** An order with every field of docs/product.md#order, and where it is in the making (decision 0016). Money in pence. */
export type Order = OrderProduction &
  ShippingAddress & {
    id: string;
    status: string;
    created_at: string;
    amount_cents: number;
    subtotal_cents: number;
    delivery_cents: number;
    /** The discount code the order was priced with (decision 0020), and what it took off the subtotal. */
    discount_code: string | null;
    discount_cents: number;
    /** A gift order's note card, printed with the packing slip (docs/decisions/0049-gift-orders.md); null when not a gift. */
    gift: Gift | null;
    /** What a gift voucher paid of the order, delivery included (docs/decisions/0054-gift-vouchers.md); 0 without one. */
    voucher_cents: number;
    currency: string;
    email: string | null;
    billing_name: string | null;
    billing_line1: string | null;
    billing_line2: string | null;
    billing_city: string | null;
    billing_postal_code: string | null;
    billing_country: string | null;
    tracking_carrier: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
    tracking_notified_at: string | null;
    payment_session_id: string;
    refund_required: boolean;
    /** Paid after its checkout gave back its use of the code, when every use was taken meanwhile (decision 0025): the owner's to settle. */
    discount_over_limit: boolean;
    /** The sum of `refunds`, in pence. */
    refunded_cents: number;
    refunds: OrderRefund[];
    items: OrderItem[];
    /** Files deleted after dispatch (decision 0023); the order says so where their links and pictures were. */
    removed_files: RemovedFile[];
  };
