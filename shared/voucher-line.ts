import type { VoucherChoice } from "./gift-voucher";
import { formatUkDay } from "./uk-day";

/**
 * A gift voucher line in words, under its name in the basket (docs/decisions/0054-gift-vouchers.md): who it is
 * emailed to, on which UK day, and the message when there is one, so the buyer sees what they chose before paying.
 */
export function voucherLineDetails(voucher: VoucherChoice): string[] {
  return [
    voucher.recipient_email ? `Emailed to ${voucher.recipient_email}` : "Emailed to you",
    voucher.send_on ? `Sent on ${formatUkDay(voucher.send_on)}` : "Sent once paid",
    ...(voucher.message ? [`Message: “${voucher.message}”`] : []),
  ];
}
