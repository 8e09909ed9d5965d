import type { ShopIdentity } from "../../shared/shop-info";
import type { CustomRequestFields } from "../modules/custom-requests/model";
import { EmailLayout, ManageLink, manageText, type RenderedEmail, renderEmailHtml, shopUrl, signatureText, styles } from "./parts";

/** What the owner's notice of a custom request is about: the form's fields as stored. */
export type CustomRequestSummary = CustomRequestFields & {
  id: string;
  /** Display names of the attached files, in the order sent. */
  attachments: string[];
};

function extras(request: CustomRequestSummary): string[] {
  return [request.material ? `Material: ${request.material}` : null, request.color ? `Colour: ${request.color}` : null].filter(
    (line): line is string => line !== null,
  );
}

function Details({ request }: { request: CustomRequestSummary }) {
  return (
    <>
      <p style={styles.box}>{request.details}</p>
      {extras(request).map((line) => (
        <p key={line} style={{ ...styles.paragraph, margin: "0 0 4px" }}>
          {line}
        </p>
      ))}
      <p style={{ ...styles.paragraph, margin: "12px 0 4px", fontWeight: "bold" }}>Attachments</p>
      {request.attachments.length === 0 ? (
        <p style={styles.paragraph}>None</p>
      ) : (
        <ul style={{ ...styles.paragraph, paddingLeft: "20px" }}>
          {request.attachments.map((name, index) => (
            <li key={index}>{name}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function detailsText(request: CustomRequestSummary): string[] {
  return [
    request.details,
    "",
    ...extras(request),
    "Attachments:",
    ...(request.attachments.length === 0 ? ["None"] : request.attachments.map((name) => `- ${name}`)),
  ];
}

/** Tells the owner a custom request came in, with everything needed to reply. */
export function renderCustomRequestNotice(request: CustomRequestSummary, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const subject = `New custom request from ${request.name}`;
  const adminLink = shopUrl(publicUrl, "/admin/orders");

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>New custom request {request.id}</h1>
      <p style={styles.paragraph}>
        From {request.name} (
        <a href={`mailto:${request.email}`} style={styles.link}>
          {request.email}
        </a>
        ):
      </p>
      <Details request={request} />
      <ManageLink href={adminLink} />
    </EmailLayout>,
  );

  const text = [
    `New custom request ${request.id}`,
    `From ${request.name} (${request.email}):`,
    "",
    ...detailsText(request),
    "",
    manageText(adminLink),
  ].join("\n");

  return { subject, html, text };
}

/**
 * Tells the sender their request arrived and when to expect an answer. Anyone
 * can type any address into the form, so this email is a fixed text: nothing
 * the sender wrote (name, details, material, colour, file names, links) is in
 * it, only the request id the shop made. The owner's notice carries the rest.
 */
export function renderCustomRequestAcknowledgement(requestId: string, shop: ShopIdentity): RenderedEmail {
  const subject = "We've received your request";
  const intro = `Thank you for your custom print request (${requestId}). We've received it and will look at it shortly. We will reply within 1 business day.`;
  const notYours = "If you did not send this request, you can ignore this email.";

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{subject}</h1>
      <p style={styles.paragraph}>{intro}</p>
      <p style={styles.small}>
        Anything to add? Write to us at{" "}
        <a href={`mailto:${shop.email}`} style={styles.link}>
          {shop.email}
        </a>
        .
      </p>
      <p style={styles.small}>{notYours}</p>
    </EmailLayout>,
  );

  const text = [subject, "", intro, "", `Anything to add? Write to us at ${shop.email}.`, notYours, "", signatureText(shop)].join("\n");

  return { subject, html, text };
}
