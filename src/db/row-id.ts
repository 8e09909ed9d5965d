import { randomBytes } from "node:crypto";

/**
 * A row's id: a short prefix naming the table (`qt_`, `att_`, `rf_`) and 96 random bits in hex, so an id in a log
 * or a link says what it is and cannot be guessed from its neighbours. Order references have their own form
 * (src/modules/orders/order-id.ts) because people read them out.
 */
export function rowId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}
