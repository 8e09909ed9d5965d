import type { ShopIdentity } from "../../shared/shop-info";
import { formatUkDay, ukToday } from "../../shared/uk-day";
import type { Order } from "../modules/orders/model";
import {
  EmailLayout,
  ManageLink,
  manageText,
  PrivateLinkFooter,
  privateLinkFooterText,
  type RenderedEmail,
  renderEmailHtml,
  shopUrl,
  styles,
} from "./parts";

/** What a hold email says about the question (docs/decisions/0048-order-holds.md). */
export type HoldEmailFacts = {
  /** The reason in words (REASON_LABELS). */
  title: string;
  message: string;
  /** Absolute addresses of the proof pictures. */
  proofs: string[];
  /** The shopper's private link. */
  url: string;
  windowEnds: string;
  defaultAction: "approve" | "wait";
  /** 1 for the first round; a later one says a new proof is ready. */
  version: number;
};

const ANSWER_LINK = "See it and answer";

/** What happens if the shopper does not answer in time: told when the hold opens. */
export function defaultActionText(defaultAction: "approve" | "wait", windowEnds: string): string {
  const day = formatUkDay(windowEnds);
  return defaultAction === "approve"
    ? `If we have not heard from you by ${day}, we will go ahead with the proof as shown.`
    : `If we have not heard from you by ${day}, your order keeps waiting for your answer; we will not make it until you reply.`;
}

/** Asks the shopper for their answer, with the private link (the question's first round, a new round, or a reminder). */
export function renderHoldEmail(order: Order, facts: HoldEmailFacts, shop: ShopIdentity, reminder = false): RenderedEmail {
  const lead = reminder
    ? `A reminder: your order ${order.id} is waiting for your answer`
    : facts.version > 1
      ? `A new proof for your order ${order.id}`
      : `Your order ${order.id} needs your input`;
  const subject = `${lead} (${shop.name})`;
  const greeting = order.shipping_name ? `Hello ${order.shipping_name},` : "Hello,";
  const paused = "We have paused making your order until you answer; your dispatch date moves on by the days it waits.";
  const fallback = defaultActionText(facts.defaultAction, facts.windowEnds);

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{greeting}</h1>
      <p style={styles.paragraph}>
        <strong>{facts.title}.</strong> {paused}
      </p>
      <p style={styles.box}>{facts.message}</p>
      {facts.proofs.map((proof) => (
        <p key={proof} style={{ margin: "0 0 12px" }}>
          <img src={proof} alt="Proof" width={280} style={{ maxWidth: "100%", borderRadius: 8 }} />
        </p>
      ))}
      <PrivateLinkFooter href={facts.url} label={ANSWER_LINK} after={fallback} shop={shop} />
    </EmailLayout>,
  );
  const text = [
    greeting,
    "",
    `${facts.title}. ${paused}`,
    "",
    facts.message,
    "",
    ...privateLinkFooterText(facts.url, ANSWER_LINK, fallback, shop),
  ].join("\n");
  return { subject, html, text };
}

/** What the owner is told when the shopper (or the default) answers. */
export type HoldAnswerFacts = {
  answer: "approved" | "changes_requested" | "cancelled" | "lapsed" | "window_passed";
  message: string | null;
  replaced: boolean;
};

const ANSWER_WORDS: Record<HoldAnswerFacts["answer"], string> = {
  approved: "approved the proof",
  changes_requested: "asked for a change",
  cancelled: "cancelled the order (refunded in full)",
  lapsed: "did not answer in time, so the proof went ahead as sent",
  window_passed: "has not answered in time; the order keeps waiting",
};

export function renderHoldAnswerNotice(
  order: Order,
  facts: HoldAnswerFacts,
  publicUrl: string,
  shop: ShopIdentity,
  at: Date,
): RenderedEmail {
  const who = order.shipping_name ?? order.email ?? "The customer";
  const subject = `Order ${order.id}: ${who} ${ANSWER_WORDS[facts.answer]}`;
  const link = shopUrl(publicUrl, `/admin/orders?order=${encodeURIComponent(order.id)}`);
  const replaced = facts.replaced ? "They sent a replacement file; the order line now uses it." : null;
  const next =
    facts.answer === "changes_requested"
      ? "Send a new proof round from the order when it is ready."
      : facts.answer === "cancelled"
        ? "Nothing to make."
        : facts.answer === "window_passed"
          ? "Nothing changes until they answer: copy their link from the order to remind them yourself."
          : "The order is back in To make.";
  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{subject}</h1>
      <p style={styles.paragraph}>On {formatUkDay(ukToday(at))}.</p>
      {facts.message && <p style={styles.box}>{facts.message}</p>}
      {replaced && <p style={styles.paragraph}>{replaced}</p>}
      <p style={styles.paragraph}>{next}</p>
      <ManageLink href={link} />
    </EmailLayout>,
  );
  const text = [
    subject,
    "",
    `On ${formatUkDay(ukToday(at))}.`,
    ...(facts.message ? ["", facts.message] : []),
    ...(replaced ? ["", replaced] : []),
    "",
    next,
    "",
    manageText(link),
  ].join("\n");
  return { subject, html, text };
}
