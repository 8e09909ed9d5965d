import { z } from "zod";
import { BadRequest } from "../../errors";
import { SHOP_IDENTITY_KEYS, type ShopIdentityKey } from "../content/shop-identity";
import { plainLine } from "./plain-line";

const MAX_SHOP_NAME = 80;
const MAX_TRADER_NAME = 120;
const MAX_ANNOUNCEMENT = 200;
const MAX_ADDRESS_LINES = 8;
const MAX_ADDRESS_LINE = 100;
const MAX_EMAIL = 254;

const TRADER_NAME_NEEDED = "Enter the trader's name: your own name, or your company's registered name.";
const ADDRESS_NEEDED = "Enter the business's geographic address, one part a line, with at least the street and the town and postcode.";
const NOT_A_PO_BOX = "Enter a geographic address where the business can be found; a PO Box is not enough.";
const EMAIL_NEEDED = "The contact email must be an email address, such as hello@example.co.uk.";
const VAT_FORMAT = "Enter the VAT number as GB followed by 9 digits, such as GB123456789, or leave it blank.";
const COMPANY_FORMAT = "Enter the company number as 8 characters, such as 01234567 or SC123456, or leave it blank.";

const emailSchema = z.email();

export function isShopIdentityKey(key: string): key is ShopIdentityKey {
  return (SHOP_IDENTITY_KEYS as readonly string[]).includes(key);
}

/**
 * The shop's identity as the law asks a distance seller to give it (Consumer
 * Contracts Regulations 2013, schedule 2): who trades, a geographic address, an
 * email (docs/decisions/0021-shop-identity-in-configuration.md). What is stored
 * is always the clean form.
 */
export function normaliseShopIdentity(key: ShopIdentityKey, raw: string): string {
  switch (key) {
    case "shop_name":
      return required(plainLine(raw, "The shop's name", MAX_SHOP_NAME), "Enter the shop's name; it cannot be blank.");
    case "trader_name":
      return required(plainLine(raw, "The trader's name", MAX_TRADER_NAME), TRADER_NAME_NEEDED);
    case "trader_address":
      return geographicAddress(raw);
    case "contact_email":
      return contactEmail(raw);
    case "vat_number":
      return vatNumber(raw);
    case "company_number":
      return companyNumber(raw);
    case "announcement":
      return plainLine(raw, "The announcement", MAX_ANNOUNCEMENT);
  }
}

function required(text: string, message: string): string {
  if (text === "") throw new BadRequest(message);
  return text;
}

/** Stored one part a line, blank lines dropped: the pages and emails print it line by line. */
function geographicAddress(raw: string): string {
  const lines = raw
    .split(/\r\n|\r|\n/)
    .map((line, index) => plainLine(line, `Line ${index + 1} of the address`, MAX_ADDRESS_LINE))
    .filter((line) => line !== "");
  if (lines.length < 2) throw new BadRequest(ADDRESS_NEEDED);
  if (lines.length > MAX_ADDRESS_LINES) throw new BadRequest(`The address must be at most ${MAX_ADDRESS_LINES} lines.`);
  if (lines.some((line) => /\bP\.?\s*O\.?\s*Box\b/i.test(line))) throw new BadRequest(NOT_A_PO_BOX);
  return lines.join("\n");
}

function contactEmail(raw: string): string {
  const text = raw.trim();
  if (text.length > MAX_EMAIL || !emailSchema.safeParse(text).success) throw new BadRequest(EMAIL_NEEDED);
  return text;
}

/** UK VAT numbers: GB (or XI in Northern Ireland) and 9 or 12 digits; spaces as printed on invoices are fine. */
function vatNumber(raw: string): string {
  const text = raw.replace(/\s+/g, "").toUpperCase();
  if (text === "") return "";
  const match = /^(GB|XI)?(\d{9}|\d{12})$/.exec(text);
  if (!match) throw new BadRequest(VAT_FORMAT);
  return `${match[1] ?? "GB"}${match[2]}`;
}

/** Companies House numbers: 8 digits, or 2 letters (SC, NI, OC …) and 6 digits. */
function companyNumber(raw: string): string {
  const text = raw.replace(/\s+/g, "").toUpperCase();
  if (text === "") return "";
  if (!/^(\d{8}|[A-Z]{2}\d{6})$/.test(text)) throw new BadRequest(COMPANY_FORMAT);
  return text;
}
