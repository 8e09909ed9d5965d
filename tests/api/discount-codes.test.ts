import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ukToday } from "../../shared/uk-day";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { confirmCheckout, payDemo, sessionIdOf, stockOf, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER, setConfig } from "../support/factories";
import { textOf } from "../support/html";
import { expectRetryAfter } from "../support/retry-after";
import { countRows } from "../support/test-app";

// Discount codes (docs/decisions/0020-discount-codes.md). The owner's calls,
// every refusal at checkout, the server's pricing, and a use counted once, only
// when paid.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop({ OWNER_EMAIL: "owner@strata.test" });
  addProduct(shop.db, BIRD_FEEDER); // £24.00, 5 on the shelf
  addProduct(shop.db, { id: "labels", name: "Plant labels", price_cents: 450 });
  setConfig(shop.db, "delivery_fee", "395");
  setConfig(shop.db, "free_delivery_threshold", "4000");
});
afterEach(() => shop.close());

const saveCode = (body: unknown) => shop.call<Record<string, unknown>>("/api/admin/discount-codes", { method: "POST", body });

function checkoutWith(items: unknown, discountCode?: string) {
  return shop.json<{ url?: string; error?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ items, discountCode }),
  });
}

function checkoutRow() {
  return shop.db
    .query<
      { subtotal_cents: number; delivery_cents: number; discount_code: string | null; discount_cents: number; amount_cents: number },
      []
    >("SELECT subtotal_cents, delivery_cents, discount_code, discount_cents, amount_cents FROM checkouts")
    .get();
}

const usesOf = (code: string) =>
  shop.db.query<{ uses: number }, [string]>("SELECT uses FROM discount_codes WHERE code = ?").get(code)?.uses ?? null;

async function payWithCode(items: unknown, code: string): Promise<{ orderId: string; sessionId: string }> {
  const checkout = await checkoutWith(items, code);
  expect(checkout.status).toBe(200);
  const sessionId = sessionIdOf(checkout.body.url ?? "");
  expect((await payDemo(shop, sessionId)).status).toBe(303);
  const confirm = await confirmCheckout<{ orderId: string }>(shop, sessionId);
  expect(confirm.status).toBe(200);
  return { orderId: confirm.body.orderId, sessionId };
}

describe("admin: discount codes", () => {
  test("creates a code upper case, lists it, and updates it by code keeping its uses", async () => {
    const created = await saveCode({ code: "spring10", percent_off: 10, min_subtotal_cents: 2000, ends_on: "2099-05-31", active: true });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      code: "SPRING10",
      percent_off: 10,
      amount_off_cents: null,
      min_subtotal_cents: 2000,
      starts_on: null,
      ends_on: "2099-05-31",
      max_uses: null,
      uses: 0,
      active: true,
    });
    shop.db.query("UPDATE discount_codes SET uses = 3").run();

    const updated = await saveCode({ code: "Spring10", amount_off_cents: 500, max_uses: 10, active: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      code: "SPRING10",
      percent_off: null,
      amount_off_cents: 500,
      min_subtotal_cents: null,
      ends_on: null,
      max_uses: 10,
      uses: 3,
      active: false,
    });

    const list = await shop.call<{ code: string }[]>("/api/admin/discount-codes");
    expect(list.status).toBe(200);
    expect(list.body.map((each) => each.code)).toEqual(["SPRING10"]);
  });

  test("deletes a code whatever its case, and answers 404 for one that is not there", async () => {
    await saveCode({ code: "BYE", percent_off: 5, active: true });
    expect((await shop.call("/api/admin/discount-codes/bye", { method: "DELETE" })).status).toBe(200);
    expect(countRows(shop.db, "discount_codes")).toBe(0);
    const again = await shop.call<{ error: string }>("/api/admin/discount-codes/BYE", { method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("There is no discount code with that name.");
  });

  test("the calls need the owner's session", async () => {
    const response = await shop.request("/api/admin/discount-codes");
    expect(response.status).toBe(401);
  });

  const refusals: [string, unknown, string][] = [
    [
      "a code too short",
      { code: "AB", percent_off: 10, active: true },
      "A discount code must be 3 to 32 letters, digits, hyphens or underscores.",
    ],
    [
      "a code with spaces",
      { code: "TEN OFF", percent_off: 10, active: true },
      "A discount code must be 3 to 32 letters, digits, hyphens or underscores.",
    ],
    ["no code", { percent_off: 10, active: true }, "A discount code must be 3 to 32 letters, digits, hyphens or underscores."],
    [
      "both kinds of discount",
      { code: "BOTH", percent_off: 10, amount_off_cents: 100, active: true },
      "Give either a percentage off or an amount off, not both and not neither.",
    ],
    [
      "neither kind of discount",
      { code: "NONE", active: true },
      "Give either a percentage off or an amount off, not both and not neither.",
    ],
    ["a percentage over 100", { code: "HUGE", percent_off: 101, active: true }, "The percentage off must be a whole number from 1 to 100."],
    ["a percentage of 0", { code: "ZERO", percent_off: 0, active: true }, "The percentage off must be a whole number from 1 to 100."],
    [
      "a fractional percentage",
      { code: "HALF", percent_off: 7.5, active: true },
      "The percentage off must be a whole number from 1 to 100.",
    ],
    ["an amount of 0", { code: "NOUGHT", amount_off_cents: 0, active: true }, "The amount off must be a whole number of pence above 0."],
    [
      "an amount in pounds",
      { code: "POUNDS", amount_off_cents: 2.5, active: true },
      "The amount off must be a whole number of pence above 0.",
    ],
    [
      "a negative minimum",
      { code: "MINUS", percent_off: 10, min_subtotal_cents: -1, active: true },
      "The minimum subtotal must be a whole number of pence, 0 or more.",
    ],
    [
      "a use limit of 0",
      { code: "NEVER", percent_off: 10, max_uses: 0, active: true },
      "The use limit must be a whole number above 0, or left empty for no limit.",
    ],
    [
      "a start that is not a day",
      { code: "SOON", percent_off: 10, starts_on: "2026-02-30", active: true },
      "The start date must be a real day written YYYY-MM-DD, e.g. 2026-12-01.",
    ],
    [
      "an end written the UK way",
      { code: "LATE", percent_off: 10, ends_on: "31/12/2026", active: true },
      "The end date must be a real day written YYYY-MM-DD, e.g. 2026-12-01.",
    ],
    [
      "an end before the start",
      { code: "BACK", percent_off: 10, starts_on: "2026-12-10", ends_on: "2026-12-01", active: true },
      "The end date must be on or after the start date.",
    ],
    ["no active switch", { code: "MAYBE", percent_off: 10 }, "Say whether the code is active with true or false."],
    ["a body that is not an object", ["CODE"], "Send the discount code as { code, percent_off or amount_off_cents, active, … }."],
  ];
  for (const [what, body, message] of refusals) {
    test(`refuses ${what} with 400 and stores nothing`, async () => {
      const answer = await saveCode(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: message });
      expect(countRows(shop.db, "discount_codes")).toBe(0);
    });
  }
});

describe("checkout with a discount code", () => {
  test("a percentage is taken off the subtotal, rounded down to a penny, delivery unchanged", async () => {
    await saveCode({ code: "SAVE15", percent_off: 15, active: true });
    // 450 + 450 + 450 = 1350; 15% = 202.5 → 202.
    const answer = await checkoutWith(units(3, { id: "labels" }), "save15");
    expect(answer.status).toBe(200);
    expect(checkoutRow()).toEqual({
      subtotal_cents: 1350,
      delivery_cents: 395,
      discount_code: "SAVE15",
      discount_cents: 202,
      amount_cents: 1350 - 202 + 395,
    });
    const session = shop.db.query<{ amount_total: number }, []>("SELECT amount_total FROM demo_payment_sessions").get();
    expect(session?.amount_total).toBe(1543);
  });

  test("the demo payment page shows a Discount (CODE) line and charges the discounted total", async () => {
    await saveCode({ code: "SAVE15", percent_off: 15, active: true });
    const answer = await checkoutWith(units(3, { id: "labels" }), "save15");
    const page = await shop.html(`/checkout/demo/${sessionIdOf(answer.body.url ?? "")}`);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("Discount (SAVE15) −£2.02 UK delivery £3.95 Total £15.43");
  });

  test("a fixed amount is capped at the subtotal, so the goods never cost less than nothing", async () => {
    await saveCode({ code: "FIVER", amount_off_cents: 500, active: true });
    expect((await checkoutWith([{ id: "labels" }], "FIVER")).status).toBe(200);
    expect(checkoutRow()).toEqual({
      subtotal_cents: 450,
      delivery_cents: 395,
      discount_code: "FIVER",
      discount_cents: 450,
      amount_cents: 395,
    });
  });

  test("free delivery is earned by the subtotal after the discount", async () => {
    await saveCode({ code: "TENNER", amount_off_cents: 1000, active: true });
    // 2 × £24 = £48 ≥ £40 before the discount, but £38 after it: delivery is charged.
    expect((await checkoutWith(units(2, { id: BIRD_FEEDER.id }), "TENNER")).status).toBe(200);
    expect(checkoutRow()).toEqual({
      subtotal_cents: 4800,
      delivery_cents: 395,
      discount_code: "TENNER",
      discount_cents: 1000,
      amount_cents: 3800 + 395,
    });
  });

  test("a code used on its last allowed day (the end date is inclusive, UK time) is accepted", async () => {
    await saveCode({ code: "LASTDAY", percent_off: 10, starts_on: ukToday(new Date()), ends_on: ukToday(new Date()), active: true });
    expect((await checkoutWith([{ id: BIRD_FEEDER.id }], "LASTDAY")).status).toBe(200);
    expect(checkoutRow()?.discount_cents).toBe(240);
  });

  const refusals: [string, Record<string, unknown> | null, string, number, string][] = [
    [
      "an unknown code",
      null,
      "NOSUCH",
      400,
      "The discount code NOSUCH does not exist. Check the spelling, or remove it to pay the full price.",
    ],
    [
      "a switched-off code",
      { code: "OFF10", percent_off: 10, active: false },
      "off10",
      400,
      "The discount code OFF10 is switched off. Remove it to pay the full price.",
    ],
    [
      "an expired code",
      { code: "OLD10", percent_off: 10, ends_on: "2020-01-31", active: true },
      "OLD10",
      400,
      "The discount code OLD10 ended on Friday 31 January 2020. Remove it to pay the full price.",
    ],
    [
      "a code not yet started",
      { code: "NEXT10", percent_off: 10, starts_on: "2099-01-01", active: true },
      "NEXT10",
      400,
      "The discount code NEXT10 cannot be used until Thursday 1 January 2099. Remove it to pay the full price now.",
    ],
    [
      "a code below its minimum",
      { code: "BIG10", percent_off: 10, min_subtotal_cents: 5000, active: true },
      "BIG10",
      400,
      "The discount code BIG10 needs a basket of at least £50.00 before delivery. Add more, or remove the code.",
    ],
    [
      "a used-up code",
      { code: "ONCE", percent_off: 10, max_uses: 1, active: true },
      "ONCE",
      409,
      "The discount code ONCE has been used up. Remove it to pay the full price.",
    ],
    [
      "a code longer than any code",
      null,
      "X".repeat(33),
      400,
      "There is no discount code that long. Check the spelling, or remove it to pay the full price.",
    ],
  ];
  for (const [what, code, sent, status, message] of refusals) {
    test(`refuses ${what} with ${status}, holding nothing`, async () => {
      if (code) expect((await saveCode(code)).status).toBe(200);
      if (sent === "ONCE") shop.db.query("UPDATE discount_codes SET uses = 1").run();
      const answer = await checkoutWith([{ id: BIRD_FEEDER.id }], sent);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error: message });
      expect(countRows(shop.db, "checkouts")).toBe(0);
      expect(countRows(shop.db, "demo_payment_sessions")).toBe(0);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(5);
    });
  }

  test("a blank code is no code: the full price", async () => {
    expect((await checkoutWith([{ id: BIRD_FEEDER.id }], "  ")).status).toBe(200);
    expect(checkoutRow()).toMatchObject({ discount_code: null, discount_cents: 0, amount_cents: 2400 + 395 });
  });
});

describe("the basket's code check", () => {
  const check = (body: unknown) =>
    shop.json<Record<string, unknown>>("/api/discount-codes/check", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  test("answers the discount and the new total exactly as the checkout prices it, holding and counting nothing", async () => {
    await saveCode({ code: "SAVE15", percent_off: 15, active: true });
    const answer = await check({ code: " save15 ", items: units(3, { id: "labels" }) });
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toEqual({ code: "SAVE15", subtotal_cents: 1350, discount_cents: 202, delivery_cents: 395, amount_cents: 1543 });
    expect(countRows(shop.db, "checkouts")).toBe(0);
    expect(usesOf("SAVE15")).toBe(0);
  });

  test("refuses a code that cannot be used with the same message as the checkout", async () => {
    await saveCode({ code: "BIG10", percent_off: 10, min_subtotal_cents: 5000, active: true });
    const answer = await check({ code: "BIG10", items: [{ id: BIRD_FEEDER.id }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: "The discount code BIG10 needs a basket of at least £50.00 before delivery. Add more, or remove the code.",
    });
  });

  test("refuses an empty code with 400", async () => {
    const answer = await check({ code: "  ", items: [{ id: BIRD_FEEDER.id }] });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "Enter a discount code." });
  });

  test("refuses a check without a basket with 400", async () => {
    const answer = await check({ code: "SAVE15" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "Send the basket as { items: [...] }." });
  });

  test("the eleventh check in a minute from one address answers 429 with Retry-After", async () => {
    for (let i = 0; i < 10; i++) expect((await check({ code: `GUESS${i}`, items: [{ id: BIRD_FEEDER.id }] })).status).toBe(400);
    const answer = await check({ code: "GUESS10", items: [{ id: BIRD_FEEDER.id }] });
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ error: "Too many discount code checks from your connection. Please wait a minute and try again." });
    expectRetryAfter(answer.response, 1, 60);
  });
});

describe("a use is counted only when paid", () => {
  test("starting a checkout counts nothing; paying counts once, however often the payment is confirmed", async () => {
    await saveCode({ code: "THANKS", amount_off_cents: 300, active: true });
    const checkout = await checkoutWith([{ id: BIRD_FEEDER.id }], "THANKS");
    expect(usesOf("THANKS")).toBe(0);
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    const first = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    const second = await confirmCheckout<{ orderId: string }>(shop, sessionId);
    expect(second.body.orderId).toBe(first.body.orderId);
    expect(usesOf("THANKS")).toBe(1);
    const order = shop.db
      .query<{ discount_code: string; discount_cents: number; amount_cents: number }, [string]>(
        "SELECT discount_code, discount_cents, amount_cents FROM orders WHERE id = ?",
      )
      .get(first.body.orderId);
    expect(order).toEqual({ discount_code: "THANKS", discount_cents: 300, amount_cents: 2400 - 300 + 395 });
  });

  test("the last use: of two checkouts at once only one starts (decision 0025); once it is paid the code is used up", async () => {
    await saveCode({ code: "LAST1", percent_off: 20, max_uses: 1, active: true });
    const [a, b] = await Promise.all([checkoutWith([{ id: BIRD_FEEDER.id }], "LAST1"), checkoutWith([{ id: "labels" }], "LAST1")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const opened = a.status === 200 ? a : b;
    const sessionId = sessionIdOf(opened.body.url ?? "");
    expect((await payDemo(shop, sessionId)).status).toBe(303);
    expect((await confirmCheckout<{ orderId: string }>(shop, sessionId)).status).toBe(200);
    expect(countRows(shop.db, "orders")).toBe(1);
    expect(usesOf("LAST1")).toBe(1);
    const after = await checkoutWith([{ id: BIRD_FEEDER.id }], "LAST1");
    expect(after.status).toBe(409);
    expect(after.body.error).toBe("The discount code LAST1 has been used up. Remove it to pay the full price.");
  });

  test("the order answer carries the code and what it took off", async () => {
    await saveCode({ code: "SHOWN", amount_off_cents: 250, active: true });
    const { orderId } = await payWithCode([{ id: BIRD_FEEDER.id }], "shown");
    const answer = await shop.call<Record<string, unknown>>(`/api/admin/orders/${orderId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      discount_code: "SHOWN",
      discount_cents: 250,
      subtotal_cents: 2400,
      amount_cents: 2400 - 250 + 395,
    });
  });

  test("the confirmation page's session answer lists the discount between the goods and delivery", async () => {
    await saveCode({ code: "SHOWN", amount_off_cents: 250, active: true });
    const checkout = await checkoutWith([{ id: BIRD_FEEDER.id }], "SHOWN");
    const sessionId = sessionIdOf(checkout.body.url ?? "");
    const answer = await shop.json<{ amount_total: number; line_items: unknown[] }>(`/api/checkout/session?id=${sessionId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.amount_total).toBe(2400 - 250 + 395);
    expect(answer.body.line_items).toEqual([
      { description: "Bird feeder", quantity: 1, amount_total: 2400, currency: "gbp" },
      { description: "Discount (SHOWN)", quantity: 1, amount_total: -250, currency: "gbp" },
      { description: "UK delivery", quantity: 1, amount_total: 395, currency: "gbp" },
    ]);
  });

  test("an order outlives its deleted code", async () => {
    await saveCode({ code: "GONE", percent_off: 10, active: true });
    const { orderId } = await payWithCode([{ id: BIRD_FEEDER.id }], "GONE");
    expect((await shop.call("/api/admin/discount-codes/GONE", { method: "DELETE" })).status).toBe(200);
    const order = shop.db.query<{ discount_code: string }, [string]>("SELECT discount_code FROM orders WHERE id = ?").get(orderId);
    expect(order?.discount_code).toBe("GONE");
  });
});
