import { Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type Gift, giftFromLine } from "../../../shared/gift";
import { formatDateTime, orderReference, shippingAddressLines } from "../../../shared/order-view";
import type { ShopIdentity } from "../../../shared/shop-info";
import { unitsToSend } from "../../../shared/units-to-send";
import type { Order, OrderItem } from "../orders/model";

const enc = encodeURIComponent;

/**
 * The packing slips as a whole HTML document: one <section> per order, each
 * starting a printed page (web/styles/packing-slips.css). No prices anywhere:
 * the slip goes in the box, and may be a gift. Plain HTML with no script, so
 * it prints with JavaScript off (docs/decisions/0019-packing-slips.md). A gift order's slip is followed by its
 * gift note card, an A6 page of its own in the same print (docs/decisions/0049-gift-orders.md).
 */
export function packingSlipsHtml(
  orders: readonly Order[],
  { title, notice, stylesheet, shop }: { title: string; notice?: string | undefined; stylesheet: string; shop: ShopIdentity },
): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · ${shop.name}`}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body className="slips">
        {notice && (
          <p className="slips__notice" role="status">
            {notice}
          </p>
        )}
        {orders.length === 0 ? (
          <p className="slips__none">No orders are waiting to be dispatched.</p>
        ) : (
          orders.map((order) => (
            <Fragment key={order.id}>
              <PackingSlip order={order} shop={shop} />
              {order.gift && <GiftNote gift={order.gift} reference={orderReference(order.id)} shop={shop} />}
            </Fragment>
          ))
        )}
      </body>
    </html>,
  )}`;
}

/** Where a parcel comes back to: the trader and the address the owner set in /admin (decision 0021); none until set. */
function returnAddressOf(shop: ShopIdentity): string[] {
  return shop.traderAddress.length === 0 ? [] : [shop.traderName || shop.name, ...shop.traderAddress];
}

function PackingSlip({ order, shop }: { order: Order; shop: ShopIdentity }) {
  const returnAddress = returnAddressOf(shop);
  const reference = orderReference(order.id);
  // Units a refund or a cancel put back on the shelf are not sent (decision 0024): the box holds the rest. A gift
  // voucher is emailed, never packed (docs/decisions/0054-gift-vouchers.md).
  const packed = order.items.filter((item) => unitsToSend(item) > 0 && !item.meta.voucher);
  return (
    <section className="slip" aria-label={`Packing slip for order ${reference}`} data-order-id={order.id}>
      <header className="slip__head">
        <div className="slip__from">
          <p className="slip__shop">{shop.name}</p>
          {returnAddress.length > 0 && (
            <>
              <p className="slip__label">Return address</p>
              <address>
                {returnAddress.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            </>
          )}
        </div>
        <dl className="slip__order">
          <dt>Order</dt>
          <dd className="slip__reference">{reference}</dd>
          <dt>Ordered</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </dl>
      </header>
      <div className="slip__to">
        <p className="slip__label">Deliver to</p>
        <address>
          {shippingAddressLines(order).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
      </div>
      {packed.length === 0 ? (
        <p className="slip__none">Nothing from this order is left to pack: every unit went back on the shelf.</p>
      ) : (
        <table className="slip__items">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {packed.map((item, index) => (
              <SlipLine key={`${item.product_id}-${index}`} item={item} />
            ))}
          </tbody>
        </table>
      )}
      {order.gift && (
        <p className="slip__gift">
          <strong>Gift order.</strong> Put the gift note card (the next page) in the parcel.
        </p>
      )}
    </section>
  );
}

/** The card that goes in a gift's parcel: the buyer's message as typed, who it is from, and the shop. No prices, no address. */
function GiftNote({ gift, reference, shop }: { gift: Gift; reference: string; shop: ShopIdentity }) {
  const from = giftFromLine(gift);
  return (
    <section className="gift-note" aria-label={`Gift note for order ${reference}`}>
      <p className="gift-note__message">{gift.message}</p>
      {from && <p className="gift-note__from">{from}</p>}
      <p className="gift-note__shop">
        {shop.name} · {reference}
      </p>
    </section>
  );
}

/**
 * One line: the product, its variant (or a shopper's model's file, material and colour), how many, and the shopper's
 * route picture or photo preview to match the print against.
 */
function SlipLine({ item }: { item: OrderItem }) {
  const { variantName, gpxToken, gpxName, imageToken, imageName, modelName, materialName, colour } = item.meta;
  return (
    <tr>
      <td>
        <span className="slip__product">{item.product_name}</span>
        {variantName && <span className="slip__variant">{variantName}</span>}
        {modelName && <span className="slip__variant">{`${modelName}: ${materialName}, ${colour}`}</span>}
        {gpxToken && (
          <img
            className="slip__picture"
            src={`/api/uploads/${enc(gpxToken)}/preview.svg`}
            alt={`Route map and elevation profile of ${gpxName || "route.gpx"}`}
          />
        )}
        {imageToken && (
          <img
            className="slip__picture"
            src={`/api/uploads/${enc(imageToken)}/preview.jpg`}
            alt={`Lithophane preview of ${imageName || "photo.jpg"}`}
          />
        )}
      </td>
      <td className="slip__quantity">{unitsToSend(item)}</td>
    </tr>
  );
}
