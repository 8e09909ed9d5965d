import { describe, expect, test } from "bun:test";
import { MADE_TO_SPECIFICATION } from "../../shared/made-to-specification";
import { DEFAULT_SHOP_IDENTITY, type ShopIdentity } from "../../shared/shop-info";
import { renderCustomRequestAcknowledgement } from "../../src/emails/custom-request";
import { renderDispatchDateEmail } from "../../src/emails/dispatch-date";
import { renderNewOrderNotice } from "../../src/emails/new-order";
import { renderOrderConfirmation } from "../../src/emails/order-confirmation";
import { renderTrackingEmail } from "../../src/emails/tracking";
import { order } from "../support/email-order";
import { textOf } from "../support/html";

// Every email looks like the shop the owner configured — its name and colour, a "View your
// order" button, the pictures of lines made from the shopper's files — and has a plain-text
// part saying the same (docs/decisions/0021-shop-identity-in-configuration.md).

const PUBLIC_URL = "https://shop.example";

const FELLSIDE: ShopIdentity = {
  name: "Fellside Maps",
  traderName: "Fellside Prints Ltd",
  traderAddress: ["3 Mill Yard", "Kendal", "LA9 4QR"],
  email: "orders@fellside.example",
  vatNumber: "GB123456789",
  companyNumber: "09876543",
  announcement: "",
};

const WITH_FILES = order({
  items: [
    {
      product_id: "relief-map",
      product_name: "Route relief map",
      unit_price_cents: 3500,
      quantity: 1,
      meta: { gpxToken: "gpx_tok1", gpxName: "helvellyn.gpx" },
    },
    {
      product_id: "lithophane",
      product_name: "Lithophane",
      unit_price_cents: 750,
      quantity: 1,
      meta: { imageToken: "img_tok2", imageName: "gran.jpg" },
    },
    { product_id: "plant-pot", product_name: "Self-watering pot", unit_price_cents: 375, quantity: 2, meta: {} },
  ],
});

/** Every shopper email about an order, rendered for the same order and shop. */
const SHOPPER_EMAILS = {
  confirmation: () => renderOrderConfirmation(WITH_FILES, PUBLIC_URL, FELLSIDE),
  tracking: () => renderTrackingEmail(WITH_FILES, { carrier: "Royal Mail", number: "AB123456789GB", url: null }, PUBLIC_URL, FELLSIDE),
  "dispatch date": () =>
    renderDispatchDateEmail(
      WITH_FILES,
      { dispatchBy: "2026-12-03", previous: "2026-12-01", reason: "Printer service" },
      PUBLIC_URL,
      FELLSIDE,
    ),
};

describe("the shop's identity in its emails", () => {
  test("the confirmation's subject, heading band and foot name the configured shop and trader, not the defaults", () => {
    const { subject, html, text } = renderOrderConfirmation(WITH_FILES, PUBLIC_URL, FELLSIDE);
    expect(subject).toBe("Your Fellside Maps order ORD-7Q2X is confirmed");
    expect(textOf(html)).toStartWith("Your Fellside Maps order ORD-7Q2X is confirmed Fellside Maps Thank you");
    expect(textOf(html)).toEndWith("Fellside Maps — Fellside Prints Ltd, 3 Mill Yard, Kendal, LA9 4QR");
    expect(text).toEndWith("\n\nFellside Maps — Fellside Prints Ltd, 3 Mill Yard, Kendal, LA9 4QR");
    expect(text).toContain("Questions? Email us at orders@fellside.example. We reply within 1 business day.");
    expect(html).toContain('href="mailto:orders@fellside.example"');
    for (const old of ["Strata", DEFAULT_SHOP_IDENTITY.email]) {
      expect(html).not.toContain(old);
      expect(text).not.toContain(old);
    }
  });

  test("the shop's name sits on the shop's dark band with its orange accent, and the button is the accent colour", () => {
    const { html } = renderOrderConfirmation(WITH_FILES, PUBLIC_URL, FELLSIDE);
    expect(html).toMatch(/<td style="[^"]*background-color:#1c1917;border-bottom:4px solid #c2410c;[^"]*">Fellside Maps<\/td>/);
    expect(html).toMatch(/<a href="https:\/\/shop\.example\/order\/ORD-7Q2X" style="[^"]*background-color:#c2410c;color:#ffffff/);
  });

  test("an owner's notice and the request acknowledgement wear the configured name too", () => {
    expect(textOf(renderNewOrderNotice(WITH_FILES, PUBLIC_URL, FELLSIDE).html)).toContain("Fellside Maps New order ORD-7Q2X");
    const ack = renderCustomRequestAcknowledgement("REQ-0000000000000000", FELLSIDE);
    expect(ack.text).toContain("Anything to add? Write to us at orders@fellside.example.");
    expect(ack.text).toEndWith("Fellside Maps — Fellside Prints Ltd, 3 Mill Yard, Kendal, LA9 4QR");
  });

  test("before the owner names a trader, the signature is the shop's name alone", () => {
    const { text } = renderOrderConfirmation(WITH_FILES, PUBLIC_URL, DEFAULT_SHOP_IDENTITY);
    expect(text).toEndWith("\n\nStrata");
  });
});

describe("the way back to the order", () => {
  for (const [name, render] of Object.entries(SHOPPER_EMAILS)) {
    test(`the ${name} email has a "View your order" button to /order/{id}, and its text part the same link`, () => {
      const { html, text } = render();
      const button = /<a href="([^"]+)" style="display:inline-block[^"]*">View your order<\/a>/.exec(html);
      expect(button?.[1]).toBe("https://shop.example/order/ORD-7Q2X");
      expect(text).toContain("View your order: https://shop.example/order/ORD-7Q2X");
    });
  }
});

describe("line pictures", () => {
  for (const [name, render] of Object.entries(SHOPPER_EMAILS)) {
    test(`the ${name} email shows the route and the photo by absolute address, and no picture for a stock line`, () => {
      const { html } = render();
      const pictures = [...html.matchAll(/<img src="([^"]+)" alt="([^"]+)"/g)].map((match) => [match[1], match[2]]);
      expect(pictures).toEqual([
        ["https://shop.example/api/uploads/gpx_tok1/preview.png", "Your route"],
        ["https://shop.example/api/uploads/img_tok2/preview.jpg", "Your photo"],
      ]);
    });
  }

  test("the owner's new-order notice shows no shopper pictures (the owner has them in /admin)", () => {
    expect(renderNewOrderNotice(WITH_FILES, PUBLIC_URL, FELLSIDE).html).not.toContain("<img");
  });
});

describe("made to the shopper's specification", () => {
  test("a confirmation with a line made from a GPX file or a photo states the wording in HTML and text", () => {
    for (const meta of [
      { gpxToken: "gpx_tok1", gpxName: "a.gpx" },
      { imageToken: "img_tok2", imageName: "b.jpg" },
    ]) {
      const one = order({ items: [{ product_id: "x", product_name: "Made for you", unit_price_cents: 4250, quantity: 1, meta }] });
      const { html, text } = renderOrderConfirmation(one, PUBLIC_URL, FELLSIDE);
      expect(textOf(html)).toContain(MADE_TO_SPECIFICATION);
      expect(text).toContain(`Total: £46.45\n\n${MADE_TO_SPECIFICATION}\n\nShipping to:`);
    }
  });
});

describe("the plain-text part", () => {
  test("every shopper email has one that carries the facts of its HTML", () => {
    for (const render of Object.values(SHOPPER_EMAILS)) {
      const { html, text } = render();
      expect(text).not.toContain("<");
      for (const fact of ["ORD-7Q2X", "Route relief map", "Lithophane", "Self-watering pot", "orders@fellside.example"]) {
        expect(textOf(html)).toContain(fact);
        expect(text).toContain(fact);
      }
    }
  });
});
