import type { ShopIdentity } from "../../shared/shop-info";

/** Company and VAT numbers, when the owner has given them. */
function registrationLines(shop: ShopIdentity): string[] {
  return [
    shop.companyNumber ? `Company number ${shop.companyNumber}` : null,
    shop.vatNumber ? `VAT number ${shop.vatNumber}` : null,
  ].filter((line): line is string => line !== null);
}

/**
 * Who sells, as the Consumer Contracts Regulations ask a distance seller to say it:
 * the trader's name, a geographic address, the contact email and any registration numbers.
 */
export function TraderDetails({ shop }: { shop: ShopIdentity }) {
  return (
    <address className="trader-details">
      {shop.traderName && <strong>{shop.traderName}</strong>}
      {shop.traderAddress.map((line) => (
        <span key={line}>{line}</span>
      ))}
      <a href={`mailto:${shop.email}`}>{shop.email}</a>
      {registrationLines(shop).map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

/** The same facts on one line, for the foot of every page; nothing until the owner has said who trades. */
export function TraderFooterLine({ shop }: { shop: ShopIdentity }) {
  if (!shop.traderName && shop.traderAddress.length === 0) return null;
  const parts = [shop.traderName, shop.traderAddress.join(", "), ...registrationLines(shop)].filter((part) => part !== "");
  return <p className="site-footer__small site-footer__trader">{parts.join(" · ")}</p>;
}
