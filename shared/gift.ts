/**
 * A gift order's note (docs/decisions/0049-gift-orders.md): the message printed on the gift note card and the
 * name it is from. The basket's fields and the checkout's schema both read these limits and words, so the
 * browser stops where the server would refuse and says the same thing.
 */
export type Gift = { message: string; from: string | null };

/** A note card's worth of words; orders from before this limit may hold up to 300 and are printed as they are. */
export const GIFT_MESSAGE_MAX = 250;
export const GIFT_FROM_MAX = 60;

/**
 * Characters a printer shows as nothing or as a box: the C0 and C1 controls and DEL. A line break is the one
 * control a message may hold (the card prints it); a "from" name may hold none.
 */
const CONTROL = /\p{Cc}/u;

export const GIFT_MESSAGES = {
  notAnObject: "Send the gift as { message, from }, or leave it out when the order is not a gift.",
  messageNotText: "The gift message must be text.",
  messageMissing: 'Write a gift message for the note card, or untick "This is a gift".',
  messageTooLong: `A gift message can be at most ${GIFT_MESSAGE_MAX} characters. Shorten it and try again.`,
  messageControl: "The gift message holds a hidden control character (such as a tab) that cannot be printed. Remove it and try again.",
  fromNotText: 'The gift\'s "from" name must be text.',
  fromTooLong: `The gift's "from" name can be at most ${GIFT_FROM_MAX} characters. Shorten it and try again.`,
  fromControl: 'The gift\'s "from" name must be one line, without hidden control characters such as tabs.',
} as const;

/** Line breaks as the card prints them ("\r\n" and "\r" become "\n"), and no spaces around the whole. */
export function tidyGiftText(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

/** What the payment page (Stripe's or the demo's) says above the delivery address of a gift order. */
export const GIFT_DELIVERY_NOTE = "This order is a gift: enter the address of the person it is for as the delivery address.";

/** What is wrong with a tidied message, in the words the basket and the checkout both show, or null. */
export function giftMessageProblem(message: string): string | null {
  if (message === "") return GIFT_MESSAGES.messageMissing;
  if (message.length > GIFT_MESSAGE_MAX) return GIFT_MESSAGES.messageTooLong;
  if (CONTROL.test(message.replaceAll("\n", ""))) return GIFT_MESSAGES.messageControl;
  return null;
}

/** What is wrong with a tidied "from" name (blank is none, and fine), or null. */
export function giftFromProblem(from: string): string | null {
  if (from.length > GIFT_FROM_MAX) return GIFT_MESSAGES.fromTooLong;
  if (CONTROL.test(from)) return GIFT_MESSAGES.fromControl;
  return null;
}

/** The note's signature line as printed and emailed: "From Tom", or nothing without a name. */
export function giftFromLine(gift: Gift): string | null {
  return gift.from ? `From ${gift.from}` : null;
}
