import { formatPence } from "../../shared/money";
import type { ShopIdentity } from "../../shared/shop-info";
import { EmailLayout, ManageLink, manageText, type RenderedEmail, renderEmailHtml, shopUrl, styles } from "./parts";

/** What the owner is told when the shopper answers a quote. */
export type QuoteResponseData = {
  quoteId: string;
  version: number;
  requestId: string;
  customerName: string;
  customerEmail: string;
  kind: "accepted" | "changes" | "declined";
  /** The shopper's own words: required for changes, optional for a decline, none for an acceptance. */
  message: string | null;
  totalCents: number;
};

/** "accepted quote 2", "asked for changes to quote 2", "declined quote 2": what the shopper did, in the subject. */
function actionOf(data: QuoteResponseData): string {
  const quote = `quote ${data.version} for request ${data.requestId}`;
  switch (data.kind) {
    case "accepted":
      return `accepted ${quote}`;
    case "changes":
      return `asked for changes to ${quote}`;
    case "declined":
      return `declined ${quote}`;
  }
}

/**
 * What to do next. Accepting only opens the payment page, so the owner must not start making anything yet:
 * the order, and its own notice, come once the payment has gone through.
 */
function nextStepOf(data: QuoteResponseData): string {
  switch (data.kind) {
    case "accepted":
      return `${data.customerName} is on the payment page; you'll get the usual new-order email once paid. Wait for it before making anything.`;
    case "changes":
      return "To answer, send a new version of the quote from the request.";
    case "declined":
      return "The quote is closed; you can still send a new version from the request.";
  }
}

/** Tells the owner how the shopper answered a quote, with their message, and where to act on it. */
export function renderQuoteResponseNotice(data: QuoteResponseData, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `${data.customerName} ${actionOf(data)}`;
  const adminLink = shopUrl(publicUrl, "/admin/orders");
  const summary = `Quote ${data.quoteId}, total ${formatPence(data.totalCents)}.`;
  const message = data.message?.trim() ? data.message : null;
  const messageHeading = `Their message${message === null ? ": none given." : ":"}`;
  const showMessage = data.kind !== "accepted" || message !== null;

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{subject}</h1>
      <p style={styles.paragraph}>
        From {data.customerName} (
        <a href={`mailto:${data.customerEmail}`} style={styles.link}>
          {data.customerEmail}
        </a>
        ). {summary}
      </p>
      {showMessage && <p style={{ ...styles.paragraph, margin: "0 0 4px", fontWeight: "bold" }}>{messageHeading}</p>}
      {showMessage && message !== null && <p style={styles.box}>{message}</p>}
      <p style={styles.paragraph}>{nextStepOf(data)}</p>
      <ManageLink href={adminLink} />
    </EmailLayout>,
  );

  const text = [
    subject,
    `From ${data.customerName} (${data.customerEmail}). ${summary}`,
    "",
    ...(showMessage ? [messageHeading, ...(message !== null ? [message] : []), ""] : []),
    nextStepOf(data),
    "",
    manageText(adminLink),
  ].join("\n");

  return { subject, html, text };
}
