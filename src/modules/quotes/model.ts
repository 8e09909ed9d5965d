import { z } from "zod";
import { MAX_QUOTE_LINE_QUANTITY } from "../../../shared/quote-view";
import { isUkDay } from "../../../shared/uk-day";
import { LEAD_TIME_RULE, MAX_LEAD_TIME_DAYS } from "../content/model";

/** The quote states of decision 0014 (docs/product.md#quote-states). `expired` is also what a live quote past its valid_until reads as. */
const QUOTE_STATUSES = ["sent", "changes_requested", "declined", "expired", "withdrawn", "paid"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** The states the shopper can still act on; only these expire with the date. */
export const LIVE_STATUSES: readonly QuoteStatus[] = ["sent", "changes_requested"];

/** The same answer for an unknown id, a wrong token and no token, so neither can be probed. */
export const QUOTE_NOT_FOUND = "Quote not found. Please use the link from your email.";

const MESSAGES_TOO_LONG = "The message can be at most 2000 characters.";

export const MESSAGES = {
  body: "Send the quote as JSON with lines, lead_time_days and valid_until.",
  noLines: "Add at least one line to the quote.",
  tooManyLines: "A quote can have at most 50 lines.",
  line: "Each line needs a description and an amount.",
  description: "Each line needs a description.",
  descriptionTooLong: "A line's description can be at most 200 characters.",
  amount: "Each line's amount must be a whole number of pence greater than 0.",
  quantity: `Each line's quantity must be a whole number from 1 to ${MAX_QUOTE_LINE_QUANTITY}.`,
  delivery: "Delivery must be a whole number of pence, 0 or more, or left out to use the shop's delivery rule.",
  // The product's cap and words (decision 0027): a quote promises no longer than a product may.
  leadTime: `${LEAD_TIME_RULE}.`,
  validUntil: "Valid until must be a date written YYYY-MM-DD.",
  validUntilPast: "Valid until must be today or later (UK time).",
  messageTooLong: MESSAGES_TOO_LONG,
} as const;

const LIMITS = { lines: 50, description: 200, message: 2000 } as const;

/** The shopper's answers (accept, decline, changes), each refused with one of these when the quote is no longer live. */
export const ANSWER_MESSAGES = {
  declined: "This quote has been declined. Ask us for a new quote if you change your mind.",
  expired: (day: string) => `This quote expired on ${day}. Ask us for a new quote.`,
  withdrawn: "This quote has been replaced or withdrawn. Please use the link in the newest quote email we sent you.",
  paid: "This quote has already been paid.",
  changesAlreadyAsked:
    "You have already asked for changes to this quote, and we will send you a new one. To add something, reply to the quote email.",
  changesMessage: "Tell us what you would like changed.",
  messageTooLong: MESSAGES_TOO_LONG,
  notLive: "Only a quote that is still open to the shopper can be withdrawn.",
} as const;

/** A whole number of pence (or days) that JSON can carry exactly. */
const wholeNumber = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const lineSchema = z.object(
  {
    description: z
      .string({ error: MESSAGES.description })
      .trim()
      .min(1, { error: MESSAGES.description })
      .max(LIMITS.description, { error: MESSAGES.descriptionTooLong }),
    /** The price of one; the line's total is amount_cents × quantity (decision 0027). */
    amount_cents: wholeNumber(MESSAGES.amount, 1),
    quantity: wholeNumber(MESSAGES.quantity, 1, MAX_QUOTE_LINE_QUANTITY).default(1),
  },
  { error: MESSAGES.line },
);

/** A calendar date that exists: 2026-02-30 is refused, not rolled over to March. */
const isoDate = z.string({ error: MESSAGES.validUntil }).refine(isUkDay, MESSAGES.validUntil);

/** POST /api/admin/custom-requests/{id}/quotes (decision 0014's call contract). */
export const newQuoteSchema = z.object(
  {
    lines: z
      .array(lineSchema, { error: MESSAGES.noLines })
      .min(1, { error: MESSAGES.noLines })
      .max(LIMITS.lines, { error: MESSAGES.tooManyLines }),
    delivery_cents: wholeNumber(MESSAGES.delivery, 0).optional(),
    lead_time_days: wholeNumber(MESSAGES.leadTime, 0, MAX_LEAD_TIME_DAYS),
    valid_until: isoDate,
    message: z
      .string({ error: MESSAGES.messageTooLong })
      .trim()
      .max(LIMITS.message, { error: MESSAGES.messageTooLong })
      .optional()
      .transform((text) => (text ? text : null)),
  },
  { error: MESSAGES.body },
);
export type NewQuote = z.infer<typeof newQuoteSchema>;

/** The answer to a quote made: the id and the shopper's absolute link. */
export type QuoteCreated = { id: string; url: string };

/** `amount_cents` is the price of one; the line costs amount_cents × quantity (quoteLineTotal, shared/quote-view.ts). */
export type QuoteLine = { description: string; amount_cents: number; quantity: number };

/** GET /api/quotes/{id}?t=… as decision 0014 fixes it. Money in pence. */
export type QuoteView = {
  id: string;
  /** Beside the fields decision 0014 fixes: "quote 2" is how the owner and the shopper name a revised quote. */
  version: number;
  status: QuoteStatus;
  lines: QuoteLine[];
  delivery_cents: number;
  total_cents: number;
  currency: string;
  valid_until: string;
  lead_time_days: number;
  message: string | null;
  attachments: { filename: string }[];
  order_id: string | null;
  /** What the shopper asked for, as their request form sent it. */
  request: { details: string; material: string | null; color: string | null };
  /** The shopper's own answers with a message on this request's quotes up to this one, oldest first. */
  your_messages: ShopperMessage[];
};

/** A message the shopper sent with "ask for changes" or "decline" (`sent_at`: when, ISO 8601 UTC). */
export type ShopperMessage = { version: number; kind: "changes" | "declined"; message: string; sent_at: string };

/** At most this many of the shopper's messages come with a quote (one per version at most; 0014 bounds nothing else). */
export const MAX_SHOPPER_MESSAGES = 50;

/** The shopper's message with a decline: optional. */
export const declineMessageSchema = z
  .string({ error: MESSAGES_TOO_LONG })
  .trim()
  .max(LIMITS.message, { error: MESSAGES_TOO_LONG })
  .optional()
  .transform((text) => (text ? text : null));

/** The shopper's message when asking for changes: required. */
export const changesMessageSchema = z
  .string({ error: ANSWER_MESSAGES.changesMessage })
  .trim()
  .min(1, { error: ANSWER_MESSAGES.changesMessage })
  .max(LIMITS.message, { error: MESSAGES_TOO_LONG });

/** A quote as the owner sees it in the request's history (newest version first). */
export type AdminQuote = Omit<QuoteView, "currency" | "attachments" | "request" | "your_messages"> & {
  shopper_message: string | null;
  responded_at: string | null;
  created_at: string;
};

/** On the admin order screen: the request a quoted order came from, with its files. */
export type OrderCustomRequest = {
  id: string;
  name: string;
  quote_id: string;
  /** `removed_at`: when the file was deleted after the order was dispatched (decision 0023); its link then answers 404. */
  attachments: { id: string; filename: string; download_url: string; removed_at: string | null }[];
};
