import { formatPence } from "../../shared/money";
import type { ShopIdentity } from "../../shared/shop-info";
import type { Order } from "../modules/orders/model";
import { EmailLayout, type RenderedEmail, renderEmailHtml, ShopperOrderFooter, shopperOrderFooterText, styles } from "./parts";

/** How a card refund reaches the shopper: banks take a few days, so they are told when to look. */
const ARRIVAL = "It goes back to the card you paid with and usually shows on your statement within 5 to 10 working days.";

/**
 * One refund as it went back (docs/decisions/0054-gift-vouchers.md): a gift voucher's part onto the voucher first,
 * the rest to the card; and the order's money in all, the voucher's part with the card's, after it.
 */
export type RefundMade = { toVoucherCents: number; toCardCents: number; paidCents: number; refundedCents: number };

/** Where the money went, in words: the voucher's part is spendable at once, the card's takes the bank's days. */
function arrivalLines({ toVoucherCents, toCardCents }: RefundMade): string[] {
  if (toVoucherCents === 0) return [ARRIVAL];
  const voucher = `${formatPence(toVoucherCents)} is back on the gift voucher you paid with, ready to spend again.`;
  if (toCardCents === 0) return [voucher];
  return [
    voucher,
    `The other ${formatPence(toCardCents)} goes back to the card you paid with and usually shows on your statement within 5 to 10 working days.`,
  ];
}

/** Tells the shopper money from their order is on its way back to them. */
export function renderRefundEmail(order: Order, made: RefundMade, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const amount = formatPence(made.toVoucherCents + made.toCardCents);
  const subject = `Your ${shop.name} refund of ${amount} for order ${order.id}`;
  const greeting = order.shipping_name ? `Hello ${order.shipping_name},` : "Hello,";
  const whole = made.refundedCents >= made.paidCents;
  const summary = whole
    ? `We have refunded ${amount} for your order ${order.id}: the whole amount you paid.`
    : `We have refunded ${amount} for your order ${order.id}. In all, ${formatPence(made.refundedCents)} of the ${formatPence(made.paidCents)} you paid has been refunded.`;
  const arrival = arrivalLines(made);

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>{summary}</p>
      {arrival.map((line) => (
        <p key={line} style={styles.paragraph}>
          {line}
        </p>
      ))}
      <ShopperOrderFooter order={order} publicUrl={publicUrl} shop={shop} />
    </EmailLayout>,
  );
  const text = [
    greeting,
    "",
    summary,
    "",
    ...arrival.flatMap((line) => [line, ""]),
    ...shopperOrderFooterText(order, publicUrl, shop),
  ].join("\n");
  return { subject, html, text };
}
