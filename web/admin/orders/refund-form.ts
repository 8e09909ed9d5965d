import { formatPence } from "../../../shared/money";
import type { RefundLeft } from "../../../src/modules/admin-orders/refund-left";
import type { UnitsNotPutBack } from "../../../src/modules/admin-orders/shelf-returns";
import type { AdminOrder } from "../types";

type Line = Pick<AdminOrder["items"][number], "unit_price_cents">;

/**
 * The refund the owner most likely means when choosing units to put back: what those units cost, never more
 * than is left to refund; with no units chosen, everything left. The dialog sets the amount to this each time
 * the units change, and the owner may type another (decision 0024).
 */
export function amountForUnits(lines: readonly Line[], chosen: readonly number[], leftPence: number): number {
  const worth = lines.reduce((sum, line, index) => sum + line.unit_price_cents * (chosen[index] ?? 0), 0);
  return worth > 0 ? Math.min(worth, leftPence) : leftPence;
}

/** What the refund answer says could not go back on the shelf (a refund or cancel put it back first), in words; "" when all went back. */
export function notPutBackText(units: readonly UnitsNotPutBack[]): string {
  if (units.length === 0) return "";
  const named = units.map((unit) => `${unit.quantity} × ${unit.product_name}`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `${list} could not go back on the shelf: already put back from this order by another refund or the cancel.`;
}

/**
 * How a refund of `amountPence` goes back on an order a gift voucher paid part of: the voucher's part not yet put
 * back first, the card the rest (the refund service's own order, docs/decisions/0054-gift-vouchers.md). "" when no
 * voucher part is left, where the card takes it all and the dialog says so already.
 */
export function refundSplitText(amountPence: number, left: Pick<RefundLeft, "voucher_cents">): string {
  if (left.voucher_cents === 0 || !Number.isFinite(amountPence) || amountPence < 1) return "";
  const toVoucher = Math.min(amountPence, left.voucher_cents);
  const toCard = amountPence - toVoucher;
  const back = `${formatPence(toVoucher)} back to the gift voucher`;
  return toCard > 0 ? `${back}, ${formatPence(toCard)} to the card.` : `${back}.`;
}
