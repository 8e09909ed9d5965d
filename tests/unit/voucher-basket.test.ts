import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { BasketItem } from "../../shared/basket";
import { quoteDelivery } from "../../shared/basket";
import { deliveryFee, deliveryText, postsNothing } from "../../shared/delivery";
import type { VoucherChoice } from "../../shared/gift-voucher";
import { voucherLineDetails } from "../../shared/voucher-line";
import { FilledBasket } from "../../web/islands/parts/FilledBasket";
import { NO_GIFT } from "../../web/lib/basket-gift-store";
import { textOf } from "../support/html";

// A gift voucher is emailed, never posted (docs/decisions/0056-a-voucher-basket-posts-nothing.md): a basket of vouchers
// only has no delivery and no dispatch day, and each voucher line says who it is for, when and with what message.

const voucher = (choice: VoucherChoice, key = "v1"): BasketItem => ({
  key,
  id: "gift-voucher",
  name: "Gift voucher",
  price: choice.amount_pence / 100,
  quantity: 1,
  noStack: true,
  meta: { variantId: "gift-voucher-25", variantName: "£25", voucher: choice },
});
const planter: BasketItem = { key: "hex|", id: "hex", name: "Hex planter", price: 24, quantity: 1, noStack: false, meta: {} };

/** The basket as its first paint shows it: £5 delivery, free from £50. */
function basketText(items: BasketItem[]): string {
  const props = {
    items,
    deliveryFeePence: 500,
    freeDeliveryThresholdPence: 5000,
    cutOffHour: 14,
    discount: null,
    onDiscount: () => {},
    voucher: null,
    onVoucher: () => {},
    gift: NO_GIFT,
    onGift: () => {},
  };
  return textOf(renderToString(createElement(FilledBasket, props)));
}

describe("the delivery rule server and basket share", () => {
  test("vouchers only post nothing; a mixed basket or one without vouchers posts", () => {
    expect(postsNothing([voucher({ amount_pence: 2500 }), voucher({ amount_pence: 1000 }, "v2")])).toBe(true);
    expect(postsNothing([voucher({ amount_pence: 2500 }), planter])).toBe(false);
    expect(postsNothing([planter])).toBe(false);
    expect(postsNothing([])).toBe(false);
  });

  test("vouchers only pay no fee below the threshold; a mixed basket pays it as before", () => {
    expect(deliveryFee(2500, 500, 5000, [voucher({ amount_pence: 2500 })])).toBe(0);
    expect(deliveryFee(4900, 500, 5000, [voucher({ amount_pence: 2500 }), planter])).toBe(500);
    expect(deliveryFee(5000, 500, 5000, [planter])).toBe(0);
  });

  test("the basket's quote of vouchers only: no delivery and nothing to add for free delivery", () => {
    expect(quoteDelivery(2500, 500, 5000, [voucher({ amount_pence: 2500 })])).toEqual({
      subtotal: 2500,
      delivery: 0,
      total: 2500,
      toFreeDelivery: null,
    });
  });

  test("the delivery line reads 'None — emailed' when nothing is posted, else Free or the fee", () => {
    expect(deliveryText(0, true)).toBe("None — emailed");
    expect(deliveryText(0, false)).toBe("Free");
    expect(deliveryText(500, false)).toBe("£5.00");
  });
});

describe("the basket of gift vouchers only", () => {
  test("shows delivery as none, emailed, the total as the vouchers, and no free-delivery hint", () => {
    const text = basketText([voucher({ amount_pence: 2500 })]);
    expect(text).toContain("Subtotal £25.00 Delivery None — emailed Total £25.00");
    expect(text).not.toContain("more for free delivery");
    expect(text).not.toContain("You get free delivery");
    expect(text).toContain("Gift vouchers are emailed: nothing is posted. Payment is taken securely by card on the next page.");
  });

  test("a mixed basket is unchanged: the fee, the hint and UK delivery", () => {
    const text = basketText([voucher({ amount_pence: 2500 }), planter]);
    expect(text).toContain("Subtotal £49.00 Delivery £5.00 Total £54.00");
    expect(text).toContain("Add £1.00 more for free delivery.");
    expect(text).toContain("UK delivery. Payment is taken securely by card on the next page.");
  });
});

describe("a voucher's basket line says who it is for", () => {
  test("a voucher for someone else on a day, with a message: their email, the UK day in words and the message", () => {
    const choice = { amount_pence: 2500, recipient_email: "gran@example.com", send_on: "2026-12-25", message: "Happy Christmas, Gran" };
    expect(voucherLineDetails(choice)).toEqual([
      "Emailed to gran@example.com",
      "Sent on Friday 25 December 2026",
      "Message: “Happy Christmas, Gran”",
    ]);
    expect(basketText([voucher(choice)])).toContain(
      "Gift voucher £25 Emailed to gran@example.com Sent on Friday 25 December 2026 Message: “Happy Christmas, Gran” £25.00 each",
    );
  });

  test("a voucher for the buyer with no day and no message: emailed to you once paid, no message line", () => {
    expect(voucherLineDetails({ amount_pence: 1000 })).toEqual(["Emailed to you", "Sent once paid"]);
    expect(basketText([voucher({ amount_pence: 1000 })])).not.toContain("Message:");
  });

  test("a line that is not a voucher has none of these words", () => {
    expect(basketText([planter])).not.toContain("Emailed to");
  });
});
