import { describe, expect, test } from "bun:test";
import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { DEFAULT_SHOP_IDENTITY } from "../../shared/shop-info";
import { renderCustomRequestAcknowledgement } from "../../src/emails/custom-request";
import { renderNewOrderNotice } from "../../src/emails/new-order";
import { renderOrderConfirmation } from "../../src/emails/order-confirmation";
import { order } from "../support/email-order";
import { textOf } from "../support/html";

const PUBLIC_URL = "https://shop.example";
/** The shop as it is before the owner configures it: the names these emails were written against. */
const SHOP = DEFAULT_SHOP_IDENTITY;

describe("renderOrderConfirmation", () => {
  test("lists each item with its variant, quantity and line price, then subtotal, delivery and total in pounds", () => {
    const { subject, html, text } = renderOrderConfirmation(order(), PUBLIC_URL, SHOP);
    expect(subject).toBe("Your Strata order ORD-7Q2X is confirmed");
    const seen = textOf(html);
    expect(seen).toContain("Thank you for your order, Ada Lovelace!");
    expect(seen).toContain("Order ORD-7Q2X");
    expect(seen).toContain("Route relief map A4 walnut frame Quantity: 1 £35.00");
    expect(seen).toContain("Self-watering pot Quantity: 2 £7.50");
    expect(seen).toContain("Subtotal £42.50 Delivery £3.95 Total £46.45");
    expect(text).toContain("- 1 × Route relief map (A4 walnut frame): £35.00");
    expect(text).toContain("- 2 × Self-watering pot: £7.50");
    expect(text).toContain("Subtotal: £42.50\nDelivery: £3.95\nTotal: £46.45");
  });

  test("shows a discount code's line between subtotal and delivery", () => {
    const discounted = order({ discount_code: "SPRING10", discount_cents: 425, amount_cents: 4220 });
    const { html, text } = renderOrderConfirmation(discounted, PUBLIC_URL, SHOP);
    expect(textOf(html)).toContain("Subtotal £42.50 Discount (SPRING10) −£4.25 Delivery £3.95 Total £42.20");
    expect(text).toContain("Subtotal: £42.50\nDiscount (SPRING10): −£4.25\nDelivery: £3.95\nTotal: £42.20");
    const notice = renderNewOrderNotice(discounted, PUBLIC_URL, SHOP);
    expect(notice.text).toContain("Discount (SPRING10): −£4.25");
  });

  test("shows no discount line on an order without a code", () => {
    const { html, text } = renderOrderConfirmation(order(), PUBLIC_URL, SHOP);
    expect(textOf(html)).not.toContain("Discount");
    expect(text).not.toContain("Discount");
  });

  test("shows delivery as 'Free' when it costs nothing", () => {
    const { html, text } = renderOrderConfirmation(order({ delivery_cents: 0, amount_cents: 4250 }), PUBLIC_URL, SHOP);
    expect(textOf(html)).toContain("Delivery Free Total £42.50");
    expect(text).toContain("Delivery: Free\nTotal: £42.50");
    expect(html).not.toContain("£0.00");
  });

  test("gives the shipping address, the order link to look it up by postcode, and the shop's contact promise", () => {
    const { html, text } = renderOrderConfirmation(order(), `${PUBLIC_URL}/`, SHOP);
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

  test("states the made-to-specification wording when an item was paid from a quote", () => {
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
    const { html, text } = renderOrderConfirmation(quoted, PUBLIC_URL, SHOP);
    expect(textOf(html)).toContain(MADE_TO_SPECIFICATION);
    expect(text).toContain(`Total: £46.45\n\n${MADE_TO_SPECIFICATION}\n\nShipping to:`);
  });

  test("leaves the made-to-specification wording out of a confirmation of stock items only", () => {
    const stockOnly = order({
      items: [{ product_id: "plant-pot", product_name: "Self-watering pot", unit_price_cents: 375, quantity: 2, meta: {} }],
    });
    const { html, text } = renderOrderConfirmation(stockOnly, PUBLIC_URL, SHOP);
    expect(html).not.toContain("Made to your specification");
    expect(text).not.toContain("Made to your specification");
  });

  test("states the dispatch date promised at payment, in words", () => {
    const { html, text } = renderOrderConfirmation(order({ dispatch_by: "2026-12-03" }), PUBLIC_URL, SHOP);
    expect(text).toContain("Dispatched by Thursday 3 December 2026.");
    expect(textOf(html)).toContain("Dispatched by Thursday 3 December 2026.");
  });

  test("says nothing about a dispatch date for an order paid before the promise existed", () => {
    const { html, text } = renderOrderConfirmation(order({ dispatch_by: null }), PUBLIC_URL, SHOP);
    expect(text).not.toContain("Dispatched by");
    expect(html).not.toContain("Dispatched by");
  });

  test("is a complete HTML document in en-GB with inline styles only", () => {
    const { html } = renderOrderConfirmation(order(), PUBLIC_URL, SHOP);
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
    for (const { html } of [renderOrderConfirmation(hostile, PUBLIC_URL, SHOP), renderNewOrderNotice(hostile, PUBLIC_URL, SHOP)]) {
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>Bold</b>");
      expect(html).not.toContain("<img src=x");
      expect(html).toContain("&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt; Lamp");
      expect(textOf(html)).toContain("<script>alert('pwned')</script> Lamp");
    }
  });
});

describe("a gift order's note in its emails: the buyer's only", () => {
  const gift = order({ gift: { message: "Happy birthday, Gran!\nLove from Ada", from: "Ada and Tom" } });

  test("the buyer's confirmation shows the note as the card prints it, after the totals, its line break kept", () => {
    const { html, text } = renderOrderConfirmation(gift, PUBLIC_URL, SHOP);
    const seen = textOf(html);
    expect(seen).toContain("Gift note (printed on a card in the parcel) Happy birthday, Gran! Love from Ada From Ada and Tom");
    expect(seen.indexOf("Gift note")).toBeGreaterThan(seen.indexOf("Total £46.45"));
    expect(html).toContain("white-space:pre-line");
    expect(text).toContain("Gift note (printed on a card in the parcel):\nHappy birthday, Gran!\nLove from Ada\nFrom Ada and Tom\n");
  });

  test("the owner's new-order email says it is a gift but never carries the buyer's words", () => {
    const { html, text, subject } = renderNewOrderNotice(gift, PUBLIC_URL, SHOP);
    for (const said of [textOf(html), text]) {
      expect(said).toContain("This order is a gift: print its gift note card with the packing slip, and send no prices.");
      expect(said).not.toContain("Happy birthday");
      expect(said).not.toContain("Ada and Tom");
    }
    expect(subject).not.toContain("Happy birthday");
  });

  test("an order without one says nothing about it", () => {
    for (const { html, text } of [renderOrderConfirmation(order(), PUBLIC_URL, SHOP), renderNewOrderNotice(order(), PUBLIC_URL, SHOP)]) {
      expect(textOf(html)).not.toContain("gift");
      expect(text).not.toContain("gift");
    }
  });
});

describe("renderNewOrderNotice", () => {
  test("tells the owner the order id, customer email, items, total and where to ship", () => {
    const { subject, html, text } = renderNewOrderNotice(order(), PUBLIC_URL, SHOP);
    expect(subject).toBe("New order ORD-7Q2X — £46.45");
    const seen = textOf(html);
    expect(seen).toContain("New order ORD-7Q2X");
    expect(seen).toContain("by ada@example.com");
    expect(seen).toContain("Route relief map A4 walnut frame Quantity: 1 GPX route: helvellyn.gpx £35.00");
    expect(seen).toContain("Self-watering pot Quantity: 2 £7.50");
    expect(seen).toContain("Total £46.45");
    expect(seen).toContain("Ship to Ada Lovelace 12 Fell View Kendal LA9 4AB United Kingdom");
    expect(text).toContain("by ada@example.com");
    expect(text).toContain("- 1 × Route relief map (A4 walnut frame): £35.00\n    GPX route: helvellyn.gpx");
  });

  test("a line printed from the shopper's own model names its material, colour, scale and file, and is made to specification", () => {
    const modelled = order({
      items: [
        {
          product_id: "print-your-own-model",
          product_name: "Print your own model",
          unit_price_cents: 920,
          quantity: 2,
          meta: { modelToken: "tok", modelName: "bracket.stl", material: "petg", materialName: "PETG", colour: "Orange", scale: 2 },
        },
      ],
    });
    const notice = renderNewOrderNotice(modelled, PUBLIC_URL, SHOP);
    expect(textOf(notice.html)).toContain("Print your own model PETG, Orange, scaled ×2 Quantity: 2 3D model: bracket.stl £18.40");
    expect(notice.text).toContain("- 2 × Print your own model (PETG, Orange, scaled ×2): £18.40\n    3D model: bracket.stl");
    expect(renderOrderConfirmation(modelled, PUBLIC_URL, SHOP).text).toContain(MADE_TO_SPECIFICATION);
  });

  test("shows no refund warning when the order needs no refund", () => {
    const { subject, html, text } = renderNewOrderNotice(order({ refund_required: false }), PUBLIC_URL, SHOP);
    expect(subject).not.toContain("REFUND");
    expect(html).not.toContain("REFUND NEEDED");
    expect(text).not.toContain("REFUND NEEDED");
  });

  test("puts REFUND NEEDED in the subject and first in the body when refund_required is true", () => {
    const { subject, html, text } = renderNewOrderNotice(order({ refund_required: true }), PUBLIC_URL, SHOP);
    expect(subject).toStartWith("REFUND NEEDED: New order ORD-7Q2X");
    const seen = textOf(html.slice(html.indexOf("<body")));
    expect(seen).toContain("REFUND NEEDED: this payment arrived after its checkout had expired");
    expect(text).toStartWith("REFUND NEEDED: this payment arrived after its checkout had expired");
  });
});

describe("renderCustomRequestAcknowledgement (the form takes any address)", () => {
  test("is one fixed en-GB text for every request: only the shop's own request id changes", () => {
    const first = renderCustomRequestAcknowledgement("REQ-0000000000000000", SHOP);
    const second = renderCustomRequestAcknowledgement("REQ-ZZZZZZZZZZZZZZZZ", SHOP);
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
