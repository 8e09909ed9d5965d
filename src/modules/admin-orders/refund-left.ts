import type { VoucherStore } from "../gift-vouchers/store";

/**
 * What is left to refund on an order, in pence, and how it goes back (docs/decisions/0054-gift-vouchers.md): the
 * gift voucher's part not yet put back on the voucher goes first, then the card's part not yet refunded. The refund
 * service refuses more than `total_cents`, and the owner's order answer carries the same figures for the dialog.
 */
export type RefundLeft = { total_cents: number; voucher_cents: number; card_cents: number };

export function refundLeftOf(
  vouchers: Pick<VoucherStore, "refundable">,
  orderId: string,
  order: { amount_cents: number },
  cardRefundedCents: number,
): RefundLeft {
  const voucher_cents = vouchers.refundable(orderId).pence;
  const card_cents = Math.max(0, order.amount_cents - cardRefundedCents);
  return { total_cents: voucher_cents + card_cents, voucher_cents, card_cents };
}
