import { type ShopIdentity, shopDescription } from "../../shared/shop-info";

/** A UK postcode, as written on an address line ("LA9 6NZ"). */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

/** schema.org Store: who the shop is, for search results and link previews, from the configured identity. */
export function storeJsonLd(shop: ShopIdentity): Record<string, unknown> {
  const postcode = shop.traderAddress.find((line) => UK_POSTCODE.test(line));
  const street = shop.traderAddress.filter((line) => line !== postcode);
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    name: shop.name,
    description: shopDescription(shop.name),
    email: shop.email,
    ...(shop.traderName && { legalName: shop.traderName }),
    ...(shop.vatNumber && { vatID: shop.vatNumber }),
    ...(shop.companyNumber && { identifier: { "@type": "PropertyValue", propertyID: "Company number", value: shop.companyNumber } }),
    ...(street.length > 0 && {
      address: {
        "@type": "PostalAddress",
        streetAddress: street.join(", "),
        ...(postcode && { postalCode: postcode }),
        addressCountry: "GB",
      },
    }),
  };
}
