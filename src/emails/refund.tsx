import { formatPence } from "../../shared/money";
import type { ShopIdentity } from "../../shared/shop-info";
import type { Order } from "../modules/orders/model";
import { EmailLayout, type RenderedEmail, renderEmailHtml, ShopperOrderFooter, shopperOrderFooterText, styles } from "./parts";

/** How a card refund reaches the shopper: banks take a few days, so they are told when to look. */
const ARRIVAL = "It goes back to the card you paid with and usually shows on your statement within 5 to 10 working days.";

/** Tells the shopper money from their order is on its way back to them. */
export function renderRefundEmail(order: Order, amountCents: number, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const amount = formatPence(amountCents);
  const subject = `Your ${shop.name} refund of ${amount} for order ${order.id}`;
  const greeting = order.shipping_name ? `Hello ${order.shipping_name},` : "Hello,";
  const whole = order.refunded_cents >= order.amount_cents;
  const summary = whole
    ? `We have refunded ${amount} for your order ${order.id}: the whole amount you paid.`
    : `We have refunded ${amount} for your order ${order.id}. In all, ${formatPence(order.refunded_cents)} of the ${formatPence(order.amount_cents)} you paid has been refunded.`;

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>{summary}</p>
      <p style={styles.paragraph}>{ARRIVAL}</p>
      <ShopperOrderFooter order={order} publicUrl={publicUrl} shop={shop} />
    </EmailLayout>,
  );
  const text = [greeting, "", summary, "", ARRIVAL, "", ...shopperOrderFooterText(order, publicUrl, shop)].join("\n");
  return { subject, html, text };
}
