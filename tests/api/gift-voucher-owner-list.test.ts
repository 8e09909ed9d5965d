import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { SHORT_SEARCH_MESSAGE } from "../../src/db/fts-search";
import { writeTransaction } from "../../src/db/transaction";
import { newVoucherCode } from "../../src/modules/gift-vouchers/codes";
import { ADMIN_VOUCHER_PAGE, type AdminVoucherList } from "../../src/modules/gift-vouchers/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";

// The owner's GET /api/admin/gift-vouchers on a shop with years of vouchers (docs/decisions/0058-vouchers-bounded.md):
// a page is never longer than ADMIN_VOUCHER_PAGE, newest first, its totals over every voucher; a search goes through
// the indexes of migration 0042 and finds what the owner types of an address; fewer than three characters is a 400.

/** Tuesday 1 December 2026, 10:00 UK (GMT). */
const clock = new Date("2026-12-01T10:00:00Z");
const MANY = 2500;
let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({}, { now: () => clock });
});
afterEach(() => shop.close());

/** Issues `count` £20 vouchers, the n-th a day after the one before it, as fulfilment would (the store, one transaction). */
function issueMany(count: number, buyer: (n: number) => string, recipient: (n: number) => string | null = () => null) {
  const store = shop.deps.giftVouchers.store;
  writeTransaction(shop.db, () => {
    for (let n = 0; n < count; n++) {
      const { id } = store.issue({
        code: newVoucherCode(),
        amount_pence: 2000,
        order_id: null,
        buyer_email: buyer(n),
        recipient_email: recipient(n),
        send_on: null,
        message: null,
        expires_on: "2028-11-30",
      });
      const issuedAt = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString();
      shop.db.run("UPDATE gift_vouchers SET created_at = ? WHERE id = ?", [issuedAt, id]);
    }
  });
}

const path = (q?: string) => `/api/admin/gift-vouchers${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`;
const list = (q?: string) => shop.call<AdminVoucherList>(path(q));
/** The same call when it is refused. */
const refusal = (q: string) => shop.call<{ error: string }>(path(q));

const newestFirst = (vouchers: AdminVoucherList["vouchers"]) =>
  vouchers.every((voucher, n) => n === 0 || vouchers[n - 1]!.issued_at > voucher.issued_at);

describe(`with ${MANY} vouchers`, () => {
  beforeEach(() =>
    issueMany(
      MANY,
      (n) => `buyer${n}@example.com`,
      (n) => (n % 2 === 0 ? `friend${n}@family.org.uk` : null),
    ),
  );

  test("the list is the newest page, newest first, with totals over every voucher", async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.body.vouchers).toHaveLength(ADMIN_VOUCHER_PAGE);
    expect(answer.body.vouchers[0]!.buyer_email).toBe(`buyer${MANY - 1}@example.com`);
    expect(newestFirst(answer.body.vouchers)).toBe(true);
    expect(answer.body.totals).toEqual({ sold_pence: MANY * 2000, spent_pence: 0, outstanding_pence: MANY * 2000 });
  });

  test("a search every voucher matches answers the newest page of them, no more", async () => {
    for (const q of ["example.com", "buyer"]) {
      const answer = await list(q);
      expect(answer.status).toBe(200);
      expect(answer.body.vouchers).toHaveLength(ADMIN_VOUCHER_PAGE);
      expect(answer.body.vouchers[0]!.buyer_email).toBe(`buyer${MANY - 1}@example.com`);
      expect(newestFirst(answer.body.vouchers)).toBe(true);
    }
    const recipients = await list("family.org.uk");
    expect(recipients.body.vouchers).toHaveLength(ADMIN_VOUCHER_PAGE);
    expect(recipients.body.vouchers.every((voucher) => voucher.recipient_email?.endsWith("@family.org.uk"))).toBe(true);
  });

  test("a whole address, its beginning and a part inside it find that voucher among them", async () => {
    const emailsOf = async (q: string) => (await list(q)).body.vouchers.map((voucher) => voucher.buyer_email);
    expect(await emailsOf("buyer1234@example.com")).toEqual(["buyer1234@example.com"]);
    expect(await emailsOf("BUYER1234@")).toEqual(["buyer1234@example.com"]);
    expect(await emailsOf("friend1234@family")).toEqual(["buyer1234@example.com"]);
    expect(await emailsOf("yer2499@ex")).toEqual(["buyer2499@example.com"]);
    expect(await emailsOf("buyer9999@example.com")).toEqual([]);
  });
});

describe("what the owner types", () => {
  beforeEach(() => issueMany(3, (n) => ["ada@example.com", "bob@example.com", 'o"neil@example.com'][n]!));

  test("the last group of a code finds its voucher", async () => {
    const { vouchers } = (await list()).body;
    const tail = vouchers[1]!.code.slice(-4);
    const found = (await list(tail.toLowerCase())).body.vouchers;
    expect(found.map((voucher) => voucher.id)).toContain(vouchers[1]!.id);
    expect(found.every((voucher) => voucher.code.endsWith(tail) || voucher.buyer_email?.includes(tail.toLowerCase()))).toBe(true);
  });

  test("three characters are enough", async () => {
    const answer = await list("ada");
    expect(answer.status).toBe(200);
    expect(answer.body.vouchers.map((voucher) => voucher.buyer_email)).toEqual(["ada@example.com"]);
  });

  test("two characters are refused with 400 saying to type at least three", async () => {
    const answer = await refusal("ad");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: SHORT_SEARCH_MESSAGE });
    expect(SHORT_SEARCH_MESSAGE).toBe("Type at least 3 characters to search.");
  });

  test("two characters with spaces around them are refused the same", async () => {
    const answer = await refusal("  ad  ");
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "Type at least 3 characters to search." });
  });

  test("spaces alone are no search: the newest page", async () => {
    const answer = await list("   ");
    expect(answer.status).toBe(200);
    expect(answer.body.vouchers).toHaveLength(3);
  });

  test("search syntax and quotes are taken as typed", async () => {
    const emailsOf = async (q: string) => (await list(q)).body.vouchers.map((voucher) => voucher.buyer_email);
    expect(await emailsOf('o"neil')).toEqual(['o"neil@example.com']);
    expect(await emailsOf("ada OR bob")).toEqual([]);
    expect(await emailsOf("ada*")).toEqual([]);
    expect(await emailsOf("NEAR(ada bob)")).toEqual([]);
  });
});
