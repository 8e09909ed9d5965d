import type { ShopIdentity } from "../../shared/shop-info";

type PrivacyNoticeProps = { shop: ShopIdentity; keptAfterDispatchDays: number; unpaidUploadDays: number };

/**
 * What the shop collects, why, who handles it for us and how long each is kept (UK GDPR
 * articles 13 and 14; docs/product.md#privacy-notice). The periods are the shop's real ones:
 * files go after the configured days (upload_retention_days, the unpaid-upload clean-up's
 * UPLOAD_RETENTION_DAYS), and Litestream's replica keeps 7 days of history (litestream.yml).
 */
export function PrivacyNotice({ shop, keptAfterDispatchDays, unpaidUploadDays }: PrivacyNoticeProps) {
  return (
    <section aria-labelledby="privacy">
      <h2 id="privacy">Privacy: your details and your files</h2>
      <p>
        {shop.traderName || shop.name} is responsible for the personal details you give this shop. We use them only to make, deliver and
        answer questions about what you order, and we never sell them or use them for advertising.
      </p>
      <h3>What we collect, why, and how long we keep it</h3>
      <ul>
        <li>
          <strong>Your order</strong> — name, email, delivery and billing address and what you bought: to make and deliver it and to email
          you about it. Kept for six years, because HMRC requires business records to be kept that long.
        </li>
        <li>
          <strong>Your files</strong> — GPX routes, photos and custom request attachments: used only to make your item. Deleted{" "}
          {keptAfterDispatchDays} days after your order is dispatched; files for an order that is never paid are deleted after{" "}
          {unpaidUploadDays} days.
        </li>
        <li>
          <strong>Custom requests</strong> — your name, email and message: to answer you and quote. Kept with the request and its order, or
          until you ask us to delete them.
        </li>
        <li>
          <strong>Your network address</strong> — only ever stored scrambled, one way, to stop the same visitor flooding our forms.
        </li>
        <li>
          <strong>On your device</strong> — your basket and your light or dark choice stay in your browser; we set no tracking or
          advertising cookies.
        </li>
      </ul>
      <h3>Who handles your details for us</h3>
      <ul>
        <li>
          <strong>Stripe</strong>, our card provider: takes your payment. Your card details go to Stripe only; Stripe keeps payment records
          as the law requires it to.
        </li>
        <li>
          <strong>Resend</strong>, our email provider: delivers the emails about your order and requests.
        </li>
        <li>
          <strong>Our host</strong>: the server this shop runs on, which stores the details and files above.
        </li>
        <li>
          <strong>Our backup store</strong>: a copy of the shop's records (not your files) streamed to secure storage so nothing is lost if
          the server fails. It keeps 7 days of history, so anything we delete is gone from the backup within 7 days.
        </li>
      </ul>
      <p>
        To see, correct or delete your details, or to complain about how we handle them, email{" "}
        <a href={`mailto:${shop.email}`}>{shop.email}</a>. You can also complain to the Information Commissioner's Office (ico.org.uk).
      </p>
    </section>
  );
}
