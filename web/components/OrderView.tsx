import { type CustomerOrder, OrderDetails } from "./OrderDetails";
import { OrderProgress, showsStages } from "./OrderProgress";
import { type ParcelFacts, ParcelTracking } from "./ParcelTracking";

export type ShownOrder = CustomerOrder & ParcelFacts;

/**
 * A looked-up order on its page, the same with or without JavaScript: the parcel first once it is sent,
 * then the stages, then the lines. Where the stages show, they are the order's status; the "Status" fact
 * is kept for an order without them (cancelled), so the page never says where the order is twice.
 */
export function OrderView({ order }: { order: ShownOrder }) {
  return (
    <>
      <ParcelTracking order={order} />
      <OrderProgress order={order} />
      <OrderDetails order={order} showStatus={!showsStages(order)} />
    </>
  );
}
