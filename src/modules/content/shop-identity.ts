import { DEFAULT_SHOP_IDENTITY, type ShopIdentity } from "../../../shared/shop-info";

/** Who the shop is, as configuration entries the owner edits in /admin (docs/decisions/0021-shop-identity-in-configuration.md). */
export const SHOP_IDENTITY_KEYS = [
  "shop_name",
  "trader_name",
  "trader_address",
  "contact_email",
  "vat_number",
  "company_number",
  "announcement",
] as const;
export type ShopIdentityKey = (typeof SHOP_IDENTITY_KEYS)[number];

export const SHOP_IDENTITY_DEFAULTS: Record<ShopIdentityKey, string> = {
  shop_name: DEFAULT_SHOP_IDENTITY.name,
  trader_name: "",
  trader_address: "",
  contact_email: DEFAULT_SHOP_IDENTITY.email,
  vat_number: "",
  company_number: "",
  announcement: "",
};

/** The stored entries as the pages and emails use them; the address is stored one line per line. */
export function shopIdentityFrom(config: Record<ShopIdentityKey, string>): ShopIdentity {
  return {
    name: config.shop_name.trim() || DEFAULT_SHOP_IDENTITY.name,
    traderName: config.trader_name.trim(),
    traderAddress: config.trader_address
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== ""),
    email: config.contact_email.trim() || DEFAULT_SHOP_IDENTITY.email,
    vatNumber: config.vat_number.trim(),
    companyNumber: config.company_number.trim(),
    announcement: config.announcement.trim(),
  };
}
