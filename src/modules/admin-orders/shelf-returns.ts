import type { Database } from "bun:sqlite";
import { returnStock } from "../checkout/stock-hold";
import type { OrderStore, ShelfLine } from "../orders/store";

/** Units of one product (and variant, when it has one) going back on the shelf from an order. */
export type ShelfUnits = { product_id: string; variant_id: string | null; quantity: number };
/** Units that could not go back, named as the order names them, for the owner to read. */
export type UnitsNotPutBack = ShelfUnits & { product_name: string };

type Line = ShelfLine;

/** The pair a unit is counted by: the same product in two variants are two different things on the shelf. */
const unitKey = (unit: { product_id: string; variant_id: string | null }) => `${unit.product_id}\u0000${unit.variant_id ?? ""}`;

/** What may still go back of a line: what it took, less what went back already. A late payment flagged for refund took none. */
const leftOf = (line: Line) => (line.refund_required === 1 ? 0 : line.quantity - line.restocked);

/**
 * The one rule for putting an order's units back on the shelf
 * (docs/decisions/0024-units-back-on-the-shelf-once.md): each line counts the
 * units that went back (`order_items.restocked`), and no more than a line took
 * may ever go back, however refunds with restock and cancels with "put back"
 * interleave. Both go through `putBack`, inside their own IMMEDIATE write
 * transaction (a refund's only once the payment provider has answered), so the
 * count read is the count raised and nothing else writes in between.
 */
export type ShelfReturns = ReturnType<typeof createShelfReturns>;

export function createShelfReturns(db: Database, orders: OrderStore) {
  /** How many units of each product and variant may still go back from the order. */
  function left(orderId: string): Map<string, number> {
    const totals = new Map<string, number>();
    for (const line of orders.shelfLines(orderId)) totals.set(unitKey(line), (totals.get(unitKey(line)) ?? 0) + leftOf(line));
    return totals;
  }

  return {
    /** The units asked for that may not go back (more than is left of them), for a refusal before anything is done. */
    beyondLeft(orderId: string, wanted: readonly ShelfUnits[]): { product_id: string; left: number } | null {
      const leftNow = left(orderId);
      for (const [key, quantity] of totals(wanted)) {
        const canGo = leftNow.get(key) ?? 0;
        if (quantity > canGo) return { product_id: unitsOf(key).product_id, left: canGo };
      }
      return null;
    },

    /**
     * Puts back what may still go back of `wanted` (every unit left when `wanted` is "all"), line by line
     * in the order's line order, returns it to the shelf through `returnStock`, and answers what went back
     * and what could not. Call inside a write transaction only.
     */
    putBack(orderId: string, wanted: readonly ShelfUnits[] | "all"): { putBack: ShelfUnits[]; notPutBack: UnitsNotPutBack[] } {
      const lines = orders.shelfLines(orderId);
      const asked = wanted === "all" ? lines.map((line) => ({ ...line, quantity: leftOf(line) })) : wanted;
      const putBack: ShelfUnits[] = [];
      for (const [key, quantity] of totals(asked)) {
        let goes = 0;
        for (const line of lines) {
          if (unitKey(line) !== key) continue;
          const fromLine = Math.min(quantity - goes, leftOf(line));
          if (fromLine > 0) orders.raiseRestocked(line.id, fromLine);
          goes += Math.max(0, fromLine);
        }
        if (goes > 0) putBack.push({ ...unitsOf(key), quantity: goes });
      }
      returnStock(
        db,
        putBack.map((units) => ({ productId: units.product_id, variantId: units.variant_id, quantity: units.quantity })),
      );
      return { putBack, notPutBack: shortfall(lines, asked, putBack) };
    },

    /** What of `asked` is not in `putBack`: for a replayed refund, what its first run could not put back. */
    notPutBack(orderId: string, asked: readonly ShelfUnits[], putBack: readonly ShelfUnits[]): UnitsNotPutBack[] {
      return shortfall(orders.shelfLines(orderId), asked, putBack);
    },
  };
}

function shortfall(lines: readonly Line[], asked: readonly ShelfUnits[], putBack: readonly ShelfUnits[]): UnitsNotPutBack[] {
  const back = totals(putBack);
  const missing: UnitsNotPutBack[] = [];
  for (const [key, quantity] of totals(asked)) {
    const still = quantity - (back.get(key) ?? 0);
    if (still <= 0) continue;
    const units = unitsOf(key);
    missing.push({
      ...units,
      product_name: lines.find((line) => unitKey(line) === key)?.product_name ?? units.product_id,
      quantity: still,
    });
  }
  return missing;
}

/** The product and variant a key stands for. */
function unitsOf(key: string): { product_id: string; variant_id: string | null } {
  const [product_id = "", variant = ""] = key.split("\u0000");
  return { product_id, variant_id: variant === "" ? null : variant };
}

/** The units asked for, added up by product and variant, in the order first asked. */
function totals(units: readonly ShelfUnits[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const unit of units) if (unit.quantity > 0) sums.set(unitKey(unit), (sums.get(unitKey(unit)) ?? 0) + unit.quantity);
  return sums;
}
