import { z } from "zod";

/** Most units one checkout may hold; far above any real basket, low enough to bound the work. */
export const MAX_CHECKOUT_UNITS = 200;

const optionalText = z.string().trim().max(200).optional();

/** One entry per unit (spec section 7). Prices are never read from the client. */
export const checkoutEntrySchema = z.object({
  id: z.string({ error: "Each item needs a product id." }).trim().min(1, { error: "Each item needs a product id." }).max(64),
  productName: optionalText,
  variantId: optionalText,
  variantName: optionalText,
  gpxToken: optionalText,
  imageToken: optionalText,
});
export type CheckoutEntry = z.infer<typeof checkoutEntrySchema>;

export const checkoutRequestSchema = z.object(
  {
    items: z
      .array(checkoutEntrySchema, { error: "Send the basket as { items: [...] }." })
      .min(1, { error: "Your basket is empty." })
      .max(MAX_CHECKOUT_UNITS, { error: `A single checkout can hold at most ${MAX_CHECKOUT_UNITS} items.` }),
  },
  { error: "Send the basket as { items: [...] }." },
);

export const confirmRequestSchema = z.object(
  { id: z.string({ error: "Send the checkout session id as { id }." }).trim().min(1).max(255) },
  { error: "Send the checkout session id as { id }." },
);

export const sessionIdSchema = z
  .string({ error: "A checkout session id is required." })
  .regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: "That is not a checkout session id." });

/** GET /api/checkout/session: the fields of spec section 3 plus the order, once there is one. */
export type CheckoutSessionView = {
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  customer_email: string | null;
  currency: string;
  amount_total: number;
  line_items: { description: string; quantity: number; amount_total: number; currency: string }[];
  order_id: string | null;
};
