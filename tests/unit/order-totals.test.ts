import { expect, test } from "bun:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { OrderTotals } from "../../web/components/OrderTotals";
import { textOf } from "../support/html";

const items = [{ unit_price_cents: 2400, quantity: 3 }];

test("an order priced with a code shows Discount (CODE) between subtotal and delivery", () => {
  const html = renderToString(
    createElement(OrderTotals, {
      order: { amount_cents: 6620, subtotal_cents: 7200, discount_code: "SPRING15", discount_cents: 1080, delivery_cents: 500, items },
    }),
  );
  expect(textOf(html)).toBe("Subtotal £72.00 Discount (SPRING15) −£10.80 Delivery £5.00 Total £66.20");
});

test("an order without a code shows no discount line", () => {
  const html = renderToString(
    createElement(OrderTotals, { order: { amount_cents: 7700, subtotal_cents: 7200, delivery_cents: 500, items } }),
  );
  expect(textOf(html)).not.toContain("Discount");
});
