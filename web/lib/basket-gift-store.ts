import { EMPTY_BASKET, writeBasket } from "./basket-store";

// The gift typed in the basket, in a file of its own: the product page's first script carries the basket store
// (adding a line) but never the gift, which only the basket and a paid order's page touch.

export function clearBasket(): void {
  writeBasket(EMPTY_BASKET);
  writeGift(NO_GIFT);
}

/** What the basket's "This is a gift" holds while it is typed: the tick, the message and the name, untidied. */
export type GiftDraft = { isGift: boolean; message: string; from: string };
export const NO_GIFT: GiftDraft = { isGift: false, message: "", from: "" };

/**
 * The gift typed in the basket, kept for this tab's visit (so it survives a return from the payment page) and gone
 * with the basket. A message kept under the older key (before gifts had a name) is read as a ticked gift.
 */
const GIFT_STORAGE_KEY = "strata.gift.v2";
const OLDER_GIFT_MESSAGE_KEY = "strata.gift-message.v1";

export function readGift(): GiftDraft {
  try {
    const kept = sessionStorage.getItem(GIFT_STORAGE_KEY);
    if (kept) return { ...NO_GIFT, ...(JSON.parse(kept) as Partial<GiftDraft>) };
    const older = sessionStorage.getItem(OLDER_GIFT_MESSAGE_KEY);
    return older ? { isGift: true, message: older, from: "" } : NO_GIFT;
  } catch {
    return NO_GIFT;
  }
}

export function writeGift(gift: GiftDraft): void {
  try {
    sessionStorage.removeItem(OLDER_GIFT_MESSAGE_KEY);
    const empty = !gift.isGift && gift.message === "" && gift.from === "";
    if (empty) sessionStorage.removeItem(GIFT_STORAGE_KEY);
    else sessionStorage.setItem(GIFT_STORAGE_KEY, JSON.stringify(gift));
  } catch {
    // Private mode or a full quota: the gift still goes with this page's checkout.
  }
}
