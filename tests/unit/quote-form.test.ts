import { describe, expect, test } from "bun:test";
import { emptyQuoteForm, type QuoteForm, quoteBody, quotePreview, ukDateInDays } from "../../web/admin/quote-form";

/** A form as the owner leaves it: two lines typed in pounds. */
function typed(change: Partial<QuoteForm> = {}): QuoteForm {
  return {
    lines: [
      { key: 1, description: "Bracket in black PETG", amount: "45.00", quantity: "1" },
      { key: 2, description: "Fitting kit", amount: "12.5", quantity: "2" },
    ],
    delivery: "",
    leadTime: "10",
    validUntil: "2026-12-08",
    message: "",
    ...change,
  };
}

describe("the admin's quote editor", () => {
  test("valid until starts 14 days after today's UK date, not the computer's date", () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST): 14 days on is 15 July.
    expect(emptyQuoteForm(new Date("2026-06-30T23:30:00Z")).validUntil).toBe("2026-07-15");
    // In winter London is on UTC: 23:30 on 31 December is still that day, and the date crosses the year.
    expect(ukDateInDays(new Date("2026-12-31T23:30:00Z"), 14)).toBe("2027-01-14");
  });

  test("amounts typed in pounds go to the server as whole pence, and blank delivery is left to the shop's rule", () => {
    expect(quoteBody(typed())).toEqual({
      lines: [
        { description: "Bracket in black PETG", amount_cents: 4500, quantity: 1 },
        { description: "Fitting kit", amount_cents: 1250, quantity: 2 },
      ],
      lead_time_days: 10,
      valid_until: "2026-12-08",
    });
  });

  test("a delivery of 0 is sent as free delivery, not left to the shop's rule", () => {
    expect(quoteBody(typed({ delivery: "0" }))).toMatchObject({ delivery_cents: 0 });
    expect(quoteBody(typed({ delivery: "4.50", message: "Ready by Friday." }))).toMatchObject({
      delivery_cents: 450,
      message: "Ready by Friday.",
    });
  });

  test("a figure that is not one is sent as null, so the server's message says what to fix", () => {
    const body = quoteBody(
      typed({ lines: [{ key: 1, description: "Bracket", amount: "-3", quantity: "1.5" }], delivery: "free", leadTime: "two" }),
    );
    expect(body).toEqual({
      lines: [{ description: "Bracket", amount_cents: null, quantity: null }],
      delivery_cents: null,
      lead_time_days: null,
      valid_until: "2026-12-08",
    });
  });

  test("the preview adds up the lines and delivery, and with delivery blank leaves delivery out of the sum", () => {
    // £45 + 2 × £12.50.
    expect(quotePreview(typed())).toMatchObject({ deliveryByRule: true, delivery: null, total: 7000 });
    expect(quotePreview(typed({ delivery: "4.50" }))).toMatchObject({ deliveryByRule: false, delivery: 450, total: 7450 });
  });

  test("a line of 2 previews as '2 × …' with its price of one and its total; one of 1 names no price each", () => {
    expect(quotePreview(typed()).lines).toEqual([
      { key: 1, description: "Bracket in black PETG", label: "1 × Bracket in black PETG", each: null, pence: 4500 },
      { key: 2, description: "Fitting kit", label: "2 × Fitting kit", each: 1250, pence: 2500 },
    ]);
  });

  test("a quantity that is not a whole number leaves the line's total unknown, and goes to the server as null", () => {
    const form = typed({ lines: [{ key: 1, description: "Clip", amount: "1.00", quantity: "0.5" }] });
    expect(quotePreview(form).lines[0]).toMatchObject({ label: "Clip", pence: null });
    expect(quoteBody(form).lines[0]?.quantity).toBeNull();
  });
});
