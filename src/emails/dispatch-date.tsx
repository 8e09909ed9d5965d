import type { ShopIdentity } from "../../shared/shop-info";
import { formatUkDay } from "../../shared/uk-day";
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

/** One move of the promised day: the new day, the one it replaces (null when none had been promised) and the owner's reason. */
export type DispatchDateMove = { dispatchBy: string; previous: string | null; reason: string };

/** Tells the shopper their order's dispatch date has moved, to which day and why (docs/decisions/0016-production-stages.md). */
export function renderDispatchDateEmail(order: Order, move: DispatchDateMove, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `Your ${shop.name} order ${order.id} has a new dispatch date`;
  const greeting = order.shipping_name ? `Hello ${order.shipping_name},` : "Hello,";
  const newDay = formatUkDay(move.dispatchBy);
  const was = move.previous ? ` (was ${formatUkDay(move.previous)})` : "";
  const news = `We now expect to dispatch your order ${order.id} by ${newDay}${was}.`;

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>
        We now expect to dispatch your order <strong>{order.id}</strong> by <strong>{newDay}</strong>
        {was}.
      </p>
      <p style={{ ...styles.paragraph, margin: "0 0 4px" }}>Why it has moved:</p>
      <p style={styles.box}>{move.reason}</p>
      <p style={styles.paragraph}>Nothing needs doing on your side: we will email you again when it is on its way.</p>
      <ItemsTable items={order.items} pictures={publicUrl} />
      <ShopperOrderFooter order={order} publicUrl={publicUrl} shop={shop} />
    </EmailLayout>,
  );

  const text = [
    greeting,
    "",
    news,
    "",
    "Why it has moved:",
    move.reason,
    "",
    "Nothing needs doing on your side: we will email you again when it is on its way.",
    "",
    ...order.items.map((item) => `- ${itemText(item)}`),
    "",
    ...shopperOrderFooterText(order, publicUrl, shop),
  ].join("\n");

  return { subject, html, text };
}
