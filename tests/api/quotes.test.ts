import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { setConfig } from "../support/factories";
import { goodQuote, seedCustomRequest, sendQuote, sentQuote, ukDay } from "../support/quotes";
import { expectRetryAfter } from "../support/retry-after";
import { countRows, TEST_ORIGIN } from "../support/test-app";

// Quotes (docs/decisions/0014-quotes.md), first slice: the owner sends a priced
// quote for a custom request (POST /api/admin/custom-requests/{id}/quotes) and
// the shopper reads it through the secret link (GET /api/quotes/{id}?t=…). Every
// refusal stores nothing; a wrong token and an unknown id look the same;
// look-ups are limited.

const QUOTE_NOT_FOUND = { error: "Quote not found. Please use the link from your email." };
const REQUEST_NOT_FOUND = { error: "Custom request not found." };
const TOO_MANY = { error: "Too many attempts. Please wait a minute and try again." };

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  setConfig(shop.db, "delivery_fee", "450");
  setConfig(shop.db, "free_delivery_threshold", "10000");
  seedCustomRequest(shop.db);
});
afterEach(() => shop.close());

const requestStatus = () => shop.db.query<{ status: string }, []>("SELECT status FROM custom_requests WHERE id = 'req-1'").get()?.status;

/** Proves a refused call stored nothing and left the request as it was. */
function expectNothingStored() {
  expect(countRows(shop.db, "quotes")).toBe(0);
  expect(countRows(shop.db, "quote_lines")).toBe(0);
  expect(requestStatus()).toBe("open");
}

describe("POST /api/admin/custom-requests/{id}/quotes", () => {
  test("answers 201 with the id and the shopper's absolute link carrying a token of at least 128 random bits", async () => {
    const { status, body } = await sendQuote(shop, goodQuote());
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(["id", "url"]);
    const url = new URL(body.url ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/quote/${body.id}`);
    const token = url.searchParams.get("t") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
  });

  test("stores a hash of the token, never the token itself", async () => {
    const { id, token } = await sentQuote(shop);
    const row = shop.db.query<Record<string, unknown>, [string]>("SELECT * FROM quotes WHERE id = ?").get(id);
    expect(row?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  test("stores the lines in order as version 1 and moves the request to in_progress", async () => {
    const { id } = await sentQuote(shop);
    expect(shop.db.query("SELECT version, status, lead_time_days, valid_until FROM quotes WHERE id = ?").get(id)).toEqual({
      version: 1,
      status: "sent",
      lead_time_days: 5,
      valid_until: ukDay(14),
    });
    expect(
      shop.db.query("SELECT position, description, amount_cents FROM quote_lines WHERE quote_id = ? ORDER BY position").all(id),
    ).toEqual([
      { position: 1, description: "Bracket, printed in blue PETG", amount_cents: 2500 },
      { position: 2, description: "Design time", amount_cents: 1500 },
    ]);
    expect(requestStatus()).toBe("in_progress");
  });

  test("a new quote withdraws the previous live one and becomes version 2", async () => {
    const first = await sentQuote(shop);
    const second = await sentQuote(shop, { ...goodQuote(), lines: [{ description: "Thicker bracket", amount_cents: 3000 }] });
    expect(shop.db.query("SELECT id, version, status FROM quotes ORDER BY version").all()).toEqual([
      { id: first.id, version: 1, status: "withdrawn" },
      { id: second.id, version: 2, status: "sent" },
    ]);
    expect((await shop.json<{ status: string }>(`/api/quotes/${first.id}?t=${first.token}`)).body.status).toBe("withdrawn");
  });

  test("without delivery_cents, the shop's delivery fee applies below the free-delivery threshold", async () => {
    const { id, token } = await sentQuote(shop, goodQuote());
    const { body } = await shop.json<{ delivery_cents: number; total_cents: number }>(`/api/quotes/${id}?t=${token}`);
    expect(body).toMatchObject({ delivery_cents: 450, total_cents: 4000 + 450 });
  });

  test("without delivery_cents, delivery is free once the lines reach the free-delivery threshold", async () => {
    const { id, token } = await sentQuote(shop, { ...goodQuote(), lines: [{ description: "Large relief map", amount_cents: 10000 }] });
    const { body } = await shop.json<{ delivery_cents: number; total_cents: number }>(`/api/quotes/${id}?t=${token}`);
    expect(body).toMatchObject({ delivery_cents: 0, total_cents: 10000 });
  });

  test("the owner's delivery_cents, even 0, replaces the shop's rule", async () => {
    const { id, token } = await sentQuote(shop, { ...goodQuote(), delivery_cents: 0 });
    const { body } = await shop.json<{ delivery_cents: number; total_cents: number }>(`/api/quotes/${id}?t=${token}`);
    expect(body).toMatchObject({ delivery_cents: 0, total_cents: 4000 });
  });

  test("valid_until may be today in the UK", async () => {
    expect((await sendQuote(shop, { ...goodQuote(), valid_until: ukDay(0) })).status).toBe(201);
  });

  test("an unknown request is a 404 and stores nothing", async () => {
    expect(await sendQuote(shop, goodQuote(), "req-nope")).toMatchObject({ status: 404, body: REQUEST_NOT_FOUND });
    expectNothingStored();
  });

  test("no lines is a 400 and stores nothing", async () => {
    expect(await sendQuote(shop, { ...goodQuote(), lines: [] })).toMatchObject({
      status: 400,
      body: { error: "Add at least one line to the quote." },
    });
    expectNothingStored();
  });

  test("missing lines is a 400 and stores nothing", async () => {
    const { lines: _, ...noLines } = goodQuote();
    expect(await sendQuote(shop, noLines)).toMatchObject({ status: 400, body: { error: "Add at least one line to the quote." } });
    expectNothingStored();
  });

  const AMOUNT = { error: "Each line's amount must be a whole number of pence greater than 0." };
  for (const [name, amount] of [
    ["a zero amount", 0],
    ["a negative amount", -500],
    ["a non-integer amount", 12.5],
    ["an amount given as text", "2500"],
  ] as const) {
    test(`${name} is a 400 and stores nothing`, async () => {
      const quote = goodQuote();
      const lines = [quote.lines[0], { description: "Design time", amount_cents: amount }];
      expect(await sendQuote(shop, { ...quote, lines })).toMatchObject({ status: 400, body: AMOUNT });
      expectNothingStored();
    });
  }

  test("a line without a description is a 400 and stores nothing", async () => {
    const lines = [{ description: "   ", amount_cents: 2500 }];
    expect(await sendQuote(shop, { ...goodQuote(), lines })).toMatchObject({
      status: 400,
      body: { error: "Each line needs a description." },
    });
    expectNothingStored();
  });

  test("a past valid_until (yesterday in the UK) is a 400 and stores nothing", async () => {
    expect(await sendQuote(shop, { ...goodQuote(), valid_until: ukDay(-1) })).toMatchObject({
      status: 400,
      body: { error: "Valid until must be today or later (UK time)." },
    });
    expectNothingStored();
  });

  for (const [name, date] of [
    ["a date that does not exist", "2099-02-30"],
    ["a date not written YYYY-MM-DD", "24/12/2099"],
    ["a missing date", undefined],
  ] as const) {
    test(`${name} for valid_until is a 400 and stores nothing`, async () => {
      expect(await sendQuote(shop, { ...goodQuote(), valid_until: date })).toMatchObject({
        status: 400,
        body: { error: "Valid until must be a date written YYYY-MM-DD." },
      });
      expectNothingStored();
    });
  }

  const LEAD_TIME = { error: "Lead time must be a whole number of working days from 0 to 365." };
  for (const [name, days] of [
    ["a negative lead time", -1],
    ["a lead time of part of a day", 1.5],
    ["a missing lead time", undefined],
  ] as const) {
    test(`${name} is a 400 and stores nothing`, async () => {
      expect(await sendQuote(shop, { ...goodQuote(), lead_time_days: days })).toMatchObject({ status: 400, body: LEAD_TIME });
      expectNothingStored();
    });
  }

  test("a negative delivery_cents is a 400 and stores nothing", async () => {
    expect(await sendQuote(shop, { ...goodQuote(), delivery_cents: -1 })).toMatchObject({
      status: 400,
      body: { error: "Delivery must be a whole number of pence, 0 or more, or left out to use the shop's delivery rule." },
    });
    expectNothingStored();
  });

  test("a body that is not a quote object is a 400 and stores nothing", async () => {
    expect(await sendQuote(shop, [goodQuote()])).toMatchObject({
      status: 400,
      body: { error: "Send the quote as JSON with lines, lead_time_days and valid_until." },
    });
    expectNothingStored();
  });

  test("more than 50 lines is a 400 and stores nothing", async () => {
    const lines = Array.from({ length: 51 }, (_, index) => ({ description: `Part ${index + 1}`, amount_cents: 100 }));
    expect(await sendQuote(shop, { ...goodQuote(), lines })).toMatchObject({
      status: 400,
      body: { error: "A quote can have at most 50 lines." },
    });
    expectNothingStored();
  });

  test("a line description over 200 characters is a 400 and stores nothing", async () => {
    const lines = [{ description: "x".repeat(201), amount_cents: 2500 }];
    expect(await sendQuote(shop, { ...goodQuote(), lines })).toMatchObject({
      status: 400,
      body: { error: "A line's description can be at most 200 characters." },
    });
    expectNothingStored();
  });

  test("a message over 2000 characters is a 400 and stores nothing", async () => {
    expect(await sendQuote(shop, { ...goodQuote(), message: "x".repeat(2001) })).toMatchObject({
      status: 400,
      body: { error: "The message can be at most 2000 characters." },
    });
    expectNothingStored();
  });

  test("a new quote withdraws a live quote the shopper asked to change, and leaves a declined one as it is", async () => {
    const declined = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET status = 'declined' WHERE id = ?").run(declined.id);
    const changed = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET status = 'changes_requested' WHERE id = ?").run(changed.id);
    const newest = await sentQuote(shop);
    expect(shop.db.query("SELECT id, version, status FROM quotes ORDER BY version").all()).toEqual([
      { id: declined.id, version: 1, status: "declined" },
      { id: changed.id, version: 2, status: "withdrawn" },
      { id: newest.id, version: 3, status: "sent" },
    ]);
  });

  test("a refused second quote leaves the first one live", async () => {
    const first = await sentQuote(shop);
    expect((await sendQuote(shop, { ...goodQuote(), lines: [] })).status).toBe(400);
    expect(shop.db.query("SELECT id, status FROM quotes").all()).toEqual([{ id: first.id, status: "sent" }]);
    expect(countRows(shop.db, "quote_lines")).toBe(2);
  });

  test("needs the owner's session", async () => {
    const response = await shop.request("/api/admin/custom-requests/req-1/quotes", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify(goodQuote()),
    });
    expect(response.status).toBe(401);
    expectNothingStored();
  });
});

describe("GET /api/quotes/{id}?t=…", () => {
  test("answers the quote with its lines, totals, dates, message and the request's attachments", async () => {
    const { id, token } = await sentQuote(shop);
    const { status, body, response } = await shop.json(`/api/quotes/${id}?t=${token}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      id,
      version: 1,
      status: "sent",
      lines: [
        { description: "Bracket, printed in blue PETG", amount_cents: 2500, quantity: 1 },
        { description: "Design time", amount_cents: 1500, quantity: 1 },
      ],
      delivery_cents: 450,
      total_cents: 4450,
      currency: "gbp",
      valid_until: ukDay(14),
      lead_time_days: 5,
      message: "Two brackets as drawn; say if you want them thicker.",
      attachments: [{ filename: "Bracket v2.stl" }],
      order_id: null,
      request: { details: "A bracket for a shelf, in blue PETG.", material: null, color: null },
      your_messages: [],
    });
    expect(response.headers.get("cache-control")).toContain("no-store");
  });

  test("a wrong token, no token and an unknown id all answer the same 404", async () => {
    const { id, token } = await sentQuote(shop);
    for (const path of [
      `/api/quotes/${id}?t=${token}x`,
      `/api/quotes/${id}?t=`,
      `/api/quotes/${id}`,
      `/api/quotes/qt_unknown?t=${token}`,
    ]) {
      expect(await shop.json(path)).toMatchObject({ status: 404, body: QUOTE_NOT_FOUND });
    }
  });

  test("a live quote past its valid_until reads as expired", async () => {
    const { id, token } = await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = ? WHERE id = ?").run(ukDay(-1), id);
    expect((await shop.json<{ status: string }>(`/api/quotes/${id}?t=${token}`)).body.status).toBe("expired");
  });

  test("a withdrawn quote past its valid_until still reads as withdrawn", async () => {
    const first = await sentQuote(shop);
    await sentQuote(shop);
    shop.db.query("UPDATE quotes SET valid_until = ? WHERE id = ?").run(ukDay(-1), first.id);
    expect((await shop.json<{ status: string }>(`/api/quotes/${first.id}?t=${first.token}`)).body.status).toBe("withdrawn");
  });

  test("a quote is still live on its valid_until day", async () => {
    const { id, token } = await sentQuote(shop, { ...goodQuote(), valid_until: ukDay(0) });
    expect((await shop.json<{ status: string }>(`/api/quotes/${id}?t=${token}`)).body.status).toBe("sent");
  });

  test("the eleventh look-up in a minute gets 429 with Retry-After, even with the right token", async () => {
    const { id, token } = await sentQuote(shop);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await shop.json(`/api/quotes/${id}?t=guess${attempt}`)).status).toBe(404);
    }
    const { status, body, response } = await shop.json(`/api/quotes/${id}?t=${token}`);
    expect(status).toBe(429);
    expect(body).toEqual(TOO_MANY);
    expectRetryAfter(response, 1, 60);
  });
});

describe("the quotes tables refuse what the service never writes", () => {
  const HASH = "a".repeat(64);
  const insertQuote = (overrides: Record<string, unknown> = {}) => {
    const row = {
      id: "qt_x",
      version: 1,
      status: "sent",
      delivery_cents: 0,
      lead_time_days: 0,
      valid_until: "2099-01-31",
      token_hash: HASH,
      order_id: null,
      ...overrides,
    };
    shop.db
      .query(
        "INSERT INTO quotes (id, custom_request_id, version, status, delivery_cents, lead_time_days, valid_until, token_hash, order_id) VALUES (?, 'req-1', ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(row.id, row.version, row.status, row.delivery_cents, row.lead_time_days, row.valid_until, row.token_hash, row.order_id);
  };

  for (const [name, overrides] of [
    ["an unknown status", { status: "accepted" }],
    ["a negative delivery", { delivery_cents: -1 }],
    ["a negative lead time", { lead_time_days: -1 }],
    ["a date that does not exist", { valid_until: "2099-02-30" }],
    ["a date not written YYYY-MM-DD", { valid_until: "31/01/2099" }],
    ["a token kept in place of its hash", { token_hash: "the-token-itself" }],
    ["paid without an order", { status: "paid" }],
  ] as const) {
    test(`a quote with ${name} is refused`, () => {
      expect(() => insertQuote(overrides)).toThrow(/constraint/i);
      expect(countRows(shop.db, "quotes")).toBe(0);
    });
  }

  test("two quotes cannot share a version of one request", () => {
    insertQuote();
    expect(() => insertQuote({ id: "qt_y", token_hash: "b".repeat(64) })).toThrow(/UNIQUE/);
  });

  for (const [name, amount] of [
    ["a zero amount", 0],
    ["a negative amount", -1],
  ] as const) {
    test(`a quote line with ${name} is refused`, () => {
      insertQuote();
      expect(() =>
        shop.db
          .query("INSERT INTO quote_lines (quote_id, position, description, amount_cents) VALUES ('qt_x', 1, 'Bracket', ?)")
          .run(amount),
      ).toThrow(/constraint/i);
      expect(countRows(shop.db, "quote_lines")).toBe(0);
    });
  }
});
