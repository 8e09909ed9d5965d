import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { groupVoucherCode, VOUCHER_MESSAGES } from "../../shared/gift-voucher";
import { ADMIN_VOUCHER_MESSAGES } from "../../src/modules/gift-vouchers/model";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { ageCheckouts, confirmCheckout, finishOnOwnPage, sessionIdOf, stockOf } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { addVoucherProducts, checkVoucher, startCheckout, voucherBalanceOf, voucherCodeOf, voucherLine } from "../support/gift-vouchers";
import { type ResendStandIn, startResendStandIn } from "../support/resend-stand-in";
import { countRows } from "../support/test-app";

// Gift vouchers (docs/decisions/0054-gift-vouchers.md): a voucher product bought with `voucher: { amount_pence, … }`,
// issued with a code when paid and emailed through the outbox (to the person it is for on the chosen day), checked
// by code, spent at checkout as money off the whole order, held with the stock and given back when the payment
// session ends unpaid.

/** Tuesday 1 December 2026, 10:00 UK (GMT). */
let clock = new Date("2026-12-01T10:00:00Z");
let shop: OwnerShop;
let resend: ResendStandIn;

beforeAll(() => {
  resend = startResendStandIn();
});
afterAll(() => resend.stop());

beforeEach(async () => {
  clock = new Date("2026-12-01T10:00:00Z");
  shop = await createOwnerShop(
    { RESEND_API_KEY: resend.apiKey, RESEND_API_BASE: resend.url, MAIL_FROM: "shop@strata.test" },
    { now: () => clock },
  );
  addProduct(shop.db, BIRD_FEEDER); // £24, 5 on the shelf
  addVoucherProducts(shop.db);
});
afterEach(() => shop.close());

type Body = Record<string, unknown>;

const checkout = (body: Body) => startCheckout(shop, body);

async function pay(body: Body): Promise<string> {
  const started = await checkout(body);
  expect(started.status).toBe(200);
  const sessionId = sessionIdOf(started.body.url ?? "");
  expect((await finishOnOwnPage(shop, started.body.url ?? "")).status).toBe(303);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return confirm.body.orderId;
}

/** Buys one voucher and reads its code from the email that carries it. */
async function buyVoucher(voucher: Body = { amount_pence: 5000 }): Promise<{ orderId: string; code: string }> {
  const orderId = await pay({ items: [voucherLine(voucher)] });
  return { orderId, code: voucherCodeOf(shop.db, orderId) };
}

const check = (code: unknown) => checkVoucher(shop, code);
const balanceOf = (code: string) => voucherBalanceOf(shop, code);

describe("voucher products", () => {
  test("carry kind: voucher in the public and the admin product answers; other products kind: item", async () => {
    const catalogue = await shop.json<{ id: string; kind: string }[]>("/api/catalog");
    const kinds = Object.fromEntries(catalogue.body.map((product) => [product.id, product.kind]));
    expect(kinds).toEqual({ feeder: "item", voucher: "voucher", "set-voucher": "voucher" });
    expect((await shop.json<{ kind: string }>("/api/products/voucher")).body.kind).toBe("voucher");
    const admin = await shop.call<{ id: string; kind: string }>("/api/admin/products/voucher");
    expect(admin.body.kind).toBe("voucher");
  });

  test("the owner makes a product a voucher, and back, through the product call", async () => {
    const stored = await shop.call<Body>("/api/admin/products/feeder");
    const saved = await shop.call<{ kind: string }>("/api/admin/products", { method: "POST", body: { ...stored.body, kind: "voucher" } });
    expect(saved.body.kind).toBe("voucher");
    const refused = await shop.call<{ error: string }>("/api/admin/products", { method: "POST", body: { ...stored.body, kind: "card" } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'The kind must be "item" or "voucher".' } });
  });
});

describe("buying a voucher", () => {
  test("paying issues a grouped code emailed to the buyer at once; its balance is the amount, valid 24 months", async () => {
    const { orderId, code } = await buyVoucher({ amount_pence: 5000, message: "Happy birthday" });
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    const email = listOutbox(shop.db, { orderId }).find((row) => row.kind === "gift-voucher")!;
    expect(email.recipient).toBe("ada@example.co.uk");
    expect(email.next_attempt_at <= clock.toISOString()).toBe(true);
    expect(email.text).toContain("Happy birthday");
    expect(await check(code)).toMatchObject({ status: 200, body: { balance_pence: 5000, expires_on: "2028-11-30" } });
    // The code is never stored: its hash and last group are.
    const row = shop.db.query<{ code_hash: string; code_tail: string }, []>("SELECT code_hash, code_tail FROM gift_vouchers").get()!;
    expect(row.code_tail).toBe(code.slice(-4));
    expect(JSON.stringify(shop.db.query("SELECT * FROM gift_vouchers").all())).not.toContain(code.replaceAll("-", ""));
  });

  test("the voucher line needs no stock and no dispatch date: the order has none", async () => {
    const { orderId } = await buyVoucher();
    const order = shop.db.query<{ dispatch_by: string | null }, [string]>("SELECT dispatch_by FROM orders WHERE id = ?").get(orderId)!;
    expect(order.dispatch_by).toBeNull();
    expect(stockOf(shop.db, "voucher")).toBeNull();
  });

  test("one for someone else with a send date waits in the outbox until that morning, then the delivery sends it to them", async () => {
    const { orderId, code } = await buyVoucher({ amount_pence: 2000, recipient_email: "gran@example.com", send_on: "2026-12-24" });
    const email = listOutbox(shop.db, { orderId }).find((row) => row.kind === "gift-voucher")!;
    expect(email.recipient).toBe("gran@example.com");
    expect(email.next_attempt_at).toBe("2026-12-24T08:00:00.000Z");
    await shop.deps.outbox.deliverDue(20, new Date("2026-12-24T07:59:00Z"));
    expect(resend.delivered.some((sent) => sent.to.includes("gran@example.com"))).toBe(false);
    await shop.deps.outbox.deliverDue(20, new Date("2026-12-24T08:00:00Z"));
    const sent = resend.delivered.find((each) => each.to.includes("gran@example.com"));
    expect(sent?.text).toContain(`Your code: ${groupVoucherCode(code)}`);
  });

  test("a voucher in the owner's amounts is bought as the chosen option, at its price", async () => {
    const orderId = await pay({ items: [{ id: "set-voucher", variantId: "set-50", voucher: { amount_pence: 5000 } }] });
    const row = shop.db.query<{ amount_pence: number }, [string]>("SELECT amount_pence FROM gift_vouchers WHERE order_id = ?").get(orderId);
    expect(row?.amount_pence).toBe(5000);
  });
});

describe("a voucher line refused, nothing stored", () => {
  async function refused(items: unknown[], status: number, error: string) {
    const answer = await checkout({ items });
    expect(answer).toMatchObject({ status, body: { error } });
    expect(countRows(shop.db, "checkouts")).toBe(0);
    expect(countRows(shop.db, "gift_vouchers")).toBe(0);
  }

  test("no voucher details on a voucher product", () => refused([{ id: "voucher" }], 400, VOUCHER_MESSAGES.voucherMissing("Gift voucher")));
  test("an amount left out", () => refused([voucherLine({})], 400, VOUCHER_MESSAGES.amountMissing));
  test("an amount that is not whole pence", () => refused([voucherLine({ amount_pence: 10.5 })], 400, VOUCHER_MESSAGES.amountNotWhole));
  test("an amount as text", () => refused([voucherLine({ amount_pence: "50" })], 400, VOUCHER_MESSAGES.amountNotWhole));
  test("a free amount below £10", () => refused([voucherLine({ amount_pence: 999 })], 400, VOUCHER_MESSAGES.amountRange));
  test("a free amount above £200", () => refused([voucherLine({ amount_pence: 20001 })], 400, VOUCHER_MESSAGES.amountRange));
  test("an amount the owner does not sell", () =>
    refused(
      [{ id: "set-voucher", variantId: "set-25", voucher: { amount_pence: 3000 } }],
      400,
      VOUCHER_MESSAGES.amountNotOffered("Set gift voucher"),
    ));
  test("a recipient's email that is not one", () =>
    refused([voucherLine({ amount_pence: 2000, recipient_email: "gran at home" })], 400, VOUCHER_MESSAGES.recipientEmail));
  test("a send date that is not a day", () =>
    refused(
      [voucherLine({ amount_pence: 2000, recipient_email: "gran@example.com", send_on: "2026-02-30" })],
      400,
      VOUCHER_MESSAGES.sendOnNotDay,
    ));
  test("a send date already past in the UK", () =>
    refused(
      [voucherLine({ amount_pence: 2000, recipient_email: "gran@example.com", send_on: "2026-01-01" })],
      400,
      VOUCHER_MESSAGES.sendOnPast,
    ));
  test("a send date more than a year ahead", () =>
    refused(
      [voucherLine({ amount_pence: 2000, recipient_email: "gran@example.com", send_on: "2028-01-01" })],
      400,
      VOUCHER_MESSAGES.sendOnTooFar,
    ));
  test("a send date without a recipient", () =>
    refused([voucherLine({ amount_pence: 2000, send_on: "2026-12-24" })], 400, VOUCHER_MESSAGES.sendOnWithoutRecipient));
  test("a message too long", () =>
    refused([voucherLine({ amount_pence: 2000, message: "x".repeat(251) })], 400, VOUCHER_MESSAGES.messageTooLong));
  test("a message with a control character", () =>
    refused([voucherLine({ amount_pence: 2000, message: "Happy\tbirthday" })], 400, VOUCHER_MESSAGES.messageControl));
  test("voucher details on a product that is not a voucher", () =>
    refused([{ id: "feeder", voucher: { amount_pence: 2000 } }], 400, VOUCHER_MESSAGES.notVoucherProduct("Bird feeder")));
});

describe("POST /api/gift-vouchers/check", () => {
  test("answers the balance and last day, whatever the case, spaces or hyphens typed", async () => {
    const { code } = await buyVoucher({ amount_pence: 3000 });
    const typed = code.toLowerCase().replaceAll("-", " ");
    expect(await check(typed)).toEqual(expect.objectContaining({ status: 200, body: { balance_pence: 3000, expires_on: "2028-11-30" } }));
  });

  test("an unknown, a void and an expired code answer the same 404", async () => {
    const { code: voided } = await buyVoucher();
    const { code: expiring } = await buyVoucher();
    shop.db.query("UPDATE gift_vouchers SET voided_at = 'x', void_reason = 'test' WHERE code_tail = ?").run(voided.slice(-4));
    const unknown = await check("2222-3333-4444-5555");
    const void_ = await check(voided);
    clock = new Date("2028-12-01T10:00:00Z");
    const expired = await check(expiring);
    for (const answer of [unknown, void_, expired])
      expect(answer).toMatchObject({ status: 404, body: { error: VOUCHER_MESSAGES.notFound } });
  });

  test("a blank code is a 400 asking for one", async () => {
    expect(await check("  ")).toMatchObject({ status: 400, body: { error: VOUCHER_MESSAGES.codeMissing } });
  });

  test("is limited per address like the discount checks", async () => {
    for (let n = 0; n < 10; n++) expect((await check("2222-3333-4444-5555")).status).toBe(404);
    expect(await check("2222-3333-4444-5555")).toMatchObject({ status: 429, body: { error: VOUCHER_MESSAGES.tooManyChecks } });
  });
});

describe("spending a voucher at checkout", () => {
  test("takes money off the order, held with the stock and spent when paid; the order carries voucher_cents", async () => {
    const { code } = await buyVoucher({ amount_pence: 1000 });
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: code });
    const order = await shop.call<{ voucher_cents: number; amount_cents: number; subtotal_cents: number }>(`/api/admin/orders/${orderId}`);
    // £24 + £5 delivery − £10.
    expect(order.body).toMatchObject({ voucher_cents: 1000, subtotal_cents: 2400, amount_cents: 1900 });
    expect(await balanceOf(code)).toBe(0);
    const kinds = shop.db
      .query<{ kind: string }, []>("SELECT kind FROM gift_voucher_ledger ORDER BY id")
      .all()
      .map((row) => row.kind);
    expect(kinds).toEqual(["issue", "hold", "release", "spend"]);
  });

  test("pays the delivery too, never below zero, leaving the rest on the voucher", async () => {
    const { code } = await buyVoucher({ amount_pence: 20000 });
    const started = await checkout({ items: [{ id: "feeder" }], voucherCode: code });
    expect(started.status).toBe(200);
    const row = shop.db
      .query<{ voucher_cents: number; amount_cents: number }, []>(
        "SELECT voucher_cents, amount_cents FROM checkouts WHERE voucher_id IS NOT NULL",
      )
      .get()!;
    expect(row).toEqual({ voucher_cents: 2900, amount_cents: 0 });
    expect(await balanceOf(code)).toBe(17100);
  });

  test("comes after a discount code", async () => {
    shop.db.query("INSERT INTO discount_codes (code, percent_off, active) VALUES ('TENOFF', 10, 1)").run();
    const { code } = await buyVoucher({ amount_pence: 1000 });
    await checkout({ items: [{ id: "feeder" }], discountCode: "TENOFF", voucherCode: code });
    const row = shop.db
      .query<{ discount_cents: number; voucher_cents: number; amount_cents: number }, []>(
        "SELECT discount_cents, voucher_cents, amount_cents FROM checkouts WHERE voucher_id IS NOT NULL",
      )
      .get()!;
    // £24 − £2.40 + £5 − £10.
    expect(row).toEqual({ discount_cents: 240, voucher_cents: 1000, amount_cents: 1660 });
  });

  test("a payment session that expires gives the held part back (the sweep)", async () => {
    const { code } = await buyVoucher({ amount_pence: 1000 });
    expect((await checkout({ items: [{ id: "feeder" }], voucherCode: code })).status).toBe(200);
    expect(await balanceOf(code)).toBe(0);
    ageCheckouts(shop.db);
    await shop.deps.checkout.sweep();
    expect(await balanceOf(code)).toBe(1000);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("an unknown code is the one 404 and holds nothing", async () => {
    const answer = await checkout({ items: [{ id: "feeder" }], voucherCode: "2222-3333-4444-5555" });
    expect(answer).toMatchObject({ status: 404, body: { error: VOUCHER_MESSAGES.notFound } });
    expect(countRows(shop.db, "checkouts")).toBe(0);
    expect(stockOf(shop.db, "feeder")).toBe(5);
  });

  test("a voucher with nothing left is a 409 and holds nothing", async () => {
    const { code } = await buyVoucher({ amount_pence: 1000 });
    await pay({ items: [{ id: "feeder" }], voucherCode: code });
    const before = countRows(shop.db, "checkouts");
    expect(await checkout({ items: [{ id: "feeder" }], voucherCode: code })).toMatchObject({
      status: 409,
      body: { error: VOUCHER_MESSAGES.empty },
    });
    expect(countRows(shop.db, "checkouts")).toBe(before);
  });

  describe("with a discount code, as the owner allows", () => {
    const disallow = () =>
      shop.call("/api/admin/configuration", { method: "POST", body: { key: "vouchers_with_discount_codes", value: "no" } });

    test("not allowed: the checkout with both is a 409 asking to remove one, and holds nothing", async () => {
      shop.db.query("INSERT INTO discount_codes (code, percent_off, active) VALUES ('TENOFF', 10, 1)").run();
      const { code } = await buyVoucher({ amount_pence: 1000 });
      expect((await disallow()).status).toBe(200);
      const before = countRows(shop.db, "checkouts");
      expect(await checkout({ items: [{ id: "feeder" }], discountCode: "TENOFF", voucherCode: code })).toMatchObject({
        status: 409,
        body: { error: VOUCHER_MESSAGES.notWithDiscountCode },
      });
      expect(countRows(shop.db, "checkouts")).toBe(before);
      expect(await balanceOf(code)).toBe(1000);
      expect(stockOf(shop.db, "feeder")).toBe(5);
      // Either one alone still goes through.
      expect((await checkout({ items: [{ id: "feeder" }], voucherCode: code })).status).toBe(200);
    });

    test("a choice other than yes or no is refused, nothing stored", async () => {
      const saved = await shop.call("/api/admin/configuration", {
        method: "POST",
        body: { key: "vouchers_with_discount_codes", value: "maybe" },
      });
      expect(saved).toMatchObject({
        status: 400,
        body: { error: "Say yes or no: may one order take both a discount code and a gift voucher?" },
      });
      expect(shop.db.query("SELECT value FROM configuration WHERE key = 'vouchers_with_discount_codes'").get()).toBeNull();
    });
  });

  test("a voucher cannot buy another voucher", async () => {
    const { code } = await buyVoucher({ amount_pence: 1000 });
    const before = countRows(shop.db, "checkouts");
    expect(await checkout({ items: [voucherLine({ amount_pence: 1000 })], voucherCode: code })).toMatchObject({
      status: 400,
      body: { error: VOUCHER_MESSAGES.payVoucherWithVoucher },
    });
    expect(countRows(shop.db, "checkouts")).toBe(before);
  });
});

describe("a refund of an order paid partly by voucher", () => {
  async function refund(orderId: string, amount: number) {
    return shop.call<{ error?: string }>(`/api/admin/orders/${orderId}/refund`, {
      method: "POST",
      body: { amount_cents: amount, reason: "requested_by_customer", restock: [] },
    });
  }
  const cardRefunds = (orderId: string) =>
    shop.db.query<{ amount_cents: number }, [string]>("SELECT amount_cents FROM refunds WHERE order_id = ? ORDER BY rowid").all(orderId);

  test("puts the voucher's part back on the voucher first, then refunds the card", async () => {
    const { code } = await buyVoucher({ amount_pence: 1000 });
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: code }); // £29: £10 voucher, £19 card
    expect((await refund(orderId, 600)).status).toBe(200);
    expect(await balanceOf(code)).toBe(600);
    expect(cardRefunds(orderId)).toEqual([]);
    expect((await refund(orderId, 1500)).status).toBe(200);
    expect(await balanceOf(code)).toBe(1000);
    expect(cardRefunds(orderId)).toEqual([{ amount_cents: 1100 }]);
  });

  test("never more than the card's and the voucher's parts together", async () => {
    const { code } = await buyVoucher({ amount_pence: 1000 });
    const orderId = await pay({ items: [{ id: "feeder" }], voucherCode: code });
    expect(await refund(orderId, 2901)).toMatchObject({
      status: 409,
      body: { error: "Only £29.00 is left to refund on this order. Enter that or less." },
    });
    expect(await balanceOf(code)).toBe(0);
    expect(cardRefunds(orderId)).toEqual([]);
  });
});

describe("two checkouts cannot overspend one voucher", () => {
  test("ten checkouts spending one voucher at once: what they hold never passes the balance", async () => {
    addProduct(shop.db, { id: "lamp", name: "Lamp", price_cents: 1500, stock: 100 });
    const { code } = await buyVoucher({ amount_pence: 5000 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        shop.json<{ url?: string; error?: string }>("/api/checkout", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": `race-key-${n}` },
          body: JSON.stringify({ items: [{ id: "lamp" }], voucherCode: code }),
        }),
      ),
    );
    const held = shop.db
      .query<{ total: number }, []>("SELECT COALESCE(SUM(voucher_cents), 0) AS total FROM checkouts WHERE voucher_id IS NOT NULL")
      .get()!.total;
    // £15 + £5 each: two take £20, the third the £10 left, the rest find nothing left.
    expect(held).toBe(5000);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.error)).toEqual(
      Array(7).fill(VOUCHER_MESSAGES.empty),
    );
    expect(await balanceOf(code)).toBe(0);
  });
});

describe("the owner's vouchers", () => {
  type List = {
    vouchers: { id: string; code: string; balance_pence: number; spent_pence: number; status: string; history: { kind: string }[] }[];
    totals: Record<string, number>;
  };

  test("the list shows each voucher masked, with its balance, spending and history, and the totals sold, spent and outstanding", async () => {
    const { code } = await buyVoucher({ amount_pence: 5000, recipient_email: "gran@example.com" });
    await buyVoucher({ amount_pence: 2000 });
    await pay({ items: [{ id: "feeder" }], voucherCode: code }); // £29 of it spent
    const list = await shop.call<List>("/api/admin/gift-vouchers");
    expect(list.status).toBe(200);
    expect(list.body.totals).toEqual({ sold_pence: 7000, spent_pence: 2900, outstanding_pence: 4100 });
    const spent = list.body.vouchers.find((voucher) => voucher.code.endsWith(code.slice(-4)))!;
    expect(spent).toMatchObject({ code: `••••-••••-••••-${code.slice(-4)}`, balance_pence: 2100, spent_pence: 2900, status: "active" });
    expect(spent.history.map((row) => row.kind)).toEqual(["issue", "hold", "release", "spend"]);
    expect(JSON.stringify(list.body)).not.toContain(code.replaceAll("-", "").slice(0, 12));
  });

  test("?q= finds a voucher by its whole code, its last group or an email", async () => {
    const { code } = await buyVoucher({ amount_pence: 5000, recipient_email: "gran@example.com" });
    await buyVoucher({ amount_pence: 2000 });
    const found = async (q: string) => (await shop.call<List>(`/api/admin/gift-vouchers?q=${encodeURIComponent(q)}`)).body.vouchers.length;
    expect(await found(code.toLowerCase())).toBe(1);
    expect(await found(code.slice(-4))).toBe(1);
    expect(await found("GRAN@")).toBe(1);
    expect(await found("ada@example")).toBe(2);
    expect(await found("nobody@example.com")).toBe(0);
  });

  test("void takes what was left with the reason; the code then checks as the one 404", async () => {
    const { code } = await buyVoucher({ amount_pence: 5000 });
    const voided = await shop.call<{ status: string; balance_pence: number }>(`/api/admin/gift-vouchers/${code}/void`, {
      method: "POST",
      body: { reason: "Reported lost" },
    });
    expect(voided).toMatchObject({ status: 200, body: { status: "void", balance_pence: 0 } });
    expect(await check(code)).toMatchObject({ status: 404, body: { error: VOUCHER_MESSAGES.notFound } });
    const again = await shop.call(`/api/admin/gift-vouchers/${code}/void`, { method: "POST", body: { reason: "Again" } });
    expect(again).toMatchObject({ status: 409, body: { error: ADMIN_VOUCHER_MESSAGES.alreadyVoid } });
  });

  test("adjust tops up and takes off by its id, with a reason", async () => {
    const { code } = await buyVoucher({ amount_pence: 5000 });
    const { id } = (await shop.call<List>("/api/admin/gift-vouchers")).body.vouchers[0]!;
    const adjust = (amount: number) =>
      shop.call<{ balance_pence: number }>(`/api/admin/gift-vouchers/${id}/adjust`, {
        method: "POST",
        body: { amount_pence: amount, reason: "Goodwill" },
      });
    expect((await adjust(1000)).body.balance_pence).toBe(6000);
    expect((await adjust(-2500)).body.balance_pence).toBe(3500);
    expect(await balanceOf(code)).toBe(3500);
  });

  describe("refused, nothing changed", () => {
    let code: string;
    beforeEach(async () => {
      ({ code } = await buyVoucher({ amount_pence: 1000 }));
    });
    const rows = () => countRows(shop.db, "gift_voucher_ledger");

    async function refused(path: string, body: unknown, status: number, error: string) {
      const before = rows();
      expect(await shop.call(path, { method: "POST", body })).toMatchObject({ status, body: { error } });
      expect(rows()).toBe(before);
      expect(await balanceOf(code)).toBe(1000);
    }

    test("an adjustment below nothing", () =>
      refused(
        `/api/admin/gift-vouchers/${code}/adjust`,
        { amount_pence: -1001, reason: "Typo" },
        409,
        ADMIN_VOUCHER_MESSAGES.belowZero("£10.00"),
      ));
    test("an adjustment without a reason", () =>
      refused(`/api/admin/gift-vouchers/${code}/adjust`, { amount_pence: 500 }, 400, ADMIN_VOUCHER_MESSAGES.reasonMissing));
    test("an adjustment with a blank reason", () =>
      refused(`/api/admin/gift-vouchers/${code}/adjust`, { amount_pence: 500, reason: "  " }, 400, ADMIN_VOUCHER_MESSAGES.reasonMissing));
    test("an adjustment of nothing", () =>
      refused(`/api/admin/gift-vouchers/${code}/adjust`, { amount_pence: 0, reason: "Why" }, 400, ADMIN_VOUCHER_MESSAGES.amountZero));
    test("an adjustment that is not whole pence", () =>
      refused(`/api/admin/gift-vouchers/${code}/adjust`, { amount_pence: 1.5, reason: "Why" }, 400, ADMIN_VOUCHER_MESSAGES.amountNotWhole));
    test("a void without a reason", () => refused(`/api/admin/gift-vouchers/${code}/void`, {}, 400, ADMIN_VOUCHER_MESSAGES.reasonMissing));
    test("an unknown code", () =>
      refused("/api/admin/gift-vouchers/2222-3333-4444-5555/void", { reason: "Lost" }, 404, ADMIN_VOUCHER_MESSAGES.notFound));
  });

  test("every call answers 401 without the owner's session", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/gift-vouchers"],
      ["POST", "/api/admin/gift-vouchers/2222-3333-4444-5555/void"],
      ["POST", "/api/admin/gift-vouchers/2222-3333-4444-5555/adjust"],
    ] as const) {
      const answer = await shop.request(path, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(answer.status).toBe(401);
    }
  });
});

describe("the packing slip", () => {
  test("has no line for a voucher bought with the things to make", async () => {
    const orderId = await pay({ items: [{ id: "feeder" }, voucherLine({ amount_pence: 1000 })] });
    const slip = await shop.request(`/admin/orders/${orderId}/slip`, { headers: { "Sec-Fetch-Site": "same-origin", Cookie: shop.cookie } });
    const html = await slip.text();
    expect(html).toContain("Bird feeder");
    expect(html).not.toContain("Gift voucher");
  });
});

describe("the policies page", () => {
  test("says how long a voucher is valid: 24 months, or the owner's setting", async () => {
    expect((await shop.html("/policies")).body).toContain("A gift voucher is valid for 24 months from the day it is bought");
    const saved = await shop.call("/api/admin/configuration", { method: "POST", body: { key: "voucher_valid_months", value: "12" } });
    expect(saved.status).toBe(200);
    expect((await shop.html("/policies")).body).toContain("A gift voucher is valid for 12 months from the day it is bought");
  });

  test("a validity that is not a whole number of months from 1 to 120 is refused, nothing stored", async () => {
    const saved = await shop.call("/api/admin/configuration", { method: "POST", body: { key: "voucher_valid_months", value: "0" } });
    expect(saved).toMatchObject({
      status: 400,
      body: { error: "Enter how long a gift voucher is valid as a whole number of months from 1 to 120." },
    });
    expect(shop.db.query("SELECT value FROM configuration WHERE key = 'voucher_valid_months'").get()).toBeNull();
  });
});

describe("the owner's order list", () => {
  test("marks a gift order as a gift, and no other", async () => {
    const gift = await pay({ items: [{ id: "feeder" }], gift: { message: "Happy birthday", from: "Ada" } });
    const plain = await pay({ items: [{ id: "feeder" }] });
    const list = await shop.call<{ id: string; gift: boolean }[]>("/api/admin/orders");
    const marks = Object.fromEntries(list.body.map((order) => [order.id, order.gift]));
    expect(marks).toEqual({ [gift]: true, [plain]: false });
  });
});
