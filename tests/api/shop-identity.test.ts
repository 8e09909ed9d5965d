import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";

// Who the shop is lives in configuration (the { key, value } call of docs/product.md#owner-calls),
// each entry checked and stored in its clean form; a refused one stores nothing
// (docs/decisions/0021-shop-identity-in-configuration.md).

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
});
afterEach(() => shop.close());

function save(key: string, value: unknown) {
  return shop.call<Record<string, string>>("/api/admin/configuration", { method: "POST", body: { key, value } });
}

function stored(): { key: string; value: string }[] {
  return shop.db.query<{ key: string; value: string }, []>("SELECT key, value FROM configuration ORDER BY key").all();
}

describe("saving the shop's identity", () => {
  test("before anything is saved the admin reads the defaults: the shop's name and contact email, everything else blank", async () => {
    expect((await shop.call("/api/admin/configuration")).body).toMatchObject({
      shop_name: "Strata",
      trader_name: "",
      trader_address: "",
      contact_email: "hello@strata-prints.co.uk",
      vat_number: "",
      company_number: "",
      announcement: "",
    });
  });

  const accepted: [string, string, unknown, string][] = [
    ["the shop's name, trimmed and on one line", "shop_name", "  Fellside \n Maps ", "Fellside Maps"],
    ["the trader's name", "trader_name", " Fellside Prints Ltd ", "Fellside Prints Ltd"],
    [
      "an address, one part a line, blank lines and Windows line ends dropped",
      "trader_address",
      " 3 Mill Yard \r\n\r\nKendal\r\n LA9 4QR ",
      "3 Mill Yard\nKendal\nLA9 4QR",
    ],
    ["the contact email", "contact_email", " orders@fellside.example ", "orders@fellside.example"],
    ["a VAT number as printed on an invoice", "vat_number", "gb 123 4567 89", "GB123456789"],
    ["a VAT number without its GB", "vat_number", "123456789", "GB123456789"],
    ["a Northern Ireland VAT number", "vat_number", "XI123456789", "XI123456789"],
    ["a blank VAT number (not registered)", "vat_number", "  ", ""],
    ["a Scottish company number in lower case", "company_number", "sc 123456", "SC123456"],
    ["a blank company number (a sole trader)", "company_number", "", ""],
    ["an announcement", "announcement", "  Last UK posting for Christmas:\t18 December ", "Last UK posting for Christmas: 18 December"],
    ["a blank announcement (none shown)", "announcement", "", ""],
  ];
  for (const [what, key, value, clean] of accepted) {
    test(`${what} is stored as ${JSON.stringify(clean)} and read back`, async () => {
      expect(await save(key, value)).toMatchObject({ status: 200, body: { key, value: clean } });
      expect((await shop.call<Record<string, string>>("/api/admin/configuration")).body[key]).toBe(clean);
    });
  }

  test("saving the same value again leaves the row as it was (the page version only moves for a change)", async () => {
    await save("shop_name", "Fellside Maps");
    const version = () => shop.db.query<{ version: number }, []>("SELECT MAX(version) AS version FROM page_versions").get()?.version;
    const before = version();
    expect((await save("shop_name", "Fellside Maps")).status).toBe(200);
    expect(version()).toBe(before);
  });
});

describe("refused identity entries", () => {
  const refusals: [string, string, unknown, string][] = [
    ["a blank shop name", "shop_name", "   ", "Enter the shop's name; it cannot be blank."],
    ["a shop name over 80 characters", "shop_name", "S".repeat(81), "The shop's name must be at most 80 characters."],
    ["a shop name with HTML", "shop_name", "<b>Fellside</b>", "The shop's name must be plain text, without HTML tags."],
    ["a blank trader name", "trader_name", "", "Enter the trader's name: your own name, or your company's registered name."],
    ["a trader name over 120 characters", "trader_name", "T".repeat(121), "The trader's name must be at most 120 characters."],
    [
      "a one-line address",
      "trader_address",
      "Kendal",
      "Enter the business's geographic address, one part a line, with at least the street and the town and postcode.",
    ],
    [
      "a blank address",
      "trader_address",
      " \n ",
      "Enter the business's geographic address, one part a line, with at least the street and the town and postcode.",
    ],
    [
      "a PO Box",
      "trader_address",
      "PO Box 123\nKendal LA9 4QR",
      "Enter a geographic address where the business can be found; a PO Box is not enough.",
    ],
    [
      "an address of nine lines",
      "trader_address",
      Array.from({ length: 9 }, (_, i) => `Line ${i}`).join("\n"),
      "The address must be at most 8 lines.",
    ],
    [
      "an address line over 100 characters",
      "trader_address",
      `3 Mill Yard\n${"K".repeat(101)}`,
      "Line 2 of the address must be at most 100 characters.",
    ],
    [
      "an address with HTML",
      "trader_address",
      "3 Mill Yard\n<script>x</script>",
      "Line 2 of the address must be plain text, without HTML tags.",
    ],
    [
      "a contact email without an @",
      "contact_email",
      "orders.fellside.example",
      "The contact email must be an email address, such as hello@example.co.uk.",
    ],
    ["a blank contact email", "contact_email", "", "The contact email must be an email address, such as hello@example.co.uk."],
    [
      "a contact email over 254 characters",
      "contact_email",
      `${"a".repeat(64)}@${"b".repeat(190)}.example`,
      "The contact email must be an email address, such as hello@example.co.uk.",
    ],
    [
      "a VAT number of 8 digits",
      "vat_number",
      "GB12345678",
      "Enter the VAT number as GB followed by 9 digits, such as GB123456789, or leave it blank.",
    ],
    [
      "a VAT number of another country",
      "vat_number",
      "FR12345678901",
      "Enter the VAT number as GB followed by 9 digits, such as GB123456789, or leave it blank.",
    ],
    [
      "a company number of 7 digits",
      "company_number",
      "1234567",
      "Enter the company number as 8 characters, such as 01234567 or SC123456, or leave it blank.",
    ],
    [
      "a company number with three letters",
      "company_number",
      "SCO12345",
      "Enter the company number as 8 characters, such as 01234567 or SC123456, or leave it blank.",
    ],
    ["an announcement over 200 characters", "announcement", "A".repeat(201), "The announcement must be at most 200 characters."],
    ["an announcement with HTML", "announcement", 'Sale <a href="x">now</a>', "The announcement must be plain text, without HTML tags."],
    [
      "an address sent as a list",
      "trader_address",
      ["3 Mill Yard", "Kendal"],
      "Send one setting as { key, value }, with the value as text.",
    ],
  ];
  for (const [what, key, value, error] of refusals) {
    test(`${what} answers 400 '${error}' and stores nothing`, async () => {
      await save("shop_name", "Fellside Maps");
      const before = stored();
      expect(await save(key, value)).toMatchObject({ status: 400, body: { error } });
      expect(stored()).toEqual(before);
    });
  }

  test("the identity needs the owner signed in: 401 and nothing stored", async () => {
    const response = await shop.request("/api/admin/configuration", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key: "shop_name", value: "Taken over" }),
    });
    expect(response.status).toBe(401);
    expect(stored()).toEqual([]);
  });
});
