import { trackingUrl } from "../../shared/carrier-tracking";
import type { ShopIdentity } from "../../shared/shop-info";
import type { Order } from "../modules/orders/model";
import {
  EmailLayout,
  ItemsTable,
  itemText,
  type RenderedEmail,
  renderEmailHtml,
  ShopperOrderFooter,
  shopperOrderFooterText,
  styles,
} from "./parts";

/** The parcel facts the owner saved; the link is optional (not every carrier has one). */
export type Shipment = { carrier: string; number: string; url: string | null };

/** Tells the shopper their order has left the workshop and how to follow the parcel. */
export function renderTrackingEmail(order: Order, shipment: Shipment, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `Your ${shop.name} order ${order.id} is on its way`;
  const greeting = order.shipping_name ? `Good news, ${order.shipping_name}!` : "Good news!";
  // The owner's link, else the known carrier's tracking page (shared/carrier-tracking.ts).
  const parcelPage = trackingUrl(shipment);

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>
        Your order <strong>{order.id}</strong> has been posted with {shipment.carrier}. Tracking number:{" "}
        <strong>
          {parcelPage ? (
            <a href={parcelPage} style={styles.link}>
              {shipment.number}
            </a>
          ) : (
            shipment.number
          )}
        </strong>
        .
      </p>
      {parcelPage && (
        <p style={styles.paragraph}>
          Follow your parcel:{" "}
          <a href={parcelPage} style={styles.link}>
            {parcelPage}
          </a>
        </p>
      )}
      <ItemsTable items={order.items} pictures={publicUrl} />
      <ShopperOrderFooter order={order} publicUrl={publicUrl} shop={shop} />
    </EmailLayout>,
  );

  const text = [
    greeting,
    "",
    `Your order ${order.id} has been posted with ${shipment.carrier}. Tracking number: ${shipment.number}.`,
    ...(parcelPage ? [`Follow your parcel: ${parcelPage}`] : []),
    "",
    ...order.items.map((item) => `- ${itemText(item)}`),
    "",
    ...shopperOrderFooterText(order, publicUrl, shop),
  ].join("\n");

  return { subject, html, text };
}
