import { trackingUrl } from "../../shared/carrier-tracking";
import { formatDateTime } from "../../shared/order-view";
import type { Order } from "../../src/modules/orders/model";
import { DispatchPromise, isDispatched, type OrderProgressFacts } from "./OrderProgress";

/** What the parcel's block reads of an order: its tracking and where it is in the workshop. */
export type ParcelFacts = OrderProgressFacts & Partial<Pick<Order, "tracking_carrier" | "tracking_number" | "tracking_url">>;

/**
 * Once an order is sent, what the shopper came to the page for comes first
 * (docs/decisions/0029-order-page-and-reachable-messages.md): who carries it, since when, and the link to
 * follow it, with the dispatch day that was promised kept beside it (and "was …" when it moved).
 * Before dispatch, and for a cancelled order, nothing.
 */
export function ParcelTracking({ order }: { order: ParcelFacts }) {
  if (!isDispatched(order) || order.status === "canceled") return null;
  const sentAt = order.stages?.find((mark) => mark.stage === "dispatched")?.at;
  const carrier = order.tracking_carrier?.trim();
  const number = order.tracking_number?.trim();
  const parcelPage = trackingUrl({ carrier: carrier ?? null, number: number ?? null, url: order.tracking_url });
  return (
    <section className="card order-parcel" aria-labelledby="order-parcel-title">
      <h2 id="order-parcel-title">On its way</h2>
      <p className="order-parcel__sent">
        {carrier ? `Sent with ${carrier}` : "Sent"}
        {sentAt && ` on ${formatDateTime(sentAt)}`}.
      </p>
      {number && (
        <p className="order-parcel__number">
          <span className="order-parcel__label">Tracking number</span>{" "}
          {parcelPage ? (
            <a href={parcelPage} target="_blank" rel="noopener noreferrer">
              {number}
            </a>
          ) : (
            <span className="order-parcel__plain">{number}</span>
          )}
        </p>
      )}
      {parcelPage && <p className="order-parcel__hint">Opens {carrier ? `${carrier}'s` : "the carrier's"} tracking page in a new tab.</p>}
      <DispatchPromise order={order} label="Promised for dispatch by" />
    </section>
  );
}
