import { giftFromLine } from "../../shared/gift";
import { formatPence } from "../../shared/money";
import { formatDateTime, orderStatusLabel, shippingAddressLines } from "../../shared/order-view";
import { type RemovedFile, removedFileText } from "../../shared/removed-file";
import type { Order, OrderItem } from "../../src/modules/orders/model";
import { modelAnalysisFacts, modelChoiceText } from "../lib/model-line";
import { OrderTotals } from "./OrderTotals";

/** The fields of an order (docs/product.md#order) a customer is shown. */
export type CustomerOrder = Pick<Order, "id" | "status" | "created_at" | "amount_cents" | "items"> &
  Partial<
    Pick<
      Order,
      | "subtotal_cents"
      | "delivery_cents"
      | "discount_code"
      | "discount_cents"
      | "voucher_cents"
      | "gift"
      | "shipping_name"
      | "shipping_line1"
      | "shipping_line2"
      | "shipping_city"
      | "shipping_postal_code"
      | "shipping_country"
      | "tracking_carrier"
      | "tracking_number"
      | "tracking_url"
      | "dispatch_by"
      | "removed_files"
    >
  >;

type Attachment = { kind: "gpx" | "image" | "model"; token: string; name: string };

function attachmentsOf(item: OrderItem): Attachment[] {
  const { gpxToken, gpxName, imageToken, imageName, modelToken, modelName } = item.meta ?? {};
  const found: Attachment[] = [];
  if (gpxToken) found.push({ kind: "gpx", token: gpxToken, name: gpxName || "GPX file" });
  if (imageToken) found.push({ kind: "image", token: imageToken, name: imageName || "Photo" });
  if (modelToken) found.push({ kind: "model", token: modelToken, name: modelName || "3D model" });
  return found;
}

/** The product name with its chosen option, e.g. "Planter (Large)". */
function itemName(item: OrderItem): string {
  const variant = item.meta?.variantName;
  return variant ? `${item.product_name} (${variant})` : item.product_name;
}

function downloadHref(orderId: string, attachment: Attachment, sessionId: string): string {
  const query = new URLSearchParams({ sessionId });
  return `/api/orders/${encodeURIComponent(orderId)}/download/${attachment.kind}/${encodeURIComponent(attachment.token)}?${query}`;
}

/**
 * One order as the customer sees it, on the confirmation page and the order
 * lookup. With `sessionId` (the browser that paid) the uploaded files can be
 * downloaded; the postcode lookup does not offer them. `showStatus` false: the
 * page's stages already say where the order is (OrderView.tsx), so it is not said twice.
 * The parcel's tracking is ParcelTracking's, above.
 */
export function OrderDetails({ order, sessionId, showStatus = true }: { order: CustomerOrder; sessionId?: string; showStatus?: boolean }) {
  const address = shippingAddressLines(order);
  // A file deleted after dispatch is a line saying so, wherever its link would be, with or without the session
  // (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
  const removed = new Map((order.removed_files ?? []).map((file) => [file.ref, file]));

  return (
    <section className="card order-details" aria-label={`Order ${order.id}`}>
      <dl className="facts">
        {showStatus && (
          <div>
            <dt>Status</dt>
            <dd>{orderStatusLabel(order.status)}</dd>
          </div>
        )}
        <div>
          <dt>Placed</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatPence(order.amount_cents)}</dd>
        </div>
      </dl>

      <ul className="order-items" aria-label="Items">
        {order.items.map((item, index) => {
          const attachments = attachmentsOf(item).filter((attachment) => sessionId || removed.has(attachment.token));
          return (
            <li key={`${item.product_id}-${index}`}>
              <div className="order-item__body">
                <span>
                  {item.quantity} × {itemName(item)}
                </span>
                {item.meta?.modelToken && (
                  <p className="order-item__model" data-testid="order-model">
                    {[item.meta.modelName, modelChoiceText(item.meta), ...modelAnalysisFacts(item.meta).slice(0, 2)]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                )}
                {attachments.length > 0 && (
                  <ul className="order-item__files" aria-label={`Files for ${item.product_name}`}>
                    {attachments.map((attachment) => {
                      const gone = removed.get(attachment.token);
                      return (
                        <li key={`${attachment.kind}-${attachment.token}`}>
                          {gone ? (
                            <span className="order-item__removed">{removedFileText(gone)}</span>
                          ) : (
                            <a href={downloadHref(order.id, attachment, sessionId ?? "")} target="_blank" rel="noopener noreferrer">
                              {attachment.name}
                            </a>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
              <span>{formatPence(item.unit_price_cents * item.quantity)}</span>
            </li>
          );
        })}
      </ul>

      <OrderTotals order={order} />
      <RemovedRequestFiles files={(order.removed_files ?? []).filter((file) => file.kind === "attachment")} />

      {address.length > 0 && (
        <div className="order-address">
          <h2>Delivering to</h2>
          <address>
            {address.map((line, index) => (
              <span key={`${index}-${line}`}>{line}</span>
            ))}
          </address>
        </div>
      )}
      {order.gift && (
        <div className="order-gift">
          <h2>Gift note</h2>
          <p className="order-gift__message">{order.gift.message}</p>
          {order.gift.from && <p className="order-gift__from">{giftFromLine(order.gift)}</p>}
        </div>
      )}
    </section>
  );
}

/**
 * A quoted order's request files, once deleted after dispatch
 * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md); they are never links here.
 */
function RemovedRequestFiles({ files }: { files: RemovedFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="order-item__files" aria-label="Files sent with your request">
      {files.map((file) => (
        <li key={file.ref} className="order-item__removed">
          {removedFileText(file)}
        </li>
      ))}
    </ul>
  );
}
