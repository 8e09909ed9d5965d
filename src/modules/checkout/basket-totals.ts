import type { Database } from "bun:sqlite";
import { deliveryFee } from "../../../shared/delivery";
import type { ContentService } from "../content/service";
import type { DiscountCodeName } from "../discount-codes/model";
import { type PricedDiscount, priceDiscount } from "../discount-codes/price-discount";
import type { PricedLine } from "./price-basket";

export type BasketTotals = {
  subtotalCents: number;
  discount: PricedDiscount | null;
  deliveryCents: number;
  amountCents: number;
};

/**
 * The money of a priced basket, the one way: subtotal, the code's discount
 * (refused with a message saying why), delivery and the total. Used by the
 * checkout inside its transaction and by the basket's code check, so the two
 * can never disagree. Free delivery is earned by the goods' price after the
 * discount (decision 0020); a basket of gift vouchers only posts nothing and
 * pays no delivery (docs/decisions/0056-a-voucher-basket-posts-nothing.md).
 */
export function basketTotals(
  db: Database,
  content: ContentService,
  lines: PricedLine[],
  discountCode: DiscountCodeName | null,
  at: Date,
  ownBasketId: string | null = null,
): BasketTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discount = discountCode ? priceDiscount(db, discountCode, subtotalCents, at, ownBasketId) : null;
  const goods = subtotalCents - (discount?.discountCents ?? 0);
  const { deliveryFeePence, freeDeliveryThresholdPence } = content.deliverySettings();
  const deliveryCents = deliveryFee(goods, deliveryFeePence, freeDeliveryThresholdPence, lines);
  return { subtotalCents, discount, deliveryCents, amountCents: goods + deliveryCents };
}
