import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { deliveryText, postsNothing } from "../../shared/delivery";
import { type Gift, giftFromLine } from "../../shared/gift";
import { formatMinus, formatPence } from "../../shared/money";
import { shippingAddressLines } from "../../shared/order-view";
import { SHOP, type ShopIdentity, traderLine } from "../../shared/shop-info";
import type { Order, OrderItem } from "../modules/orders/model";

/**
 * Building blocks shared by the emails. Email clients ignore <style>
 * blocks and most layout CSS, so everything is tables and inline styles.
 * Each email also gets a plain-text part built from the same facts.
 */

export type RenderedEmail = { subject: string; html: string; text: string };

const font = "Helvetica, Arial, sans-serif";
const muted = "#5f6368";
/** The shop's colours (web/styles/tokens.css, light theme): dark ink behind the name, the orange accent for actions. */
const brand = { ink: "#1c1917", accent: "#c2410c", onAccent: "#ffffff" } as const;
export const styles = {
  heading: { margin: "0 0 12px", fontSize: "22px", lineHeight: "28px" },
  paragraph: { margin: "0 0 16px", fontSize: "15px", lineHeight: "22px" },
  small: { margin: "0 0 8px", fontSize: "13px", lineHeight: "18px", color: muted },
  link: { color: "#1a5fb4" },
  /** Words someone typed (a request's details, a note, a message), kept with their own line breaks. */
  box: {
    margin: "0 0 16px",
    fontSize: "15px",
    lineHeight: "22px",
    padding: "12px",
    backgroundColor: "#f4f4f2",
    borderRadius: "6px",
    whiteSpace: "pre-wrap",
  },
  /** The one call to action of an email: a link styled as a button (no form, no script), so every client can follow it. */
  button: {
    display: "inline-block",
    padding: "12px 20px",
    backgroundColor: brand.accent,
    color: brand.onAccent,
    borderRadius: "6px",
    fontSize: "16px",
    fontWeight: "bold",
    textDecoration: "none",
  },
} as const;

/** Prefixes the doctype React cannot render; React escapes every value inside. */
export function renderEmailHtml(element: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}

/** Every email wears the shop's configured name and colours, and ends with who trades. */
export function EmailLayout({ title, shop, children }: { title: string; shop: ShopIdentity; children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: "24px 12px", backgroundColor: "#f4f4f2", fontFamily: font, color: "#1f1f1f" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "600px", margin: "0 auto" }}>
          <tbody>
            <tr>
              <td
                style={{
                  padding: "16px 24px",
                  backgroundColor: brand.ink,
                  borderBottom: `4px solid ${brand.accent}`,
                  borderRadius: "8px 8px 0 0",
                  color: "#ffffff",
                  fontSize: "20px",
                  fontWeight: "bold",
                }}
              >
                {shop.name}
              </td>
            </tr>
            <tr>
              <td style={{ padding: "24px", backgroundColor: "#ffffff", borderRadius: "0 0 8px 8px" }}>{children}</td>
            </tr>
            <tr>
              <td style={{ padding: "12px 0", fontSize: "12px", color: muted }}>{signatureText(shop)}</td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The option chosen: a variant's name, or the material and colour of a shopper's model (and its scale, when not as drawn). */
function variantOf(item: OrderItem): string | null {
  const { modelToken, materialName, colour, scale } = item.meta;
  if (modelToken) return `${materialName}, ${colour}${scale && scale !== 1 ? `, scaled ×${scale}` : ""}`;
  return item.meta.variantName?.trim() || null;
}

function lineTotal(item: OrderItem): number {
  return item.unit_price_cents * item.quantity;
}

const cell = { padding: "8px 0", borderBottom: "1px solid #e3e3e0", fontSize: "15px", verticalAlign: "top" } as const;

/** The names of files a shopper attached (a GPX route, a photo, a 3D model): the owner needs them to make the item. */
function attachmentsOf(item: OrderItem): string[] {
  return [
    item.meta.gpxName ? `GPX route: ${item.meta.gpxName}` : null,
    item.meta.imageName ? `Photo: ${item.meta.imageName}` : null,
    item.meta.modelName ? `3D model: ${item.meta.modelName}` : null,
  ].filter((line): line is string => line !== null);
}

/**
 * The picture of a line made from the shopper's file: the route map or the photo as the
 * shop previews it, by absolute address because an email has no page to be relative to.
 */
function linePictureUrl(item: OrderItem, publicUrl: string): string | null {
  if (item.meta.gpxToken) return shopUrl(publicUrl, `/api/uploads/${encodeURIComponent(item.meta.gpxToken)}/preview.png`);
  if (item.meta.imageToken) return shopUrl(publicUrl, `/api/uploads/${encodeURIComponent(item.meta.imageToken)}/preview.jpg`);
  return null;
}

/** `pictures`: the shop's address, to show each line's route or photo beside it (shopper emails). */
export function ItemsTable({
  items,
  showAttachments = false,
  pictures,
}: {
  items: OrderItem[];
  showAttachments?: boolean;
  pictures?: string;
}) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 16px" }}>
      <tbody>
        {items.map((item, index) => (
          <tr key={index}>
            {pictures !== undefined && <LinePicture item={item} publicUrl={pictures} />}
            <td style={cell}>
              <strong>{item.product_name}</strong>
              {variantOf(item) && <div style={{ color: muted, fontSize: "13px" }}>{variantOf(item)}</div>}
              <div style={{ color: muted, fontSize: "13px" }}>Quantity: {item.quantity}</div>
              {showAttachments &&
                attachmentsOf(item).map((line) => (
                  <div key={line} style={{ color: muted, fontSize: "13px" }}>
                    {line}
                  </div>
                ))}
            </td>
            <td style={{ ...cell, textAlign: "right", whiteSpace: "nowrap" }}>{formatPence(lineTotal(item))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LinePicture({ item, publicUrl }: { item: OrderItem; publicUrl: string }) {
  const url = linePictureUrl(item, publicUrl);
  return (
    <td style={{ ...cell, width: "72px", paddingRight: "12px" }}>
      {url && (
        <img
          src={url}
          alt={item.meta.gpxToken ? "Your route" : "Your photo"}
          width={64}
          height={64}
          style={{ display: "block", width: "64px", height: "64px", objectFit: "cover", borderRadius: "6px", border: "1px solid #e3e3e0" }}
        />
      )}
    </td>
  );
}

export function TotalsTable({ order }: { order: Order }) {
  return <AmountsTable rows={totalsRows(order)} totalCents={order.amount_cents} />;
}

/**
 * The labelled amounts above an order's total, the one list both emails' table and text show: the subtotal, any
 * discount, delivery ("None — emailed" when only gift vouchers were bought) and what a gift voucher paid; the total
 * is what the card paid (docs/decisions/0054-gift-vouchers.md).
 */
function totalsRows(order: Order): [string, string][] {
  return [
    ["Subtotal", formatPence(order.subtotal_cents)],
    ...(order.discount_cents > 0 ? [[`Discount (${order.discount_code})`, formatMinus(order.discount_cents)] as [string, string]] : []),
    ["Delivery", deliveryText(order.delivery_cents, postsNothing(order.items))],
    ...(order.voucher_cents > 0 ? [["Gift voucher", formatMinus(order.voucher_cents)] as [string, string]] : []),
  ];
}

/** Labelled amounts, then the total in bold: the foot of an order or a quote. */
export function AmountsTable({ rows, totalCents }: { rows: [string, string][]; totalCents: number }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 20px", fontSize: "15px" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: "2px 0" }}>{label}</td>
            <td style={{ padding: "2px 0", textAlign: "right" }}>{value}</td>
          </tr>
        ))}
        <tr>
          <td style={{ padding: "6px 0", fontWeight: "bold" }}>Total</td>
          <td style={{ padding: "6px 0", fontWeight: "bold", textAlign: "right" }}>{formatPence(totalCents)}</td>
        </tr>
      </tbody>
    </table>
  );
}

const NO_ADDRESS = "No address given";

export function AddressBlock({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div style={{ margin: "0 0 20px" }}>
      <p style={{ ...styles.paragraph, margin: "0 0 4px", fontWeight: "bold" }}>{title}</p>
      <p style={styles.paragraph}>
        {lines.length === 0
          ? NO_ADDRESS
          : lines.map((line, index) => (
              <span key={index}>
                {index > 0 && <br />}
                {line}
              </span>
            ))}
      </p>
    </div>
  );
}

/**
 * A gift order's note, as the card prints it (its line breaks kept, then who it is from), under the order's lines;
 * nothing when the order is not a gift. For the buyer's own emails only: the words are theirs, never sent to anyone
 * else (docs/decisions/0049-gift-orders.md).
 */
export function GiftNoteBlock({ gift }: { gift: Gift | null }) {
  if (!gift) return null;
  const from = giftFromLine(gift);
  return (
    <div style={{ margin: "0 0 20px" }}>
      <p style={{ ...styles.paragraph, margin: "0 0 4px", fontWeight: "bold" }}>{GIFT_NOTE_TITLE}</p>
      <p style={{ ...styles.paragraph, margin: from ? "0 0 4px" : styles.paragraph.margin, whiteSpace: "pre-line" }}>{gift.message}</p>
      {from && <p style={styles.paragraph}>{from}</p>}
    </div>
  );
}

/** The plain-text twin of GiftNoteBlock: the title, the message, who it is from and a blank line, or nothing. */
export function giftNoteText(gift: Gift | null): string[] {
  if (!gift) return [];
  const from = giftFromLine(gift);
  return [`${GIFT_NOTE_TITLE}:`, gift.message, ...(from ? [from] : []), ""];
}

const GIFT_NOTE_TITLE = "Gift note (printed on a card in the parcel)";

/** The plain-text twin of AddressBlock. */
export function addressText(title: string, lines: string[]): string[] {
  return [`${title}:`, ...(lines.length > 0 ? lines : [NO_ADDRESS])];
}

/** "2 × Name (variant)", the plain-text name of an order line: quantity first, as the order pages and the quote say it. */
export function itemText(item: OrderItem): string {
  const variant = variantOf(item);
  return `${item.quantity} × ${item.product_name}${variant ? ` (${variant})` : ""}`;
}

/** The plain-text lines for items and totals, shared by both emails. */
export function itemsAndTotalsText(order: Order, { showAttachments = false } = {}): string[] {
  const items = order.items.flatMap((item) => {
    const line = `- ${itemText(item)}: ${formatPence(lineTotal(item))}`;
    return [line, ...(showAttachments ? attachmentsOf(item).map((file) => `    ${file}`) : [])];
  });
  return [...items, "", ...totalsRows(order).map(([label, amount]) => `${label}: ${amount}`), `Total: ${formatPence(order.amount_cents)}`];
}

/** An absolute link into the shop; PUBLIC_URL may or may not end in a slash. */
export function shopUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

export function orderUrl(publicUrl: string, orderId: string): string {
  return shopUrl(publicUrl, `/order/${encodeURIComponent(orderId)}`);
}

/** Who sends: the shop's name, then the trader and address once the owner has set them. The last line of every plain-text email a shopper gets. */
export function signatureText(shop: ShopIdentity): string {
  const trader = traderLine(shop);
  return trader ? `${shop.name} — ${trader}` : shop.name;
}

const LOOK_UP = "You can look up your order at any time with your postcode:";
const QUESTIONS = "Questions? Email us at";

const VIEW_ORDER = "View your order";

/** How every shopper email about an order ends: where it goes, the way back to the order, how to ask. */
export function ShopperOrderFooter({ order, publicUrl, shop }: { order: Order; publicUrl: string; shop: ShopIdentity }) {
  const link = orderUrl(publicUrl, order.id);
  return (
    <>
      <AddressBlock title="Shipping to" lines={shippingAddressLines(order)} />
      <p style={{ margin: "0 0 16px" }}>
        <a href={link} style={styles.button}>
          {VIEW_ORDER}
        </a>
      </p>
      <p style={styles.paragraph}>
        {LOOK_UP}{" "}
        <a href={link} style={styles.link}>
          {link}
        </a>
      </p>
      <QuestionsLine shop={shop} />
    </>
  );
}

/** How to reach the shop, at the foot of every shopper email. */
export function QuestionsLine({ shop }: { shop: ShopIdentity }) {
  return (
    <p style={styles.small}>
      {QUESTIONS}{" "}
      <a href={`mailto:${shop.email}`} style={styles.link}>
        {shop.email}
      </a>
      . {SHOP.replyPromise}
    </p>
  );
}

/** The plain-text twin of QuestionsLine. */
export function questionsText(shop: ShopIdentity): string {
  return `${QUESTIONS} ${shop.email}. ${SHOP.replyPromise}`;
}

/** The plain-text twin of ShopperOrderFooter, signature included. */
export function shopperOrderFooterText(order: Order, publicUrl: string, shop: ShopIdentity): string[] {
  return [
    ...addressText("Shipping to", shippingAddressLines(order)),
    "",
    `${VIEW_ORDER}: ${orderUrl(publicUrl, order.id)}`,
    `${LOOK_UP} ${orderUrl(publicUrl, order.id)}`,
    "",
    questionsText(shop),
    "",
    signatureText(shop),
  ];
}

/**
 * How a shopper email with a private link ends (a quote, a question about an order): the link once, as the one
 * button (it carries the link's token, so nowhere else: not the subject, the title or another link), a last word
 * after it, and how to ask.
 */
export function PrivateLinkFooter({ href, label, after, shop }: { href: string; label: string; after: string; shop: ShopIdentity }) {
  return (
    <>
      <p style={{ margin: "8px 0 24px" }}>
        <a href={href} style={styles.button}>
          {label}
        </a>
      </p>
      <p style={styles.paragraph}>{after}</p>
      <QuestionsLine shop={shop} />
    </>
  );
}

/** The plain-text twin of PrivateLinkFooter, signature included. */
export function privateLinkFooterText(href: string, label: string, after: string, shop: ShopIdentity): string[] {
  return [`${label}: ${href}`, "", after, "", questionsText(shop), "", signatureText(shop)];
}

/** How every owner notice ends: where in /admin to act on it. */
export function ManageLink({ href }: { href: string }) {
  return (
    <p style={styles.small}>
      Manage it at{" "}
      <a href={href} style={styles.link}>
        {href}
      </a>
    </p>
  );
}

export function manageText(href: string): string {
  return `Manage it at ${href}`;
}
