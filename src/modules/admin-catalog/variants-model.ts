import { z } from "zod";
import { BadRequest } from "../../errors";
import { parseOrBadRequest } from "../validate";
import { countOrNull, expectedStockSchema, idText, isBlank, isObject, MESSAGES, penceSchema, sortOrderSchema } from "./model-parts";

export const variantIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,95}$/, {
  error: "Variant id must be 1 to 96 letters, digits, hyphens or underscores.",
});

const variantFields = {
  name: z.string({ error: "Variant name must be text." }).trim().max(200, { error: "Variant name can be at most 200 characters." }),
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

export const adminVariantSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative().nullable(),
  sort_order: z.number().int(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;
