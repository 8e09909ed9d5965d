import type { Order } from "../modules/orders/model";
import { shippingAddressLines } from "../../web/lib/order-view";
import { SHOP } from "../../web/lib/shop-info";
import { AddressBlock, EmailLayout, ItemsTable, orderUrl, renderEmailHtml, styles, variantOf } from "./parts";
import type { RenderedEmail } from "./order-confirmation";

/** The parcel facts the owner saved; the link is optional (not every carrier has one). */
export type Shipment = { carrier: string; number: string; url: string | null };

/** Tells the shopper their order has left the workshop and how to follow the parcel. */
export function renderTrackingEmail(order: Order, shipment: Shipment, publicUrl: string): RenderedEmail {
  const subject = `Your ${SHOP.name} order ${order.id} is on its way`;
  const link = orderUrl(publicUrl, order.id);
  const address = shippingAddressLines(order);
  const greeting = order.shipping_name ? `Good news, ${order.shipping_name}!` : "Good news!";

  const html = renderEmailHtml(
    <EmailLayout title={subject}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>
        Your order <strong>{order.id}</strong> has been posted with {shipment.carrier}. Tracking number:{" "}
        <strong>{shipment.number}</strong>.
      </p>
      {shipment.url && (
        <p style={styles.paragraph}>
          Follow your parcel:{" "}
          <a href={shipment.url} style={styles.link}>
            {shipment.url}
          </a>
        </p>
      )}
      <ItemsTable items={order.items} />
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
    greeting,
    "",
    `Your order ${order.id} has been posted with ${shipment.carrier}. Tracking number: ${shipment.number}.`,
    ...(shipment.url ? [`Follow your parcel: ${shipment.url}`] : []),
    "",
    ...order.items.map((item) => `- ${item.product_name}${variantOf(item) ? ` (${variantOf(item)})` : ""} × ${item.quantity}`),
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
