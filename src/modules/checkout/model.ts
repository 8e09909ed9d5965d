import { z } from "zod";
import { GIFT_MESSAGES, type Gift, giftFromProblem, giftMessageProblem, tidyGiftText } from "../../../shared/gift";
import { normaliseVoucherCode, VOUCHER_MESSAGE_MAX, VOUCHER_MESSAGES } from "../../../shared/gift-voucher";
import { isUkDay } from "../../../shared/uk-day";
import { asDiscountCode } from "../discount-codes/model";

/** Most units one checkout may hold; far above any real basket, low enough to bound the work. */
export const MAX_CHECKOUT_UNITS = 200;

/**
 * What one address may do, so nobody can hold the shelves empty.
 * A real shopper makes a handful of checkouts; 20 in 10 minutes and 20 units
 * held at once leave them plenty (docs/decisions/0006).
 */
export const CHECKOUTS_PER_WINDOW = 20;
export const CHECKOUT_WINDOW_MS = 10 * 60_000;
export const MAX_HELD_UNITS_PER_ADDRESS = 20;
/** Session and confirm calls each may cost a provider request; the success page asks about 15 times in its first minute. */
export const SESSION_CHECKS_PER_MINUTE = 30;

export const CHECKOUT_MESSAGES = {
  tooManyCheckouts: "Too many checkouts have been started from your connection. Please wait a few minutes and try again.",
  tooManySessionChecks: "Too many payment checks from your connection. Please wait a minute and try again.",
  basketTooBig: `One checkout can hold at most ${MAX_HELD_UNITS_PER_ADDRESS} items. Remove some from your basket, or send us a custom request for a larger order.`,
  alreadyHolding: (held: number) =>
    `You already have ${held} ${held === 1 ? "item" : "items"} held in unfinished checkouts, and at most ${MAX_HELD_UNITS_PER_ADDRESS} can be held at a time. Pay for or cancel that checkout first, or try again once its items are released.`,
  replaced: "This checkout was replaced by a newer one from the same basket. Go back to your basket and check out again.",
  basketIdMissing: "Send the basket's Basket-Id header to see what its checkouts hold.",
  providerUnreachable: "We couldn't reach the payment provider to check this payment. Please try again in a moment.",
} as const;

/** A model line is priced again at checkout and refused when that price is not the one the shopper was shown (0042). */
export const MODEL_LINE_MESSAGES = {
  needsModel: (productName: string) => `"${productName}" needs your 3D model. Upload it on the product page, then check out again.`,
  notTaken: (productName: string) => `"${productName}" doesn't take a 3D model. Remove it from your basket and add it again.`,
  needsChoices: (productName: string) =>
    `Choose a material and colour for your model on the "${productName}" page, then add it to your basket again.`,
  twice: (productName: string) =>
    `Your 3D model for "${productName}" is in your basket twice. Keep one line, with the number of copies you want.`,
  instantOff: (filename: string) =>
    `Instant prices are switched off just now, so "${filename}" cannot be bought straight away. Use "Ask for a price" on the product page and we'll price it by hand.`,
  needsReview: (filename: string, reasons: string[]) =>
    `"${filename}" now needs to be priced by hand${reasons.length > 0 ? `: ${reasons.join(" ")}` : "."} Use "Ask for a price" on the product page.`,
  priceChanged: (filename: string, price: string) =>
    `The price of "${filename}" for what is in your basket is now ${price}. Check it on the product page and add it to your basket again.`,
} as const;

/** One upload, one order (decision 0025): a file another checkout or order names is refused with 409. */
export const UPLOAD_MESSAGES = {
  inPaidOrder: (label: string, productName: string) =>
    `The ${label} for "${productName}" is already in a paid order, and each file is printed for one order. Upload it again on the product page to order another.`,
  inOpenCheckout: (label: string, productName: string) =>
    `The ${label} for "${productName}" is already in another checkout waiting for payment. Pay for or cancel that checkout, or upload the file again on the product page.`,
} as const;

const optionalText = z.string().trim().max(200).optional();

/** Blank means none: a field the shopper left empty is not a value to check. */
const blankAsNone = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/**
 * A gift voucher bought (docs/decisions/0054-gift-vouchers.md): its amount, and optionally who it is emailed to, on
 * which day, with what words. Each field's own message; whether the amount is one the product sells, and whether the
 * day is still ahead, are checked against the shop and its clock at checkout (price-basket.ts).
 */
const voucherPurchaseSchema = z.object(
  {
    amount_pence: z
      .number({ error: (issue) => (issue.input === undefined ? VOUCHER_MESSAGES.amountMissing : VOUCHER_MESSAGES.amountNotWhole) })
      .int({ error: VOUCHER_MESSAGES.amountNotWhole }),
    recipient_email: z.preprocess(
      blankAsNone,
      z.email({ error: VOUCHER_MESSAGES.recipientEmail }).max(254, { error: VOUCHER_MESSAGES.recipientEmail }).optional(),
    ),
    send_on: z.preprocess(
      blankAsNone,
      z.string({ error: VOUCHER_MESSAGES.sendOnNotDay }).refine(isUkDay, { error: VOUCHER_MESSAGES.sendOnNotDay }).optional(),
    ),
    message: z.preprocess(
      blankAsNone,
      z
        .string({ error: VOUCHER_MESSAGES.messageNotText })
        .transform(tidyGiftText)
        .pipe(
          z
            .string()
            .max(VOUCHER_MESSAGE_MAX, { error: VOUCHER_MESSAGES.messageTooLong })
            .refine((text) => !/\p{Cc}/u.test(text.replaceAll("\n", "")), { error: VOUCHER_MESSAGES.messageControl }),
        )
        .optional(),
    ),
  },
  { error: VOUCHER_MESSAGES.notAnObject },
);
export type VoucherPurchase = z.infer<typeof voucherPurchaseSchema>;

/** One entry per unit (docs/product.md#public-calls). Prices are never read from the client. */
const checkoutEntrySchema = z.object({
  id: z.string({ error: "Each item needs a product id." }).trim().min(1, { error: "Each item needs a product id." }).max(64),
  productName: optionalText,
  variantId: optionalText,
  variantName: optionalText,
  gpxToken: optionalText,
  imageToken: optionalText,
  /** A shopper's own model (a `requiresModel` product) and the material and colour it was priced in; the server prices it again. */
  modelToken: optionalText,
  material: optionalText,
  colour: optionalText,
  /** A gift voucher product's amount and who it is for. */
  voucher: voucherPurchaseSchema.optional(),
});
export type CheckoutEntry = z.infer<typeof checkoutEntrySchema>;

/** A text the gift note prints: tidied (line breaks as printed, trimmed), then checked by the rule the basket runs too. */
function giftText(notText: string, missing: string, problemOf: (text: string) => string | null) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? missing : notText) })
    .transform(tidyGiftText)
    .check((context) => {
      const problem = problemOf(context.value);
      if (problem) context.issues.push({ code: "custom", message: problem, input: context.value });
    });
}

/** `gift: { message, from }` (docs/decisions/0049-gift-orders.md): the order is a gift with a note card; null or left out, it is not. */
const giftSchema = z
  .object(
    {
      message: giftText(GIFT_MESSAGES.messageNotText, GIFT_MESSAGES.messageMissing, giftMessageProblem),
      from: giftText(GIFT_MESSAGES.fromNotText, "", giftFromProblem)
        .nullish()
        .transform((from) => from || null),
    },
    { error: GIFT_MESSAGES.notAnObject },
  )
  .nullish()
  .transform((gift): Gift | null => gift ?? null);

/**
 * A basket page loaded before gifts had a "from" sent `giftMessage` alone; it is read as a gift with no name, so an
 * open page's message is neither lost nor refused after an upgrade (docs/decisions/0049-gift-orders.md).
 */
function readOlderGiftMessage(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const { giftMessage, ...rest } = body as Record<string, unknown>;
  if (giftMessage === undefined || "gift" in rest) return rest;
  const blank = typeof giftMessage === "string" && giftMessage.trim() === "";
  return blank ? rest : { ...rest, gift: { message: giftMessage } };
}

/** A voucher code as typed, in its stored form (capitals, no spaces or hyphens); the check names no voucher. */
const voucherCodeSchema = z
  .string({ error: VOUCHER_MESSAGES.notFound })
  .transform(normaliseVoucherCode)
  .pipe(z.string().max(64, { error: VOUCHER_MESSAGES.notFound }));

const checkoutFieldsSchema = z.object(
  {
    items: z
      .array(checkoutEntrySchema, { error: "Send the basket as { items: [...] }." })
      .min(1, { error: "Your basket is empty." })
      .max(MAX_CHECKOUT_UNITS, { error: `A single checkout can hold at most ${MAX_CHECKOUT_UNITS} items.` }),
    /** Priced by the server (src/modules/discount-codes/price-discount.ts); blank means none. */
    discountCode: asDiscountCode(
      z
        .string({ error: "The discount code must be text." })
        .trim()
        .max(32, { error: "There is no discount code that long. Check the spelling, or remove it to pay the full price." }),
    )
      .optional()
      .transform((code) => code || null),
    /** A gift order's note card, printed with the packing slip; null when the order is not a gift. */
    gift: giftSchema,
    /** A gift voucher's code to pay with (docs/decisions/0054-gift-vouchers.md); blank means none. */
    voucherCode: voucherCodeSchema.optional().transform((code) => code || null),
  },
  { error: "Send the basket as { items: [...] }." },
);

export const checkoutRequestSchema = z.preprocess(readOlderGiftMessage, checkoutFieldsSchema);

/** Enough to try codes by hand in the basket, far too few to guess them. */
export const DISCOUNT_CHECKS_PER_MINUTE = 10;
export const TOO_MANY_DISCOUNT_CHECKS = "Too many discount code checks from your connection. Please wait a minute and try again.";

export const discountCheckSchema = z.object(
  {
    code: asDiscountCode(
      z
        .string({ error: "Enter a discount code." })
        .trim()
        .min(1, { error: "Enter a discount code." })
        .max(32, { error: "There is no discount code that long. Check the spelling, or remove it to pay the full price." }),
    ),
    items: checkoutFieldsSchema.shape.items,
  },
  { error: "Send the code and the basket as { code, items: [...] }." },
);

export const confirmRequestSchema = z.object(
  { id: z.string({ error: "Send the checkout session id as { id }." }).trim().min(1).max(255) },
  { error: "Send the checkout session id as { id }." },
);

export const sessionIdSchema = z
  .string({ error: "A checkout session id is required." })
  .regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: "That is not a checkout session id." });

/** GET /api/checkout/session: the fields of docs/product.md#other-records plus the order, once there is one. */
export type CheckoutSessionView = {
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  customer_email: string | null;
  currency: string;
  amount_total: number;
  line_items: { description: string; quantity: number; amount_total: number; currency: string }[];
  order_id: string | null;
};
