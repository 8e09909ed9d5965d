import { z } from "zod";
import { isUkDay } from "../../../shared/uk-day";
import { cursorField } from "../../http/page-cursor";

export const DISCOUNT_CODE_NOT_FOUND = "There is no discount code with that name.";

const CODE_RULE = "A discount code must be 3 to 32 letters, digits, hyphens or underscores.";

/**
 * A discount code as the shop knows it: trimmed and upper case, because codes
 * are case-insensitive (" summer10 " is SUMMER10). Only the schemas at the HTTP
 * edge make one, through `asDiscountCode` (the checkout's `discountCode`, the
 * basket check's `code`, the owner's save and delete), so every service below
 * compares, prices and stores it as it is and never normalises it again. The
 * column is `discount_code` on checkouts and orders, `code` on discount_codes.
 */
export type DiscountCodeName = string & z.$brand<"DiscountCodeName">;

/** The one normalisation of a typed code: the given text rule (trimmed, its own messages), then upper case. */
export const asDiscountCode = (text: z.ZodString) => text.toUpperCase().brand<"DiscountCodeName">();

/** The owner's code: stored upper case, and strict about what a code may be. */
export const discountCodeText = asDiscountCode(
  z
    .string({ error: CODE_RULE })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, { error: CODE_RULE }),
);

const optionalDay = (what: string) =>
  z
    .string({ error: `The ${what} date must be a day written YYYY-MM-DD, e.g. 2026-12-01.` })
    .trim()
    .refine((text) => text === "" || isUkDay(text), { error: `The ${what} date must be a real day written YYYY-MM-DD, e.g. 2026-12-01.` })
    .nullish()
    .transform((text) => text || null);

const optionalWhole = (message: string, min: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(100_000_000, { error: message }).nullish();

/**
 * POST /api/admin/discount-codes: the full record every time, created or
 * replaced by its code (the use count is kept). Exactly one of percent_off and
 * amount_off_cents.
 */
export const discountCodeInputSchema = z
  .object(
    {
      code: discountCodeText,
      percent_off: z
        .number({ error: "The percentage off must be a whole number from 1 to 100." })
        .int({ error: "The percentage off must be a whole number from 1 to 100." })
        .min(1, { error: "The percentage off must be a whole number from 1 to 100." })
        .max(100, { error: "The percentage off must be a whole number from 1 to 100." })
        .nullish(),
      amount_off_cents: optionalWhole("The amount off must be a whole number of pence above 0.", 1),
      min_subtotal_cents: optionalWhole("The minimum subtotal must be a whole number of pence, 0 or more.", 0),
      starts_on: optionalDay("start"),
      ends_on: optionalDay("end"),
      max_uses: optionalWhole("The use limit must be a whole number above 0, or left empty for no limit.", 1),
      active: z.boolean({ error: "Say whether the code is active with true or false." }),
    },
    { error: "Send the discount code as { code, percent_off or amount_off_cents, active, … }." },
  )
  .refine((input) => (input.percent_off == null) !== (input.amount_off_cents == null), {
    error: "Give either a percentage off or an amount off, not both and not neither.",
  })
  .refine((input) => !input.starts_on || !input.ends_on || input.starts_on <= input.ends_on, {
    error: "The end date must be on or after the start date.",
  });
export type DiscountCodeInput = z.infer<typeof discountCodeInputSchema>;

/** A code as the admin API answers it. */
export type DiscountCode = {
  code: DiscountCodeName;
  percent_off: number | null;
  amount_off_cents: number | null;
  min_subtotal_cents: number | null;
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  uses: number;
  active: boolean;
  created_at: string;
  updated_at: string;
};

/** Codes per page of the owner's list: the server answers at most this many, and X-Next-Cursor when more follow. */
export const DISCOUNT_CODES_PAGE_SIZE = 100;

const BAD_CURSOR = "This cursor is not one the discount codes list gave. Start again from the first page (leave out cursor).";

/**
 * GET /api/admin/discount-codes?cursor=: nothing passed is the first page, in code order; the cursor is the last code
 * of the page before (docs/decisions/0059-every-list-bounded.md).
 */
export const discountCodeListQuerySchema = z.object({
  cursor: cursorField((value) => {
    // A code as the list writes it: already upper case and trimmed.
    const code = value.length === 1 ? discountCodeText.safeParse(value[0]) : null;
    return code?.success && code.data === value[0] ? code.data : null;
  }, BAD_CURSOR),
});
