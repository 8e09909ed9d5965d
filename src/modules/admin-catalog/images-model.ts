import { z } from "zod";
import { imageUrlSchema, numeric, sortOrderSchema } from "./model-parts";

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

export const adminImageSchema = z.object({ id: z.number().int(), image_url: z.string(), sort_order: z.number().int() });

export type AdminImage = z.infer<typeof adminImageSchema>;
