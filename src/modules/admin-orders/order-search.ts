import { z } from "zod";

const MAX_SEARCH = 100;

/**
 * GET /api/admin/orders?q=&status=&page=. Every field is optional: a caller that passes nothing gets the spec's
 * plain list (every order, newest first), so only a search, a status or a page narrows it to one page.
 */
export const orderSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(MAX_SEARCH, { error: `The search must be at most ${MAX_SEARCH} characters.` })
    .optional(),
  status: z.enum(["paid", "fulfilled", "canceled"], { error: "Status must be paid, fulfilled or canceled." }).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: "The page must be a whole number from 1." })
    .transform(Number)
    .optional(),
});
export type OrderSearch = z.infer<typeof orderSearchSchema>;

/** LIKE treats % and _ as wildcards: a search for "50%" means the characters themselves. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The WHERE clause and its values for a search: name, email, reference or postcode (a postcode matches with or
 * without its space, in any case, as people type it), and the status.
 */
export function orderSearchWhere({ q, status }: OrderSearch): { where: string; values: string[] } {
  const clauses: string[] = [];
  const values: string[] = [];
  if (q) {
    clauses.push(
      `(o.shipping_name LIKE ?1 ESCAPE '\\' OR o.email LIKE ?1 ESCAPE '\\' OR o.id LIKE ?1 ESCAPE '\\'
        OR replace(upper(o.shipping_postal_code), ' ', '') LIKE replace(upper(?1), ' ', '') ESCAPE '\\')`,
    );
    values.push(likeText(q));
  }
  if (status) {
    clauses.push(`o.status = ?${values.length + 1}`);
    values.push(status);
  }
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", values };
}
