import { groupVoucherCode } from "../../shared/gift-voucher";
import { formatPence } from "../../shared/money";
import type { ShopIdentity } from "../../shared/shop-info";
import { formatUkDay } from "../../shared/uk-day";
import { EmailLayout, QuestionsLine, questionsText, type RenderedEmail, renderEmailHtml, shopUrl, signatureText, styles } from "./parts";

/** What a voucher email says: the code (shown once, here), its amount, when it ends, and the buyer's words. */
export type VoucherEmail = {
  code: string;
  amountPence: number;
  expiresOn: string;
  /** The buyer's message to the person it is for, printed as typed; null without one. */
  message: string | null;
  /** True when it goes to someone other than the buyer. */
  forSomeoneElse: boolean;
};

/** A gift voucher's code, emailed to the buyer or, on the day they chose, to the person it is for (docs/decisions/0054-gift-vouchers.md). */
export function renderGiftVoucherEmail(voucher: VoucherEmail, publicUrl: string, shop: ShopIdentity): RenderedEmail {
  const amount = formatPence(voucher.amountPence);
  const code = groupVoucherCode(voucher.code);
  const subject = voucher.forSomeoneElse ? `A ${amount} gift voucher for ${shop.name}` : `Your ${amount} gift voucher for ${shop.name}`;
  const opening = voucher.forSomeoneElse
    ? `Someone has sent you a ${amount} gift voucher to spend at ${shop.name}.`
    : `Here is your ${amount} gift voucher to spend at ${shop.name}.`;
  const howTo = `Enter the code in the basket under "Gift voucher" when you check out. It takes money off the whole order, delivery included, and whatever is left stays on the voucher for another order until ${formatUkDay(voucher.expiresOn)}.`;
  const shopLink = shopUrl(publicUrl, "/products");

  const html = renderEmailHtml(
    <EmailLayout title={subject} shop={shop}>
      <h1 style={styles.heading}>{subject}</h1>
      <p style={styles.paragraph}>{opening}</p>
      {voucher.message ? <p style={styles.box}>{voucher.message}</p> : null}
      <p style={styles.paragraph}>Your code:</p>
      <p style={{ ...styles.box, fontSize: "22px", letterSpacing: "2px", fontFamily: "monospace" }}>{code}</p>
      <p style={styles.paragraph}>{howTo}</p>
      <p style={{ margin: "0 0 16px" }}>
        <a href={shopLink} style={styles.button}>
          Visit the shop
        </a>
      </p>
      <QuestionsLine shop={shop} />
    </EmailLayout>,
  );
  const text = [
    opening,
    "",
    ...(voucher.message ? [voucher.message, ""] : []),
    `Your code: ${code}`,
    "",
    howTo,
    "",
    `Visit the shop: ${shopLink}`,
    "",
    questionsText(shop),
    "",
    signatureText(shop),
  ].join("\n");
  return { subject, html, text };
}
