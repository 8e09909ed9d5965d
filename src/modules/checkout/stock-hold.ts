import type { Database } from "bun:sqlite";

/** The units a checkout line holds: a product and, when it has one, a variant. */
export type HeldUnits = { productId: string; variantId: string | null; quantity: number };

/**
 * Stock is held by taking it off the shelf count at checkout and putting it
 * back if the payment never comes. Unlimited stock (NULL) is left alone. The
 * schema's CHECK (stock >= 0) is the last guard: a take that would go below
 * zero fails the whole transaction instead of overselling.
 * Call these inside an IMMEDIATE transaction only.
 */
export function takeStock(db: Database, units: HeldUnits[]): void {
  adjust(db, units, -1);
}

export function returnStock(db: Database, units: HeldUnits[]): void {
  adjust(db, units, +1);
}

/** Whether every unit is still on the shelf right now (for a payment that arrives after its hold ended). */
export function stockCovers(db: Database, units: HeldUnits[]): boolean {
  const productStock = db.query<{ stock: number | null }, [string]>("SELECT stock FROM products WHERE id = ?");
  const variantStock = db.query<{ stock: number | null }, [string]>("SELECT stock FROM product_variants WHERE id = ?");
  for (const [id, quantity] of totals(units, (u) => u.productId)) {
    const row = productStock.get(id);
    if (row && row.stock !== null && row.stock < quantity) return false;
  }
  for (const [id, quantity] of totals(units, (u) => u.variantId)) {
    const row = variantStock.get(id);
    if (row && row.stock !== null && row.stock < quantity) return false;
  }
  return true;
}

function adjust(db: Database, units: HeldUnits[], sign: 1 | -1): void {
  const product = db.query("UPDATE products SET stock = stock + ? WHERE id = ? AND stock IS NOT NULL");
  const variant = db.query("UPDATE product_variants SET stock = stock + ? WHERE id = ? AND stock IS NOT NULL");
  for (const [id, quantity] of totals(units, (u) => u.productId)) product.run(sign * quantity, id);
  for (const [id, quantity] of totals(units, (u) => u.variantId)) variant.run(sign * quantity, id);
}

function totals(units: HeldUnits[], keyOf: (unit: HeldUnits) => string | null): Map<string, number> {
  const sums = new Map<string, number>();
  for (const unit of units) {
    const key = keyOf(unit);
    if (key !== null) sums.set(key, (sums.get(key) ?? 0) + unit.quantity);
  }
  return sums;
}
