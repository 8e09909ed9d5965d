import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createApp } from "../../src/app";
import type { RequestLogEntry } from "../../src/http/request-log";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout } from "../support/checkout";
import { addProduct, BIRD_FEEDER, setConfig } from "../support/factories";
import { firstMatch, mainOf, textOf, titleOf } from "../support/html";
import { seedCustomRequest, sentQuote as sentQuoteIds, goodQuote as supportQuote, ukDay } from "../support/quotes";
import { TEST_ORIGIN } from "../support/test-app";

// The shopper's quote page, /quote/{id}?t=…, server-rendered from quotes.read,
// personal (never kept, no-store), noindex, and usable without JavaScript: the
// three answers are plain form posts (docs/decisions/0014-quotes.md).

const MADE_TO_SPECIFICATION =
  "Made to your specification: because this item is made to your own specification, the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, regulation 28(1)(b)). If it arrives faulty or not as described, you are fully covered: contact us and we will repair, replace or refund it.";
const NOT_FOUND_TEXT = "Quote not found. Please use the link from your email.";

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  setConfig(shop.db, "delivery_fee", "450");
  setConfig(shop.db, "free_delivery_threshold", "10000");
  seedCustomRequest(shop.db);
  // A second file, so the page is seen to list every one in order.
  shop.db
    .query(
      "INSERT INTO custom_request_attachments (id, request_id, filename, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .run("att-2", "req-1", "shelf-photo.jpg", "r_stored_2.jpg", "image/jpeg", 12);
});
afterEach(() => shop.close());

/** "Tuesday 8 December 2026", computed here independently of the page's formatter. */
function inWords(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  const weekday = date.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
  const month = date.toLocaleDateString("en-GB", { month: "long", timeZone: "UTC" });
  return `${weekday} ${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}

/** support's quote (£25 + £15, five working days, two weeks) with a note of two lines. */
const goodQuote = (overrides: Record<string, unknown> = {}) => ({
  ...supportQuote(),
  message: "Two brackets as drawn.\nSay if you want them thicker.",
  ...overrides,
});

/** The owner sends a quote through the admin API; answers the page's path with its token, as the email links it. */
async function sentQuote(body: unknown = goodQuote()): Promise<{ id: string; token: string; path: string }> {
  const { id, token } = await sentQuoteIds(shop, body);
  return { id, token, path: `/quote/${id}?t=${token}` };
}

const setStatus = (id: string, status: string, orderId: string | null = null) =>
  shop.db.query("UPDATE quotes SET status = ?, order_id = ? WHERE id = ?").run(status, orderId, id);

async function pageText(path: string): Promise<string> {
  const { status, body } = await shop.html(path);
  expect(status).toBe(200);
  return textOf(mainOf(body));
}

/** The action of every form on the page, with its method and hidden token. */
function formsOf(html: string): { action: string; method: string; token: string | null }[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes = "", inner = ""]) => ({
    action: firstMatch(attributes, /action="([^"]*)"/) ?? "",
    method: firstMatch(attributes, /method="([^"]*)"/) ?? "",
    token: firstMatch(inner, /<input type="hidden" name="t" value="([^"]*)"/),
  }));
}

describe("GET /quote/{id}?t=… for a live quote", () => {
  test("a revised quote names its version in the heading; the first one does not", async () => {
    const first = await sentQuote();
    expect(await pageText(first.path)).toContain("Quote for your custom request");
    const second = await sentQuote();
    expect(await pageText(second.path)).toContain("Quote 2 for your custom request");
  });

  test("answers 200 HTML marked noindex, with Cache-Control: no-store, and is never kept (no Age on a second visit)", async () => {
    const { path } = await sentQuote();
    const before = shop.app.responseCache.stats();
    for (const visit of [1, 2]) {
      const { status, body, response } = await shop.html(path);
      expect({ visit, status }).toEqual({ visit, status: 200 });
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("age")).toBeNull();
      expect(body).toContain('<meta name="robots" content="noindex"/>');
      expect(body).not.toContain('rel="canonical"');
      expect(titleOf(body)).toBe("Your quote · Strata");
    }
    const after = shop.app.responseCache.stats();
    expect({ kept: after.entries - before.entries, hits: after.hits - before.hits }).toEqual({ kept: 0, hits: 0 });
  });

  test("shows the heading, each line in pounds, delivery, total, lead time, valid until in words, the owner's note, the files and the made-to-specification text", async () => {
    const { path } = await sentQuote();
    const text = await pageText(path);
    expect(text).toContain("Quote for your custom request");
    expect(text).toContain("Bracket, printed in blue PETG £25.00");
    expect(text).toContain("Design time £15.00");
    expect(text).toContain("Subtotal £40.00 Delivery £4.50 Total £44.50");
    expect(text).toContain("Lead time Made and dispatched within 5 working days of payment");
    expect(text).toContain(`Valid until ${inWords(ukDay(14))}`);
    expect(text).toContain("Two brackets as drawn. Say if you want them thicker.");
    expect(text).toContain("Your files Bracket v2.stl shelf-photo.jpg");
    expect(text).toContain(MADE_TO_SPECIFICATION);
  });

  test("free delivery reads Free, and a one-day lead time reads in the singular", async () => {
    const { path } = await sentQuote(goodQuote({ delivery_cents: 0, lead_time_days: 1 }));
    const text = await pageText(path);
    expect(text).toContain("Delivery Free Total £40.00");
    expect(text).toContain("Made and dispatched within 1 working day of payment");
  });

  test("offers Accept and pay, Ask for changes (message required) and Decline (message optional) as plain form posts carrying the token", async () => {
    const { id, token, path } = await sentQuote();
    const { body } = await shop.html(path);
    const html = mainOf(body);
    expect(formsOf(html)).toEqual([
      { action: `/api/quotes/${id}/accept`, method: "post", token },
      { action: `/api/quotes/${id}/changes`, method: "post", token },
      { action: `/api/quotes/${id}/decline`, method: "post", token },
    ]);
    expect(html).toMatch(/<button class="button button--primary[^"]*" type="submit">Accept and pay<\/button>/);
    expect(html).toMatch(/<button class="button button--secondary" type="submit">Ask for changes<\/button>/);
    expect(html).toMatch(/<button class="button button--ghost" type="submit">Decline<\/button>/);
    expect(html).toContain('<textarea id="quote-changes-message" name="message" rows="4" maxLength="2000" required="">');
    expect(html).toContain('<textarea id="quote-decline-message" name="message" rows="3" maxLength="2000">');
    expect(textOf(html)).toContain("What would you like changed?");
    expect(textOf(html)).toContain("Anything you would like to tell us? (optional)");
  });

  test("a quote the shopper asked to change still offers the three actions, and says a new quote will follow", async () => {
    const { id, path } = await sentQuote();
    setStatus(id, "changes_requested");
    const { body } = await shop.html(path);
    expect(textOf(mainOf(body))).toContain(
      "You have asked for changes: we will reply by email with a new quote. You can still accept this one as it is.",
    );
    expect(formsOf(mainOf(body))).toHaveLength(3);
  });
});

describe("what the shopper asked for and said, beside the quote", () => {
  test("shows the request as they sent it, with its material, colour and files", async () => {
    shop.db
      .query("UPDATE custom_requests SET details = ?, material = 'PETG', color = 'Blue' WHERE id = 'req-1'")
      .run("A bracket for a shelf.\nAbout 12 cm deep.");
    const { path } = await sentQuote();
    const text = await pageText(path);
    expect(text).toContain(
      "What you asked for A bracket for a shelf. About 12 cm deep. Material PETG Colour Blue Your files Bracket v2.stl shelf-photo.jpg",
    );
    expect(mainOf((await shop.html(path)).body)).toContain("A bracket for a shelf.\nAbout 12 cm deep.");
  });

  test("a revised quote shows the message the shopper sent asking for changes to the one before", async () => {
    const first = await sentQuote();
    const asked = await shop.json(`/api/quotes/${first.id}/changes`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ t: first.token, message: "Could it be 2 cm thicker?" }),
    });
    expect(asked.status).toBe(200);
    const second = await sentQuote(goodQuote({ lines: [{ description: "Thicker bracket", amount_cents: 3000 }] }));
    const today = inWords(ukDay(0));
    expect(await pageText(second.path)).toContain(`Your messages Asking for changes to quote 1, ${today} Could it be 2 cm thicker?`);
    expect((await shop.json<{ your_messages: unknown[] }>(`/api/quotes/${second.id}?t=${second.token}`)).body.your_messages).toEqual([
      { version: 1, kind: "changes", message: "Could it be 2 cm thicker?", sent_at: expect.any(String) },
    ]);
  });

  test("a declined quote shows the shopper's reason", async () => {
    const { id, token, path } = await sentQuote();
    await shop.json(`/api/quotes/${id}/decline`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ t: token, message: "Too dear for me, sorry." }),
    });
    expect(await pageText(path)).toContain(`Your messages Declining quote 1, ${inWords(ukDay(0))} Too dear for me, sorry.`);
  });

  test("a quote the shopper has not answered shows no messages heading", async () => {
    const { path } = await sentQuote();
    expect(await pageText(path)).not.toContain("Your messages");
  });
});

describe("GET /quote/{id}?t=… that does not open a quote", () => {
  async function expectQuoteNotFound(path: string) {
    const { status, body, response } = await shop.html(path);
    expect(status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    const text = textOf(mainOf(body));
    expect(text).toContain("Quote not found");
    expect(text).toContain(NOT_FOUND_TEXT);
    expect(text).not.toContain("Bracket");
    return textOf(mainOf(body));
  }

  test("an unknown id shows the 404 page with the link's message", async () => {
    const { token } = await sentQuote();
    await expectQuoteNotFound(`/quote/qt_000000000000000000000000?t=${token}`);
  });

  test("a wrong token shows the same 404 page", async () => {
    const { id, token } = await sentQuote();
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const unknown = await expectQuoteNotFound(`/quote/qt_000000000000000000000000?t=${token}`);
    expect(await expectQuoteNotFound(`/quote/${id}?t=${wrong}`)).toBe(unknown);
  });

  test("no token, or an empty one, shows the same 404 page", async () => {
    const { id, token } = await sentQuote();
    const unknown = await expectQuoteNotFound(`/quote/qt_000000000000000000000000?t=${token}`);
    expect(await expectQuoteNotFound(`/quote/${id}`)).toBe(unknown);
    expect(await expectQuoteNotFound(`/quote/${id}?t=`)).toBe(unknown);
  });
});

describe("a quote that can no longer be answered shows a sentence instead of the actions", () => {
  async function expectOutcome(path: string, sentence: string) {
    const { body } = await shop.html(path);
    expect(textOf(mainOf(body))).toContain(sentence);
    expect(formsOf(mainOf(body))).toEqual([]);
    expect(body).not.toContain('data-island="QuoteActions"');
  }

  test("declined", async () => {
    const { id, path } = await sentQuote();
    setStatus(id, "declined");
    await expectOutcome(path, "You declined this quote. If you change your mind, contact us and we will gladly send a new one.");
  });

  test("expired: past its valid-until day in the UK", async () => {
    const { id, path } = await sentQuote();
    shop.db.query("UPDATE quotes SET valid_until = ? WHERE id = ?").run(ukDay(-1), id);
    await expectOutcome(path, `This quote expired on ${inWords(ukDay(-1))}. If you would still like it made, contact us for a new quote.`);
  });

  test("withdrawn: replaced by a newer version", async () => {
    const first = await sentQuote();
    await sentQuote(goodQuote({ lines: [{ description: "Thicker bracket", amount_cents: 3000 }] }));
    await expectOutcome(
      first.path,
      "This quote has been replaced or withdrawn, so it can no longer be accepted. Please use the link in our latest email.",
    );
  });

  test("paid: the order reference, and a link to the order's own page", async () => {
    addProduct(shop.db, BIRD_FEEDER);
    const { orderId } = await buyThroughDemoCheckout(shop, [{ id: BIRD_FEEDER.id }]);
    const { id, path } = await sentQuote();
    setStatus(id, "paid", orderId);
    await expectOutcome(path, `Paid — thank you. Your order reference is ${orderId}.`);
    const main = mainOf((await shop.html(path)).body);
    expect(firstMatch(main, /<a[^>]*href="([^"]*)"[^>]*>View your order<\/a>/)).toBe(`/order/${orderId}`);
  });
});

describe("the note after a form post (?done= and ?problem=)", () => {
  /** The note's element: role and text. */
  async function noteOf(path: string): Promise<{ role: string; text: string } | null> {
    const { status, body } = await shop.html(path);
    expect(status).toBe(200);
    const match = /<p class="banner [^"]*quote-page__note-banner" role="(status|alert)">([\s\S]*?)<\/p>/.exec(mainOf(body));
    return match ? { role: match[1] ?? "", text: textOf(match[2] ?? "") } : null;
  }

  test("done=declined and done=changes confirm the answer as a status", async () => {
    const { id, path } = await sentQuote();
    expect(await noteOf(`${path}&done=changes`)).toEqual({
      role: "status",
      text: "Thank you — your message has been sent. We will reply by email with a new quote.",
    });
    setStatus(id, "declined");
    expect(await noteOf(`${path}&done=declined`)).toEqual({
      role: "status",
      text: "You have declined this quote. Thank you for letting us know.",
    });
  });

  test("each problem code of the contract shows its own alert, in the words the JSON call refuses with", async () => {
    const { path } = await sentQuote();
    const expected: Record<string, string> = {
      declined: "This quote has been declined. Ask us for a new quote if you change your mind.",
      expired: `This quote expired on ${inWords(ukDay(14))}. Ask us for a new quote.`,
      withdrawn: "This quote has been replaced or withdrawn. Please use the link in the newest quote email we sent you.",
      paid: "This quote has already been paid.",
      message: "Tell us what you would like changed.",
      provider: "We couldn't reach the payment provider, so nothing was charged. Please try again in a moment.",
    };
    for (const [code, text] of Object.entries(expected)) {
      expect({ code, note: await noteOf(`${path}&problem=${code}`) }).toEqual({ code, note: { role: "alert", text } });
    }
  });

  test("an unknown code, or words in the query, show no note: a link cannot put its own text on the page", async () => {
    const { path } = await sentQuote();
    for (const query of ["&done=paid", "&problem=toString", "&problem=%3Cb%3EPay+here%3C%2Fb%3E", "&done=", "&note=Pay+elsewhere"]) {
      expect({ query, note: await noteOf(`${path}${query}`) }).toEqual({ query, note: null });
    }
    const { body } = await shop.html(`${path}&problem=${encodeURIComponent("Pay at evil.example")}`);
    expect(body).not.toContain("evil.example");
  });
});

describe("the request log", () => {
  test("never holds the link's token: no query string, and the quote's path is redacted", async () => {
    const { id, token, path } = await sentQuote();
    const entries: RequestLogEntry[] = [];
    const logged = createApp(shop.deps, { requestLog: (entry) => entries.push(entry) });
    const answer = await logged.answer(new Request(`${TEST_ORIGIN}${path}&done=changes`));
    expect(answer.status).toBe(200);
    const wrong = await logged.answer(new Request(`${TEST_ORIGIN}/quote/${id}?t=${token.slice(1)}`));
    expect(wrong.status).toBe(404);
    expect(entries.map(({ method, path: loggedPath, status }) => ({ method, path: loggedPath, status }))).toEqual([
      { method: "GET", path: "/quote/:redacted", status: 200 },
      { method: "GET", path: "/quote/:redacted", status: 404 },
    ]);
    expect(JSON.stringify(entries)).not.toContain(token.slice(1, 20));
  });
});
