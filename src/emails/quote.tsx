import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { formatDelivery, formatPence } from "../../shared/money";
import { leadTimeText, quoteLineText, quoteLineTotal } from "../../shared/quote-view";
import type { ShopIdentity } from "../../shared/shop-info";
import { formatUkDay } from "../../shared/uk-day";
import { AmountsTable, EmailLayout, PrivateLinkFooter, privateLinkFooterText, type RenderedEmail, renderEmailHtml, styles } from "./parts";

/** What the shopper's quote email says: the quote as sent, and the link (with its token) that opens it. */
export type QuoteEmailData = {
  quoteId: string;
  version: number;
  requestId: string;
  customerName: string;
  /** `amount_cents` is the price of one. */
  lines: { description: string; amount_cents: number; quantity: number }[];
  deliveryCents: number;
  totalCents: number;
  leadTimeDays: number;
  /** YYYY-MM-DD, a UK day. */
  validUntil: string;
  message: string | null;
  /** The shopper's absolute link with its token. */
  url: string;
};

const CALL_TO_ACTION = "View and accept your quote";
const NOTE_HEADING = "A note from us";

const cell = { padding: "8px 0", borderBottom: "1px solid #e3e3e0", fontSize: "15px", verticalAlign: "top" } as const;

function LinesTable({ lines }: { lines: QuoteEmailData["lines"] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 16px" }}>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index}>
            <td style={cell}>
              {quoteLineText(line)}
              {line.quantity > 1 && <div style={{ ...styles.small, margin: 0 }}>{eachText(line)}</div>}
            </td>
            <td style={{ ...cell, textAlign: "right", whiteSpace: "nowrap" }}>{formatPence(quoteLineTotal(line))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "£12.50 each": a line of more than one says its price of one beside its total. */
const eachText = (line: { amount_cents: number }) => `${formatPence(line.amount_cents)} each`;

/**
 * The quote, sent to the shopper. The link carries the quote's token, so it appears once, as the button,
 * in each part (HTML and text) and nowhere else: not in the subject, title or any other link.
 * `_publicUrl` keeps the shape of every render call; the quote's link is already absolute.
 */
export function renderQuoteEmail(data: QuoteEmailData, _publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `Your quote from ${shop.name} for request ${data.requestId}`;
  const greeting = `Hello ${data.customerName},`;
  const intro = `Thank you for your custom print request. Here is quote ${data.version} for request ${data.requestId}.`;
  const validUntil = `Valid until ${formatUkDay(data.validUntil)}.`;
  const delivery = formatDelivery(data.deliveryCents);
  const note = data.message?.trim() ? data.message : null;

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>{intro}</p>
      <LinesTable lines={data.lines} />
      <AmountsTable rows={[["Delivery", delivery]]} totalCents={data.totalCents} />
      <p style={{ ...styles.paragraph, margin: "0 0 4px" }}>{`${leadTimeText(data.leadTimeDays)}.`}</p>
      <p style={styles.paragraph}>{validUntil}</p>
      {note !== null && (
        <>
          <p style={{ ...styles.paragraph, margin: "0 0 4px", fontWeight: "bold" }}>{NOTE_HEADING}</p>
          <p style={styles.box}>{note}</p>
        </>
      )}
      <PrivateLinkFooter href={data.url} label={CALL_TO_ACTION} after={MADE_TO_SPECIFICATION} shop={shop} />
    </EmailLayout>,
  );

  const text = [
    greeting,
    "",
    intro,
    "",
    ...data.lines.map(
      (line) => `- ${quoteLineText(line)}: ${formatPence(quoteLineTotal(line))}${line.quantity > 1 ? ` (${eachText(line)})` : ""}`,
    ),
    "",
    `Delivery: ${delivery}`,
    `Total: ${formatPence(data.totalCents)}`,
    "",
    `${leadTimeText(data.leadTimeDays)}.`,
    validUntil,
    ...(note !== null ? ["", `${NOTE_HEADING}:`, note] : []),
    "",
    ...privateLinkFooterText(data.url, CALL_TO_ACTION, MADE_TO_SPECIFICATION, shop),
  ].join("\n");

  return { subject, html, text };
}
