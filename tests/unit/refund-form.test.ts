import { expect, test } from "bun:test";
import { amountForUnits, notPutBackText, refundSplitText } from "../../web/admin/orders/refund-form";

// The refund dialog's own arithmetic and words (decision 0024): the amount follows the units chosen to
// put back, and what the server could not put back is said in words.

const FEEDER = { unit_price_cents: 2400 };
const PLANTER = { unit_price_cents: 2200 };

test("the amount is what the chosen units cost", () => {
  expect(amountForUnits([FEEDER, PLANTER], [1, 0], 7000)).toBe(2400);
  expect(amountForUnits([FEEDER, PLANTER], [2, 1], 7000)).toBe(7000);
  expect(amountForUnits([FEEDER, PLANTER], [1, 1], 7000)).toBe(4600);
});

test("never more than is left to refund (a discount or an earlier refund)", () => {
  expect(amountForUnits([FEEDER, PLANTER], [2, 1], 6000)).toBe(6000);
});

test("with no units chosen, everything left", () => {
  expect(amountForUnits([FEEDER, PLANTER], [0, 0], 5300)).toBe(5300);
});

test("what could not go back, in words", () => {
  expect(notPutBackText([])).toBe("");
  expect(notPutBackText([{ product_id: "feeder", variant_id: null, product_name: "Bird feeder", quantity: 1 }])).toBe(
    "1 × Bird feeder could not go back on the shelf: already put back from this order by another refund or the cancel.",
  );
  expect(
    notPutBackText([
      { product_id: "feeder", variant_id: null, product_name: "Bird feeder", quantity: 2 },
      { product_id: "planter", variant_id: "planter-large", product_name: "Planter", quantity: 1 },
      { product_id: "lamp", variant_id: null, product_name: "Lamp", quantity: 1 },
    ]),
  ).toBe(
    "2 × Bird feeder, 1 × Planter and 1 × Lamp could not go back on the shelf: already put back from this order by another refund or the cancel.",
  );
});

// A gift voucher's part goes back on the voucher first, the card takes the rest (docs/decisions/0054-gift-vouchers.md).
test("an amount past the voucher's part: the voucher's part back to it, the rest to the card", () => {
  expect(refundSplitText(2900, { voucher_cents: 1000 })).toBe("£10.00 back to the gift voucher, £19.00 to the card.");
});

test("an amount within the voucher's part: all of it back to the voucher, no card line", () => {
  expect(refundSplitText(600, { voucher_cents: 1000 })).toBe("£6.00 back to the gift voucher.");
  expect(refundSplitText(2900, { voucher_cents: 2900 })).toBe("£29.00 back to the gift voucher.");
});

test("no voucher part left, or no amount typed: no split is said", () => {
  expect(refundSplitText(2900, { voucher_cents: 0 })).toBe("");
  expect(refundSplitText(Number.NaN, { voucher_cents: 1000 })).toBe("");
  expect(refundSplitText(0, { voucher_cents: 1000 })).toBe("");
});
