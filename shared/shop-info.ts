/**
 * Who the shop is. The owner sets the identity in /admin (configuration keys
 * shop_name, trader_name, trader_address, contact_email, vat_number,
 * company_number and announcement; docs/decisions/0021-shop-identity-in-configuration.md);
 * pages read it per request through the root loader (web/lib/use-shop.ts),
 * emails when they are queued. The words below are the shop's voice, not settings.
 */
export type ShopIdentity = {
  name: string;
  /** The legal name of whoever sells (a person or a company); blank until the owner sets it. */
  traderName: string;
  /** A geographic address, one entry a line; empty until the owner sets it. */
  traderAddress: string[];
  /** The public contact address (OWNER_EMAIL, where notices go, is never shown). */
  email: string;
  vatNumber: string;
  companyNumber: string;
  /** One line shown in a bar on shop pages; blank shows none. */
  announcement: string;
};

/** What a shop that has never been configured shows (and the error page, when the layout's data cannot load). */
export const DEFAULT_SHOP_IDENTITY: ShopIdentity = {
  name: "Strata",
  traderName: "",
  traderAddress: [],
  email: "hello@strata-prints.co.uk",
  vatNumber: "",
  companyNumber: "",
  announcement: "",
};

export const SHOP = {
  tagline: "Custom 3D prints, made to order in the UK",
  replyPromise: "We reply within 1 business day.",
} as const;

export function shopDescription(name: string): string {
  return `${name} prints route relief maps from your GPX files, lithophanes from your photos, and useful things for home and garden — each one made to order in the UK.`;
}

/** The trader and address on one line ("Strata Prints Ltd, 7 Mill Yard, Kendal"); blank while neither is set. */
export function traderLine(shop: ShopIdentity): string {
  return [shop.traderName, ...shop.traderAddress].filter((part) => part !== "").join(", ");
}
