import { z } from "zod";
import { CONFIG_KEYS, type ConfigKey } from "../content/model";

export const PROJECT_NOT_FOUND = "Project not found.";
const ID_AND_TITLE = "Provide an id and title before saving.";
const UNKNOWN_KEY = "Unknown configuration key.";

/**
 * Where a project image, link or hero button may point: a path on this site
 * ("/products", not "//elsewhere") or an absolute http(s) address. Anything
 * else (javascript:, data:, a bare word) is refused before it reaches a page.
 */
export function isLinkTarget(text: string): boolean {
  if (/^\/(?![/\\])[^\s<>"'\\]*$/.test(text)) return true;
  if (!/^https?:\/\/[^\s<>"'\\]+$/i.test(text)) return false;
  try {
    return new URL(text).hostname !== "";
  } catch {
    return false;
  }
}

/** Blank (or null) means "none"; anything else must be a link target. */
const optionalLink = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, { error: message })
    .refine((text) => text === "" || isLinkTarget(text), { error: message })
    .nullish()
    .transform((text) => text || null);

/**
 * Project save: the full record every time (docs/product.md#projects). Sort is
 * parsed as an integer and falls back to 0, as the editor does; below 0 (the
 * input's minimum) it is 0, and it is capped so it always fits the column.
 */
export const projectInputSchema = z.object(
  {
    id: z
      .string({ error: ID_AND_TITLE })
      .trim()
      .min(1, { error: ID_AND_TITLE })
      .max(64, { error: "The project id must be at most 64 characters." }),
    title: z
      .string({ error: ID_AND_TITLE })
      .trim()
      .min(1, { error: ID_AND_TITLE })
      .max(200, { error: "The title must be at most 200 characters." }),
    description: z
      .string({ error: "The description must be text." })
      .max(5000, { error: "The description must be at most 5000 characters." })
      .nullish()
      .transform((text) => text?.trim() ?? ""),
    image_url: optionalLink("The image must be a path like /media/picture.jpg or an http(s):// address."),
    link_url: optionalLink("The link must be a path like /products or an http(s):// address."),
    link_label: z
      .string({ error: "The link label must be text." })
      .trim()
      .max(100, { error: "The link label must be at most 100 characters." })
      .nullish()
      .transform((text) => text || null),
    sort: z.unknown().optional().transform(parseSort),
  },
  { error: ID_AND_TITLE },
);
export type ProjectInput = z.infer<typeof projectInputSchema>;

const MAX_SORT = 1_000_000;

function parseSort(value: unknown): number {
  const parsed = typeof value === "number" || typeof value === "string" ? Number.parseInt(String(value), 10) : Number.NaN;
  if (!Number.isFinite(parsed)) return 0;
  return Math.min(Math.max(parsed, 0), MAX_SORT);
}

/**
 * The dispatch promise's two settings (docs/decisions/0015-working-days.md), and how long customers' files are kept
 * after dispatch (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
 */
export const CONFIG_MESSAGES = {
  badLeadTime: "Enter the default lead time as a whole number of working days from 0 to 365.",
  badCutOffHour: "Enter the cut-off as a whole hour from 0 to 23 (UK time), such as 14 for 2pm.",
  badLowStockThreshold: "Enter the low-stock threshold as a whole number of items from 0 to 1000.",
  badVoucherValidity: "Enter how long a gift voucher is valid as a whole number of months from 1 to 120.",
  badVouchersWithCodes: "Say yes or no: may one order take both a discount code and a gift voucher?",
  badUploadRetention: "Enter how long to keep customers' files after dispatch as a whole number of days from 1 to 3650.",
} as const;

const SETTING_SHAPE = "Send one setting as { key, value }, with the value as text.";

/** POST /api/admin/configuration: one key per call (docs/product.md#owner-calls). Numbers are taken as their text. */
export const configInputSchema = z
  .object(
    {
      key: z.enum(CONFIG_KEYS, { error: UNKNOWN_KEY }),
      value: z.union([z.string(), z.number(), z.array(z.unknown())], { error: SETTING_SHAPE }),
    },
    { error: SETTING_SHAPE },
  )
  // Only a list entry (the key dates, docs/decisions/0049-gift-orders.md) may come as the list itself, beside its JSON text.
  .check((context) => {
    const { key, value } = context.value;
    if (Array.isArray(value) && key !== "key_dates") context.issues.push({ code: "custom", message: SETTING_SHAPE, input: value });
  })
  .transform(({ key, value }) => ({ key, value: Array.isArray(value) ? JSON.stringify(value) : String(value) }));
export type ConfigInput = { key: ConfigKey; value: string };
