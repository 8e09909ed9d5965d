import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { DISCOUNT_CODES_PAGE_SIZE } from "../../src/modules/discount-codes/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { countRows } from "../support/test-app";

// The owner's discount codes in code order, a page at a time by cursor however many codes years of offers leave
// (docs/decisions/0059-every-list-bounded.md).

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
});
afterEach(() => shop.close());

/** `count` codes as the owner's saves leave them, from CODE0000 on. */
function addCodes(count: number, from = 0) {
  const insert = shop.db.query("INSERT INTO discount_codes (code, percent_off) VALUES (?, 10)");
  for (let n = from; n < from + count; n++) insert.run(`CODE${String(n).padStart(4, "0")}`);
}

async function page(cursor?: string) {
  const answer = await shop.call<{ code: string }[]>(`/api/admin/discount-codes${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
  expect(answer.status).toBe(200);
  return {
    codes: answer.body.map((each) => each.code),
    next: answer.response.headers.get("x-next-cursor"),
    size: answer.response.headers.get("x-page-size"),
  };
}

const inCodeOrder = () =>
  shop.db
    .query<{ code: string }, []>("SELECT code FROM discount_codes ORDER BY code")
    .all()
    .map((row) => row.code);

describe("GET /api/admin/discount-codes", () => {
  test("with more codes than a page, the plain call answers the first page in code order, its size and where the next starts", async () => {
    addCodes(DISCOUNT_CODES_PAGE_SIZE + 30);
    const first = await page();
    expect(first.codes).toEqual(inCodeOrder().slice(0, DISCOUNT_CODES_PAGE_SIZE));
    expect(first.size).toBe(String(DISCOUNT_CODES_PAGE_SIZE));
    expect(first.next).toBeTruthy();
  });

  test("following the cursor gives every code once, and the last page has no cursor", async () => {
    addCodes(DISCOUNT_CODES_PAGE_SIZE * 2 + 5);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { codes, next } = await page(cursor);
      seen.push(...codes);
      cursor = next ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(inCodeOrder());
  });

  test("codes saved while the owner pages on land where their name puts them; no code already passed comes again", async () => {
    addCodes(DISCOUNT_CODES_PAGE_SIZE + 10);
    const first = await page();
    addCodes(5, 9000); // after every code so far
    shop.db.query("INSERT INTO discount_codes (code, percent_off) VALUES ('AAA', 10)").run(); // before every one
    const second = await page(first.next ?? undefined);
    expect(second.codes).toEqual(inCodeOrder().filter((code) => code > (first.codes.at(-1) ?? "")));
    expect(second.codes).not.toContain("AAA");
    expect((await page()).codes[0]).toBe("AAA");
  });

  test("a few codes answer in one page with no cursor, as before", async () => {
    addCodes(3);
    expect(await page()).toEqual({ codes: ["CODE0000", "CODE0001", "CODE0002"], next: null, size: String(DISCOUNT_CODES_PAGE_SIZE) });
  });
});

describe("a cursor the list did not give is refused, and nothing changes", () => {
  const BAD_CURSOR = "This cursor is not one the discount codes list gave. Start again from the first page (leave out cursor).";
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const cases: [string, string][] = [
    ["not base64url JSON", "not-a-cursor!"],
    ["a position that is not one code", cursorOf(["CODE0001", "CODE0002"])],
    ["a code no code could be", cursorOf(["a b"])],
    ["a code in lower case, which the list never gives", cursorOf(["code0001"])],
    ["a cursor longer than any the list gives", "a".repeat(201)],
  ];
  for (const [what, cursor] of cases) {
    test(`${what} answers 400 with the way to start again`, async () => {
      addCodes(3);
      const answer = await shop.call(`/api/admin/discount-codes?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: BAD_CURSOR });
      expect(countRows(shop.db, "discount_codes")).toBe(3);
    });
  }
});
