import { z } from "zod";
import { REFUND_REASONS } from "../../../shared/refund-reasons";

const AMOUNT = "Enter the amount to refund in whole pence, at least 1.";
const REASON = "Choose a reason: requested_by_customer, damaged, not_as_described, late, out_of_stock, duplicate or other.";
const RESTOCK_LINE = "Each item to put back needs a product_id and a quantity of at least 1.";

/** POST /api/admin/orders/{id}/refund. */
export const refundRequestSchema = z.object(
  {
    amount_cents: z.number({ error: AMOUNT }).int({ error: AMOUNT }).min(1, { error: AMOUNT }).max(100_000_000, { error: AMOUNT }),
    reason: z.enum(REFUND_REASONS, { error: REASON }),
    note: z
      .string({ error: "The note must be text." })
      .trim()
      .max(500, { error: "The note must be at most 500 characters." })
      .nullish()
      .transform((note) => note || null),
    restock: z
      .array(
        z.object(
          {
            product_id: z.string({ error: RESTOCK_LINE }).min(1, { error: RESTOCK_LINE }),
            variant_id: z
              .string({ error: RESTOCK_LINE })
              .nullish()
              .transform((id) => id || null),
            quantity: z.number({ error: RESTOCK_LINE }).int({ error: RESTOCK_LINE }).min(1, { error: RESTOCK_LINE }),
          },
          { error: RESTOCK_LINE },
        ),
        { error: "restock must be a list of items to put back." },
      )
      .max(100, { error: "restock must be a list of items to put back." })
      .optional()
      .default([]),
  },
  { error: AMOUNT },
);
export type RefundRequest = z.infer<typeof refundRequestSchema>;
