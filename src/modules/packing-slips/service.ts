import type { Order } from "../orders/model";
import type { OrderService } from "../orders/service";
import type { OrderStore } from "../orders/store";

export type PackingSlipService = ReturnType<typeof createPackingSlipService>;

/**
 * Which orders go on the slips. "To dispatch" is a paid order not yet
 * dispatched (fulfilled) and not flagged for a refund: a late payment the shop
 * gives back is not packed, nor one whose every unit went back on the shelf.
 * Oldest first, the order they are packed in.
 */
export function createPackingSlipService(store: OrderStore, orders: OrderService) {
  return {
    /** The orders asked for, in the order asked, each once; null when any of them does not exist. */
    chosen(ids: readonly string[]): Order[] | null {
      const found = [...new Set(ids)].map((id) => orders.getOrder(id));
      return found.every((order): order is Order => order !== null) ? found : null;
    },
    /**
     * The oldest `most` orders to dispatch, and whether more are waiting: one print stays a day's packing however
     * many orders wait (docs/decisions/0032-exports-off-the-main-thread.md).
     */
    toDispatch(most: number): { orders: Order[]; more: boolean } {
      const ids = store.toDispatchIds(most + 1);
      return { orders: ids.slice(0, most).map((id) => orders.getOrder(id)!), more: ids.length > most };
    },
  };
}
