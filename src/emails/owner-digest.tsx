import { formatPence } from "../../shared/money";
import { stageLabel } from "../../shared/order-stages";
import type { ShopIdentity } from "../../shared/shop-info";
import { formatUkDay } from "../../shared/uk-day";
import type { DigestContent, DigestOrder } from "../modules/alerts/digest";
import { EmailLayout, ManageLink, manageText, type RenderedEmail, renderEmailHtml, shopUrl, styles } from "./parts";

const orderLine = (order: DigestOrder) =>
  `${order.id}: ${order.items} ${order.items === 1 ? "item" : "items"}, ${order.stage ? stageLabel(order.stage) : "not started"}, ${order.overdue ? `overdue (promised ${formatUkDay(order.dispatch_by, { year: false })})` : "due today"}`;

/** The owner's morning digest: what to make today, what waits on shoppers, yesterday's takings, what failed. */
export function renderOwnerDigest(digest: DigestContent, line: string, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `Your ${shop.name} digest for ${formatUkDay(digest.day)}`;
  const adminLink = shopUrl(publicUrl, "/admin/orders");
  const sections: [string, string[]][] = [
    [
      "To make today",
      [
        ...digest.toMake.map(orderLine),
        ...(digest.toMakeNotListed > 0 ? [`and ${digest.toMakeNotListed} more due today or overdue`] : []),
        ...(digest.toMake.length === 0 ? ["Nothing is due today."] : []),
        ...(digest.toMakeLater > 0 ? [`${digest.toMakeLater} more in the queue for later days.`] : []),
      ],
    ],
    [
      "Waiting on shoppers",
      digest.waitingOnShoppers.length === 0
        ? ["No quotes are waiting for an answer."]
        : digest.waitingOnShoppers.map(
            (quote) => `Quote ${quote.id} (version ${quote.version}), valid until ${formatUkDay(quote.valid_until, { year: false })}`,
          ),
    ],
    ["Yesterday's takings", [formatPence(digest.takingsYesterday)]],
    [
      "Failed overnight",
      digest.failures.length === 0
        ? ["Nothing failed."]
        : digest.failures.map(
            (failure) => `${failure.kind.replaceAll("-", " ")} (${failure.channel})${failure.order_id ? ` for ${failure.order_id}` : ""}`,
          ),
    ],
  ];
  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{subject}</h1>
      <p style={styles.paragraph}>{line}</p>
      {sections.map(([heading, lines]) => (
        <div key={heading}>
          <p style={{ ...styles.paragraph, margin: "0 0 4px", fontWeight: "bold" }}>{heading}</p>
          <ul style={{ ...styles.paragraph, paddingLeft: "20px" }}>
            {lines.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ))}
      <ManageLink href={adminLink} />
    </EmailLayout>,
  );
  const text = [
    subject,
    "",
    line,
    "",
    ...sections.flatMap(([heading, lines]) => [heading, ...lines.map((text) => `- ${text}`), ""]),
    manageText(adminLink),
  ].join("\n");
  return { subject, html, text };
}
