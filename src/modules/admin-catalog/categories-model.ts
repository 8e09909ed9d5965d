import { z } from "zod";
import { BadRequest } from "../../errors";
import { parseOrBadRequest } from "../validate";
import { idText, isBlank, isObject, MESSAGES, numeric } from "./model-parts";

export const categoryIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, {
  error: "Category id must be 1 to 64 letters, digits, hyphens or underscores.",
});

const categorySaveSchema = z.object({
  id: z.preprocess(idText, categoryIdSchema),
  name: z.string({ error: "Category name must be text." }).trim().max(100, { error: "Category name can be at most 100 characters." }),
  // Blank means 0 (docs/product.md#categories); the column is a whole number.
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

export type AdminCategory = { id: string; name: string; sort: number };
