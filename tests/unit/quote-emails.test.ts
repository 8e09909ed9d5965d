import { afterEach, describe, expect, test } from "bun:test";
import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { DEFAULT_SHOP_IDENTITY } from "../../shared/shop-info";
import { formatUkDay } from "../../shared/uk-day";
import { type QuoteEmailData, renderQuoteEmail } from "../../src/emails/quote";
import { type QuoteResponseData, renderQuoteResponseNotice } from "../../src/emails/quote-response";
import { textOf } from "../support/html";

const PUBLIC_URL = "https://shop.example";
/**
 * The shop as configured in /admin (docs/decisions/0021-shop-identity-in-configuration.md): the name, contact address
 * and trader these emails sign with.
 */
const SHOP = { ...DEFAULT_SHOP_IDENTITY, traderName: "Strata Prints Ltd", traderAddress: ["Unit 7, Shap Road", "Kendal", "LA9 6NZ"] };
const TOKEN = "q7Hk2mZ9xY4wB8vN1cR5tL0pS3dF6gJ-aE_uI2oK9mQ";
const QUOTE_URL = `${PUBLIC_URL}/quote/qt_4f2a?t=${TOKEN}`;

function quote(overrides: Partial<QuoteEmailData> = {}): QuoteEmailData {
  return {
    quoteId: "qt_4f2a",
    version: 2,
    requestId: "REQ-8K3M",
    customerName: "Ada Lovelace",
    lines: [
      { description: "Helvellyn relief map, A3", amount_cents: 6500, quantity: 1 },
      { description: "Walnut frame", amount_cents: 2250, quantity: 1 },
    ],
    deliveryCents: 495,
    totalCents: 9245,
    leadTimeDays: 5,
    validUntil: "2026-12-08",
    message: "Printed in grey PLA, as you asked.",
    url: QUOTE_URL,
    ...overrides,
  };
}

function response(overrides: Partial<QuoteResponseData> = {}): QuoteResponseData {
  return {
    quoteId: "qt_4f2a",
    version: 2,
    requestId: "REQ-8K3M",
    customerName: "Ada Lovelace",
    customerEmail: "ada@example.com",
    kind: "accepted",
    message: null,
    totalCents: 9245,
    ...overrides,
  };
}

function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe("renderQuoteEmail", () => {
  test("gives the shopper every fact of the quote in HTML and text: lines, delivery, total, lead time, date, note, link, wording", () => {
    const { subject, html, text } = renderQuoteEmail(quote(), PUBLIC_URL, SHOP);
    expect(subject).toBe("Your quote from Strata for request REQ-8K3M");
    expect(html).toStartWith('<!DOCTYPE html><html lang="en-GB">');
    const seen = textOf(html);
    expect(seen).toContain("Hello Ada Lovelace,");
    expect(seen).toContain("Here is quote 2 for request REQ-8K3M.");
    expect(seen).toContain("1 × Helvellyn relief map, A3 £65.00 1 × Walnut frame £22.50 Delivery £4.95 Total £92.45");
    expect(seen).toContain("Made and dispatched within 5 working days of payment.");
    expect(seen).toContain("Valid until Tuesday 8 December 2026.");
    expect(seen).toContain("A note from us Printed in grey PLA, as you asked.");
    expect(seen).toContain("View and accept your quote");
    expect(seen).toContain(MADE_TO_SPECIFICATION);
    expect(seen).toContain("Questions? Email us at hello@strata-prints.co.uk . We reply within 1 business day.");

    expect(text).toStartWith("Hello Ada Lovelace,\n\n");
    expect(text).toContain("Here is quote 2 for request REQ-8K3M.");
    expect(text).toContain("- 1 × Helvellyn relief map, A3: £65.00\n- 1 × Walnut frame: £22.50\n\nDelivery: £4.95\nTotal: £92.45");
    expect(text).toContain("Made and dispatched within 5 working days of payment.\nValid until Tuesday 8 December 2026.");
    expect(text).toContain("A note from us:\nPrinted in grey PLA, as you asked.");
    expect(text).toContain(`View and accept your quote: ${QUOTE_URL}`);
    expect(text).toContain(MADE_TO_SPECIFICATION);
    expect(text).toContain("Questions? Email us at hello@strata-prints.co.uk. We reply within 1 business day.");
    expect(text).toEndWith("Strata — Strata Prints Ltd, Unit 7, Shap Road, Kendal, LA9 6NZ");
  });

  test("links the button to the exact url given, and the token appears nowhere else", () => {
    const { subject, html, text } = renderQuoteEmail(quote(), PUBLIC_URL, SHOP);
    const button = /<a href="([^"]*)"[^>]*>View and accept your quote<\/a>/.exec(html);
    expect(button?.[1]).toBe(QUOTE_URL);
    expect(occurrences(html, TOKEN)).toBe(1);
    expect(occurrences(text, TOKEN)).toBe(1);
    expect(subject).not.toContain(TOKEN);
  });

  test("shows delivery as 'Free' when the quote charges none", () => {
    const { html, text } = renderQuoteEmail(quote({ deliveryCents: 0, totalCents: 8750 }), PUBLIC_URL, SHOP);
    expect(textOf(html)).toContain("Delivery Free Total £87.50");
    expect(text).toContain("Delivery: Free\nTotal: £87.50");
    expect(html).not.toContain("£0.00");
  });

  test("says 'working day' for one day, 'working days' for several, and 'as soon as possible' for none", () => {
    const cases: [number, string][] = [
      [1, "Made and dispatched within 1 working day of payment."],
      [12, "Made and dispatched within 12 working days of payment."],
      [0, "Dispatched as soon as possible after payment."],
    ];
    for (const [leadTimeDays, wording] of cases) {
      const { html, text } = renderQuoteEmail(quote({ leadTimeDays }), PUBLIC_URL, SHOP);
      expect(textOf(html)).toContain(wording);
      expect(text).toContain(wording);
    }
    expect(renderQuoteEmail(quote({ leadTimeDays: 0 }), PUBLIC_URL, SHOP).text).not.toContain("working day");
  });

  test("escapes the owner's note once: <b> and & reach the shopper as the characters typed", () => {
    const { html, text } = renderQuoteEmail(quote({ message: "<b>Rush</b> job & gift wrap" }), PUBLIC_URL, SHOP);
    expect(html).toContain("&lt;b&gt;Rush&lt;/b&gt; job &amp; gift wrap");
    expect(html).not.toContain("<b>Rush</b>");
    expect(html).not.toContain("&amp;amp;");
    expect(html).not.toContain("&amp;lt;");
    expect(textOf(html)).toContain("<b>Rush</b> job & gift wrap");
    expect(text).toContain("A note from us:\n<b>Rush</b> job & gift wrap");
  });

  test("escapes the shopper's name and the line descriptions", () => {
    const { html } = renderQuoteEmail(
      quote({
        customerName: '<img src=x onerror="alert(1)">',
        lines: [{ description: "<script>alert(1)</script> Lamp", amount_cents: 100, quantity: 1 }],
      }),
      PUBLIC_URL,
      SHOP,
    );
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Lamp");
  });

  test("leaves out the note's heading when the owner wrote none", () => {
    for (const message of [null, "  "]) {
      const { html, text } = renderQuoteEmail(quote({ message }), PUBLIC_URL, SHOP);
      expect(html).not.toContain("A note from us");
      expect(text).not.toContain("A note from us");
    }
  });

  test("names the UK day it was given on both sides of the clock changes", () => {
    const { html, text } = renderQuoteEmail(quote({ validUntil: "2026-10-25" }), PUBLIC_URL, SHOP);
    expect(textOf(html)).toContain("Valid until Sunday 25 October 2026.");
    expect(text).toContain("Valid until Sunday 25 October 2026.");
    expect(renderQuoteEmail(quote({ validUntil: "2026-03-29" }), PUBLIC_URL, SHOP).text).toContain("Valid until Sunday 29 March 2026.");
  });
});

describe("formatUkDay", () => {
  const serverZone = process.env.TZ;
  afterEach(() => {
    if (serverZone === undefined) delete process.env.TZ;
    else process.env.TZ = serverZone;
  });

  const days: [string, string][] = [
    ["2026-12-08", "Tuesday 8 December 2026"],
    ["2026-03-28", "Saturday 28 March 2026"],
    ["2026-03-29", "Sunday 29 March 2026"],
    ["2026-03-30", "Monday 30 March 2026"],
    ["2026-10-24", "Saturday 24 October 2026"],
    ["2026-10-25", "Sunday 25 October 2026"],
    ["2026-10-26", "Monday 26 October 2026"],
  ];

  test("names a UK day in en-GB words, without a comma, on and around both clock changes", () => {
    for (const [day, words] of days) expect(formatUkDay(day)).toBe(words);
  });

  test("names the same day whatever the server's time zone (14 hours ahead of UTC, 8 behind)", () => {
    for (const zone of ["Pacific/Kiritimati", "America/Los_Angeles"]) {
      process.env.TZ = zone;
      for (const [day, words] of days) expect(formatUkDay(day)).toBe(words);
    }
  });

  test("shows anything that is not a real YYYY-MM-DD day as given", () => {
    for (const given of ["2026-02-30", "8 December 2026", "2026-12-8", ""]) expect(formatUkDay(given)).toBe(given);
  });
});

describe("renderQuoteResponseNotice", () => {
  test("tells the owner an accepted quote is only on the payment page, not paid", () => {
    const { subject, html, text } = renderQuoteResponseNotice(response(), PUBLIC_URL, SHOP);
    expect(subject).toBe("Ada Lovelace accepted quote 2 for request REQ-8K3M");
    const seen = textOf(html);
    expect(seen).toContain("Ada Lovelace accepted quote 2 for request REQ-8K3M");
    expect(seen).toContain("From Ada Lovelace ( ada@example.com ). Quote qt_4f2a, total £92.45.");
    expect(html).toContain('href="mailto:ada@example.com"');
    expect(seen).toContain("Ada Lovelace is on the payment page; you'll get the usual new-order email once paid.");
    expect(seen).not.toContain("Their message");
    expect(text).toContain("From Ada Lovelace (ada@example.com). Quote qt_4f2a, total £92.45.");
    expect(text).toContain("Ada Lovelace is on the payment page; you'll get the usual new-order email once paid.");
  });

  test("links to the orders section of /admin, in HTML and text", () => {
    for (const kind of ["accepted", "changes", "declined"] as const) {
      const { html, text } = renderQuoteResponseNotice(response({ kind, message: "Hi" }), `${PUBLIC_URL}/`, SHOP);
      expect(html).toContain('href="https://shop.example/admin/orders"');
      expect(textOf(html)).toContain("Manage it at https://shop.example/admin/orders");
      expect(text).toEndWith("Manage it at https://shop.example/admin/orders");
    }
  });

  test("gives the shopper's requested changes in a box, escaped once", () => {
    const message = "Could the frame be <b>oak</b> & the map A2?\nThanks";
    const { subject, html, text } = renderQuoteResponseNotice(response({ kind: "changes", message }), PUBLIC_URL, SHOP);
    expect(subject).toBe("Ada Lovelace asked for changes to quote 2 for request REQ-8K3M");
    expect(html).toContain("Could the frame be &lt;b&gt;oak&lt;/b&gt; &amp; the map A2?\nThanks</p>");
    expect(html).not.toContain("<b>oak</b>");
    expect(html).not.toContain("&amp;amp;");
    expect(textOf(html)).toContain("Their message: Could the frame be <b>oak</b> & the map A2? Thanks");
    expect(text).toContain(`Their message:\n${message}\n`);
    expect(text).toContain("send a new version of the quote from the request");
  });

  test("gives a decline's message when there is one", () => {
    const { subject, html, text } = renderQuoteResponseNotice(
      response({ kind: "declined", message: "Too dear for now." }),
      PUBLIC_URL,
      SHOP,
    );
    expect(subject).toBe("Ada Lovelace declined quote 2 for request REQ-8K3M");
    expect(textOf(html)).toContain("Their message: Too dear for now.");
    expect(text).toContain("Their message:\nToo dear for now.");
  });

  test("says no message was given when a decline came without one", () => {
    const { html, text } = renderQuoteResponseNotice(response({ kind: "declined", message: null }), PUBLIC_URL, SHOP);
    expect(textOf(html)).toContain("Their message: none given.");
    expect(text).toContain("Their message: none given.");
  });

  test("escapes the shopper's name", () => {
    const { html } = renderQuoteResponseNotice(response({ customerName: '<img src=x onerror="alert(1)">' }), PUBLIC_URL, SHOP);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x");
  });
});
