import { formatPence } from "../../shared/money";
import { formatDateTime, shippingAddressLines } from "../../shared/order-view";
import type { ShopIdentity } from "../../shared/shop-info";
import type { Order } from "../modules/orders/model";
import {
  AddressBlock,
  addressText,
  EmailLayout,
  ItemsTable,
  itemsAndTotalsText,
  ManageLink,
  manageText,
  type RenderedEmail,
  renderEmailHtml,
  shopUrl,
  styles,
  TotalsTable,
} from "./parts";

const REFUND_WARNING =
  "REFUND NEEDED: this payment arrived after its checkout had expired and the stock had gone to another shopper. The order is recorded as paid; refund the customer (or offer to make it when stock allows) before making anything.";

/** A late payment's use of a code whose uses were all taken by then (decision 0025): honoured, and the owner decides. */
const discountWarning = (code: string | null) =>
  `DISCOUNT CODE OVER ITS LIMIT: this payment arrived after its checkout had given back its use of the code ${code}, and every use had been taken since. The order is recorded as paid with the discount; honour it, or contact the customer.`;

/**
 * A gift's words are the buyer's, for the card in the parcel: the owner's email says only that the order is a gift,
 * and the owner reads the note on the order's screen (docs/decisions/0049-gift-orders.md).
 */
const GIFT_ORDER_NOTICE = "This order is a gift: print its gift note card with the packing slip, and send no prices.";

/** Tells the owner an order came in; the refund and discount warnings go first so they cannot be missed. */
export function renderNewOrderNotice(order: Order, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const warnings = [
    ...(order.refund_required ? [REFUND_WARNING] : []),
    ...(order.discount_over_limit ? [discountWarning(order.discount_code)] : []),
  ];
  const flags = `${order.refund_required ? "REFUND NEEDED: " : ""}${order.discount_over_limit ? "DISCOUNT CODE OVER ITS LIMIT: " : ""}`;
  const subject = `${flags}New order ${order.id} — ${formatPence(order.amount_cents)}`;
  const adminLink = shopUrl(publicUrl, "/admin");
  const customer = order.email ?? "no email given";
  const address = shippingAddressLines(order);

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      {warnings.map((warning) => (
        <p
          key={warning}
          style={{
            ...styles.paragraph,
            padding: "12px",
            backgroundColor: "#fde7e9",
            border: "2px solid #b3261e",
            color: "#8c1d18",
            fontWeight: "bold",
          }}
        >
          {warning}
        </p>
      ))}
      <h1 style={styles.heading}>New order {order.id}</h1>
      <p style={styles.paragraph}>
        Placed {formatDateTime(order.created_at)} by {customer}.
      </p>
      <ItemsTable items={order.items} showAttachments />
      <TotalsTable order={order} />
      {order.gift && <p style={styles.paragraph}>{GIFT_ORDER_NOTICE}</p>}
      <AddressBlock title="Ship to" lines={address} />
      <ManageLink href={adminLink} />
    </EmailLayout>,
  );

  const text = [
    ...warnings.flatMap((warning) => [warning, ""]),
    `New order ${order.id}`,
    `Placed ${formatDateTime(order.created_at)} by ${customer}.`,
    "",
    ...itemsAndTotalsText(order, { showAttachments: true }),
    "",
    ...(order.gift ? [GIFT_ORDER_NOTICE, ""] : []),
    ...addressText("Ship to", address),
    "",
    manageText(adminLink),
  ].join("\n");

  return { subject, html, text };
}
