import { Conflict } from "../../errors";
import { MESSAGES } from "./model-parts";

/** What a product or variant save says about stock: the figure in the form and, from the editor, the one it loaded. */
export type StockEdit = { stock: number | null; expected_stock?: number | null };

/**
 * The stock a save of an existing product or variant leaves on the row; the
 * one rule both saves share. Checkout holds and sales move the row while an
 * editor is open, so writing back the figure the editor loaded would put sold
 * units back on the shelf. With `expected_stock`:
 * - the figure was not changed: the row keeps whatever it holds now;
 * - it was changed: it is written only if the row still holds what the editor
 *   loaded, otherwise 409 and the whole save is refused (compare-and-set).
 * Without it (a client that sends the figure alone) the figure is set, as the
 * API always did. Call inside the save's write transaction, with the row's
 * current figure read in that same transaction.
 */
export function stockAfterSave(current: number | null, edit: StockEdit): number | null {
  if (edit.expected_stock === undefined) return edit.stock;
  if (edit.stock === edit.expected_stock) return current;
  if (current !== edit.expected_stock) throw new Conflict(MESSAGES.stockMoved);
  return edit.stock;
}
