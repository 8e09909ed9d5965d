import { shippingAddressLines } from "../../web/lib/order-view";
import type { Order } from "../modules/orders/model";
import { formatDateTime } from "../../web/lib/order-view";
import { SHOP } from "../../web/lib/shop-info";
import {
  AddressBlock,
  EmailLayout,
  ItemsTable,
  TotalsTable,
  itemsAndTotalsText,
  orderUrl,
  renderEmailHtml,
  styles,
} from "./parts";

export type RenderedEmail = { subject: string; html: string; text: string };

/** The shopper's receipt: what they bought, where it goes, and how to find it again. */
export function renderOrderConfirmation(order: Order, publicUrl: string): RenderedEmail {
  const subject = `Your ${SHOP.name} order ${order.id} is confirmed`;
  const link = orderUrl(publicUrl, order.id);
  const address = shippingAddressLines(order);
  const thanks = order.shipping_name ? `Thank you for your order, ${order.shipping_name}!` : "Thank you for your order!";

  const html = renderEmailHtml(
    <EmailLayout title={subject}>
      <h1 style={styles.heading}>{thanks}</h1>
      <p style={styles.paragraph}>
        We have received your payment and will start making your order soon. Order <strong>{order.id}</strong>, placed{" "}
        {formatDateTime(order.created_at)}.
      </p>
      <ItemsTable items={order.items} />
      <TotalsTable order={order} />
      <AddressBlock title="Shipping to" lines={address} />
      <p style={styles.paragraph}>
        You can look up your order at any time with your postcode:{" "}
        <a href={link} style={styles.link}>
          {link}
        </a>
      </p>
      <p style={styles.small}>
        Questions? Email us at{" "}
        <a href={`mailto:${SHOP.email}`} style={styles.link}>
          {SHOP.email}
        </a>
        . {SHOP.replyPromise}
      </p>
    </EmailLayout>,
  );

  const text = [
    thanks,
    "",
    `We have received your payment and will start making your order soon. Order ${order.id}, placed ${formatDateTime(order.created_at)}.`,
    "",
    ...itemsAndTotalsText(order),
    "",
    "Shipping to:",
    ...(address.length > 0 ? address : ["No address given"]),
    "",
    `You can look up your order at any time with your postcode: ${link}`,
    "",
    `Questions? Email us at ${SHOP.email}. ${SHOP.replyPromise}`,
    "",
    `${SHOP.name} — ${SHOP.location}`,
  ].join("\n");

  return { subject, html, text };
}
