/**
 * Units of an order line still to be sent: what was ordered, less what a refund or a cancel put back on
 * the shelf (docs/decisions/0024-units-back-on-the-shelf-once.md). The owner's order screen and the
 * packing slip both count by it, so they agree with each other and with the stock.
 */
export function unitsToSend(item: { quantity: number; restocked?: number }): number {
  return item.quantity - (item.restocked ?? 0);
}
