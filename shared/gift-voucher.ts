/**
 * Gift vouchers (docs/decisions/0054-gift-vouchers.md): the code's form, the amounts a voucher may be bought for,
 * and the words the product page, the basket and the checkout share, so the browser stops where the server refuses.
 */

/** What a product sells: a thing to make, or a gift voucher (products.kind). */
export const PRODUCT_KINDS = ["item", "voucher"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** A gift voucher as its basket line carries it (the checkout's `voucher`). */
export type VoucherChoice = { amount_pence: number; recipient_email?: string; send_on?: string; message?: string };

/** A free amount is from £10 to £200; a voucher product with options sells the owner's amounts instead. */
export const VOUCHER_MIN_PENCE = 1_000;
export const VOUCHER_MAX_PENCE = 20_000;
/** How long a voucher is valid when the owner has not said (configuration `voucher_valid_months`). */
export const DEFAULT_VOUCHER_VALID_MONTHS = 24;
export const MAX_VOUCHER_VALID_MONTHS = 120;
export const VOUCHER_MESSAGE_MAX = 250;
/** A send date within a year: far enough for any birthday, near enough to be a typing slip when further. */
export const VOUCHER_SEND_WITHIN_DAYS = 366;

/**
 * 32 characters read aloud without doubt: the digits 2–9 and the capitals without I and O (no 0/O, 1/I/L muddle).
 * 16 of them are 80 random bits, shown in four groups of four.
 */
export const VOUCHER_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const VOUCHER_CODE_LENGTH = 16;

/** A code as typed ("abcd efgh-…") to its stored form: capitals, no spaces or hyphens; O read as 0 is never in it. */
export function normaliseVoucherCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]+/g, "");
}

/** XXXX-XXXX-XXXX-XXXX, for reading aloud and printing. */
export function groupVoucherCode(code: string): string {
  return (normaliseVoucherCode(code).match(/.{1,4}/g) ?? []).join("-");
}

/** Only the last group, the way the owner's list shows a code. */
export function maskVoucherCode(tail: string): string {
  return `••••-••••-••••-${tail}`;
}

export const VOUCHER_MESSAGES = {
  notAnObject: "Send the voucher as { amount_pence, recipient_email, send_on, message }.",
  amountMissing: "Choose the voucher's amount.",
  amountNotWhole: "The voucher's amount must be a whole number of pence.",
  amountRange: `A gift voucher can be from £${VOUCHER_MIN_PENCE / 100} to £${VOUCHER_MAX_PENCE / 100}. Choose an amount in that range.`,
  amountNotOffered: (name: string) => `"${name}" is sold in the amounts it lists. Choose one of them.`,
  recipientEmail: "The recipient's email must be an address like name@example.com, or leave it blank to have the voucher sent to you.",
  sendOnNotDay: "The send date must be a day written YYYY-MM-DD, or leave it blank to send the voucher straight away.",
  sendOnPast: "The send date has passed. Choose today or a later day.",
  sendOnTooFar: "The send date can be at most a year ahead. Choose an earlier day.",
  sendOnWithoutRecipient: "A send date is for a voucher emailed to someone else: add the recipient's email, or leave the date blank.",
  messageNotText: "The voucher's message must be text.",
  messageTooLong: `The voucher's message can be at most ${VOUCHER_MESSAGE_MAX} characters. Shorten it and try again.`,
  messageControl: "The voucher's message holds a hidden control character (such as a tab). Remove it and try again.",
  notVoucherProduct: (name: string) => `"${name}" is not a gift voucher. Remove it from your basket and add it again.`,
  voucherMissing: (name: string) => `Choose the amount and who "${name}" is for on its page, then add it to your basket again.`,
  oneEach: (name: string) => `Each "${name}" is one voucher. Add them one at a time.`,
  /** Unknown, void and expired codes are one answer: it says nothing about which (decision 0054). */
  notFound: "That gift voucher code is not valid. Check the code, or ask the person who gave it to you.",
  codeMissing: "Enter a gift voucher code.",
  tooManyChecks: "Too many gift voucher checks from your connection. Please wait a minute and try again.",
  empty: "This gift voucher has nothing left to spend.",
  payVoucherWithVoucher: "A gift voucher cannot be bought with another gift voucher. Pay for it on its own.",
  notWithDiscountCode: "This shop does not take a discount code and a gift voucher on the same order. Remove one of them.",
} as const;
