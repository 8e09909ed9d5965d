import { formatDelivery } from "./money";

/**
 * What is posted, and what posting costs (docs/decisions/0056-a-voucher-basket-posts-nothing.md): the one rule the
 * checkout, the basket's code check and the basket in the browser share, so the three never disagree.
 */

/** A line as far as posting goes: a gift voucher line carries its `voucher` (a basket line's meta, or a priced one's). */
export type PostedLine = { meta: { voucher?: unknown } };

/** A line that goes in the parcel: anything but a gift voucher, which is emailed. */
export function isPosted(line: PostedLine): boolean {
  return !line.meta.voucher;
}

/** A basket of gift vouchers only: they are emailed, so nothing is posted, no delivery is charged and no day promised. */
export function postsNothing(lines: readonly PostedLine[]): boolean {
  return lines.length > 0 && !lines.some(isPosted);
}

/** The flat fee, free once the goods reach a non-zero threshold; none at all when nothing is posted. */
export function deliveryFee(goodsPence: number, feePence: number, thresholdPence: number, lines: readonly PostedLine[]): number {
  if (postsNothing(lines)) return 0;
  return thresholdPence > 0 && goodsPence >= thresholdPence ? 0 : feePence;
}

/** The delivery line of a basket that posts nothing: no fee, and why. */
const EMAILED_DELIVERY = "None — emailed";

/** The delivery line's amount: "None — emailed" when nothing is posted, else "Free" or the fee. */
export function deliveryText(pence: number, emailedOnly: boolean): string {
  return emailedOnly ? EMAILED_DELIVERY : formatDelivery(pence);
}

/** The delivery line of a payment page or order summary when nothing is posted. */
export const EMAILED_DELIVERY_LINE = "No delivery: gift vouchers are emailed";

/** The basket's note under Checkout when nothing is posted, in place of "UK delivery.". */
export const EMAILED_ONLY_NOTE = "Gift vouchers are emailed: nothing is posted.";
