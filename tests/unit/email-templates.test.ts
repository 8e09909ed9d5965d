import { describe, expect, test } from "bun:test";
import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { renderCustomRequestAcknowledgement } from "../../src/emails/custom-request";
import { renderNewOrderNotice } from "../../src/emails/new-order";
import { renderOrderConfirmation } from "../../src/emails/order-confirmation";
import type { Order } from "../../src/modules/orders/model";
import { textOf } from "../support/html";

const PUBLIC_URL = "https://shop.example";

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: "ORD-7Q2X",
    status: "paid",
    created_at: "2025-03-14T10:30:00.000Z",
    subtotal_cents: 4250,
    delivery_cents: 395,
    amount_cents: 4645,
    currency: "gbp",
    email: "ada@example.com",
    shipping_name: "Ada Lovelace",
    shipping_line1: "12 Fell View",
    shipping_line2: null,
    shipping_city: "Kendal",
    shipping_postal_code: "LA9 4AB",
    shipping_country: "GB",
    billing_name: null,
    billing_line1: null,
    billing_line2: null,
    billing_city: null,
    billing_postal_code: null,
    billing_country: null,
    tracking_carrier: null,
    tracking_number: null,
    tracking_url: null,
    tracking_notified_at: null,
    payment_session_id: "cs_demo_1",
    refund_required: false,
    stage: "queued",
    stages: [{ stage: "queued", at: "2025-03-14T10:30:00.000Z" }],
    dispatch_by: "2025-03-19",
    dispatch_dates: [],
    removed_files: [],
    items: [
      {
        product_id: "relief-map",
        product_name: "Route relief map",
        unit_price_cents: 3500,
        quantity: 1,
        meta: { variantId: "relief-map-a4", variantName: "A4 walnut frame", gpxName: "helvellyn.gpx" },
      },
      { product_id: "plant-pot", product_name: "Self-watering pot", unit_price_cents: 375, quantity: 2, meta: {} },
    ],
    ...overrides,
  };
}

describe("renderOrderConfirmation", () => {
  test("lists each item with its variant, quantity and line price, then subtotal, delivery and total in pounds", () => {
    const { subject, html, text } = renderOrderConfirmation(order(), PUBLIC_URL);
    expect(subject).toBe("Your Strata order ORD-7Q2X is confirmed");
    const seen = textOf(html);
    expect(seen).toContain("Thank you for your order, Ada Lovelace!");
    expect(seen).toContain("Order ORD-7Q2X");
    expect(seen).toContain("Route relief map A4 walnut frame Quantity: 1 £35.00");
    expect(seen).toContain("Self-watering pot Quantity: 2 £7.50");
    expect(seen).toContain("Subtotal £42.50 Delivery £3.95 Total £46.45");
    expect(text).toContain("- Route relief map (A4 walnut frame) × 1: £35.00");
    expect(text).toContain("- Self-watering pot × 2: £7.50");
    expect(text).toContain("Subtotal: £42.50\nDelivery: £3.95\nTotal: £46.45");
  });

  test("shows delivery as 'Free' when it costs nothing", () => {
    const { html, text } = renderOrderConfirmation(order({ delivery_cents: 0, amount_cents: 4250 }), PUBLIC_URL);
    expect(textOf(html)).toContain("Delivery Free Total £42.50");
    expect(text).toContain("Delivery: Free\nTotal: £42.50");
    expect(html).not.toContain("£0.00");
  });

  test("gives the shipping address, the order link to look it up by postcode, and the shop's contact promise", () => {
    const { html, text } = renderOrderConfirmation(order(), `${PUBLIC_URL}/`);
    const seen = textOf(html);
    expect(seen).toContain("Shipping to Ada Lovelace 12 Fell View Kendal LA9 4AB United Kingdom");
    expect(html).toContain('href="https://shop.example/order/ORD-7Q2X"');
    expect(seen).toContain("look up your order at any time with your postcode: https://shop.example/order/ORD-7Q2X");
    expect(seen).toContain("Email us at hello@strata-prints.co.uk . We reply within 1 business day.");
    expect(html).toContain('href="mailto:hello@strata-prints.co.uk"');
    expect(text).toContain("Shipping to:\nAda Lovelace\n12 Fell View\nKendal\nLA9 4AB\nUnited Kingdom");
    expect(text).toContain("https://shop.example/order/ORD-7Q2X");
    expect(text).toContain("Questions? Email us at hello@strata-prints.co.uk. We reply within 1 business day.");
  });

  test("states the made-to-specification wording when an item was paid from a quote (issue 13 point 5)", () => {
    const quoted = order({
      items: [
        {
          product_id: "qt_4f2a",
          product_name: "Helvellyn relief map, A3",
          unit_price_cents: 6500,
          quantity: 1,
          meta: { quoteId: "qt_4f2a" },
        },
      ],
    });
    const { html, text } = renderOrderConfirmation(quoted, PUBLIC_URL);
    expect(textOf(html)).toContain(MADE_TO_SPECIFICATION);
    expect(text).toContain(`Total: £46.45\n\n${MADE_TO_SPECIFICATION}\n\nShipping to:`);
  });

  test("leaves the made-to-specification wording out of an ordinary order's confirmation", () => {
    const { html, text } = renderOrderConfirmation(order(), PUBLIC_URL);
    expect(html).not.toContain("Made to your specification");
    expect(text).not.toContain("Made to your specification");
  });

  test("states the dispatch date promised at payment, in words (issue 14 point 3)", () => {
    const { html, text } = renderOrderConfirmation(order({ dispatch_by: "2026-12-03" }), PUBLIC_URL);
    expect(text).toContain("Dispatched by Thursday 3 December 2026.");
    expect(textOf(html)).toContain("Dispatched by Thursday 3 December 2026.");
  });

  test("says nothing about a dispatch date for an order paid before the promise existed", () => {
    const { html, text } = renderOrderConfirmation(order({ dispatch_by: null }), PUBLIC_URL);
    expect(text).not.toContain("Dispatched by");
    expect(html).not.toContain("Dispatched by");
  });

  test("is a complete HTML document in en-GB with inline styles only", () => {
    const { html } = renderOrderConfirmation(order(), PUBLIC_URL);
    expect(html).toStartWith('<!DOCTYPE html><html lang="en-GB">');
    expect(html).not.toContain("<style");
    expect(html).not.toContain("class=");
  });

  test("escapes HTML in a product name, variant and customer name", () => {
    const hostile = order({
      shipping_name: '<img src=x onerror="alert(1)">',
      items: [
        {
          product_id: "x",
          product_name: "<script>alert('pwned')</script> Lamp",
          unit_price_cents: 100,
          quantity: 1,
          meta: { variantName: "<b>Bold</b>" },
        },
      ],
    });
    for (const { html } of [renderOrderConfirmation(hostile, PUBLIC_URL), renderNewOrderNotice(hostile, PUBLIC_URL)]) {
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>Bold</b>");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt; Lamp");
      expect(textOf(html)).toContain("<script>alert('pwned')</script> Lamp");
    }
  });
});

describe("renderNewOrderNotice", () => {
  test("tells the owner the order id, customer email, items, total and where to ship", () => {
    const { subject, html, text } = renderNewOrderNotice(order(), PUBLIC_URL);
    expect(subject).toBe("New order ORD-7Q2X — £46.45");
    const seen = textOf(html);
    expect(seen).toContain("New order ORD-7Q2X");
    expect(seen).toContain("by ada@example.com");
    expect(seen).toContain("Route relief map A4 walnut frame Quantity: 1 GPX route: helvellyn.gpx £35.00");
    expect(seen).toContain("Self-watering pot Quantity: 2 £7.50");
    expect(seen).toContain("Total £46.45");
    expect(seen).toContain("Ship to Ada Lovelace 12 Fell View Kendal LA9 4AB United Kingdom");
    expect(text).toContain("by ada@example.com");
    expect(text).toContain("- Route relief map (A4 walnut frame) × 1: £35.00\n    GPX route: helvellyn.gpx");
  });

  test("shows no refund warning when the order needs no refund", () => {
    const { subject, html, text } = renderNewOrderNotice(order({ refund_required: false }), PUBLIC_URL);
    expect(subject).not.toContain("REFUND");
    expect(html).not.toContain("REFUND NEEDED");
    expect(text).not.toContain("REFUND NEEDED");
  });

  test("puts REFUND NEEDED in the subject and first in the body when refund_required is true", () => {
    const { subject, html, text } = renderNewOrderNotice(order({ refund_required: true }), PUBLIC_URL);
    expect(subject).toStartWith("REFUND NEEDED: New order ORD-7Q2X");
    const seen = textOf(html.slice(html.indexOf("<body")));
    expect(seen).toContain("REFUND NEEDED: this payment arrived after its checkout had expired");
    expect(text).toStartWith("REFUND NEEDED: this payment arrived after its checkout had expired");
  });
});

describe("renderCustomRequestAcknowledgement (issue 11 point 8: the form takes any address)", () => {
  test("is one fixed en-GB text for every request: only the shop's own request id changes", () => {
    const first = renderCustomRequestAcknowledgement("REQ-0000000000000000");
    const second = renderCustomRequestAcknowledgement("REQ-ZZZZZZZZZZZZZZZZ");
    expect(first.subject).toBe("We've received your request");
    expect(first.html).toStartWith('<!DOCTYPE html><html lang="en-GB">');
    expect(second.html.replaceAll("REQ-ZZZZZZZZZZZZZZZZ", "REQ-0000000000000000")).toBe(first.html);
    expect(second.text.replaceAll("REQ-ZZZZZZZZZZZZZZZZ", "REQ-0000000000000000")).toBe(first.text);
    expect(textOf(first.html)).toContain(
      "Thank you for your custom print request (REQ-0000000000000000). We've received it and will look at it shortly. We will reply within 1 business day.",
    );
    expect(first.text).toContain("If you did not send this request, you can ignore this email.");
  });
});
