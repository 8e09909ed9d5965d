import { dispatchedByText } from "../../shared/dispatch-words";
import { isMadeToSpecification, MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { formatDateTime } from "../../shared/order-view";
import type { ShopIdentity } from "../../shared/shop-info";
import type { Order } from "../modules/orders/model";
import {
  EmailLayout,
  GiftNoteBlock,
  giftNoteText,
  ItemsTable,
  itemsAndTotalsText,
  type RenderedEmail,
  renderEmailHtml,
  ShopperOrderFooter,
  shopperOrderFooterText,
  styles,
  TotalsTable,
} from "./parts";

/** The shopper's receipt: what they bought, where it goes, and how to find it again. */
export function renderOrderConfirmation(order: Order, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `Your ${shop.name} order ${order.id} is confirmed`;
  const thanks = order.shipping_name ? `Thank you for your order, ${order.shipping_name}!` : "Thank you for your order!";
  // Made-to-specification goods have no 14-day cancellation right; the shopper must also have it in writing after paying.
  const madeToSpecification = order.items.some((item) => isMadeToSpecification(item.meta));

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{thanks}</h1>
      <p style={styles.paragraph}>
        We have received your payment and will start making your order soon. Order <strong>{order.id}</strong>, placed{" "}
        {formatDateTime(order.created_at)}.
      </p>
      {order.dispatch_by && (
        <p style={styles.paragraph}>
          <strong>{dispatchedByText(order.dispatch_by)}.</strong>
        </p>
      )}
      <ItemsTable items={order.items} pictures={publicUrl} />
      <TotalsTable order={order} />
      <GiftNoteBlock gift={order.gift} />
      {madeToSpecification && <p style={styles.paragraph}>{MADE_TO_SPECIFICATION}</p>}
      <ShopperOrderFooter order={order} publicUrl={publicUrl} shop={shop} />
    </EmailLayout>,
  );

  const text = [
    thanks,
    "",
    `We have received your payment and will start making your order soon. Order ${order.id}, placed ${formatDateTime(order.created_at)}.`,
    "",
    ...(order.dispatch_by ? [`${dispatchedByText(order.dispatch_by)}.`, ""] : []),
    ...itemsAndTotalsText(order),
    "",
    ...giftNoteText(order.gift),
    ...(madeToSpecification ? [MADE_TO_SPECIFICATION, ""] : []),
    ...shopperOrderFooterText(order, publicUrl, shop),
  ].join("\n");

  return { subject, html, text };
}
