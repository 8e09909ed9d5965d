import { useState } from "react";
import { giftFromLine } from "../../../shared/gift";
import { formatPence } from "../../../shared/money";
import { countryName, orderReference } from "../../../shared/order-view";
import { unitsToSend } from "../../../shared/units-to-send";
import { OrderTotals } from "../../components/OrderTotals";
import { apiCall, enc } from "../api";
import { CopyReference } from "../CopyReference";
import { AdminTable, Notice, shortDate } from "../parts";
import { RemovedFileLine } from "../RemovedFile";
import { navigate } from "../router";
import type { AdminOrder, OrderCustomRequest } from "../types";
import { useLoad } from "../use-load";
import { CancelDialog } from "./CancelDialog";
import { ItemUploads, isTruthyFlag, StatusBadge } from "./OrderBits";
import { PaymentFee } from "./PaymentFee";
import { ProductionPanel } from "./ProductionPanel";
import { RefundDialog } from "./RefundDialog";
import { OrderRefunds } from "./RefundList";
import { TrackingForm } from "./TrackingForm";
import { deliveryLabel } from "./tracking-email";

/** One order: what was bought, where it goes, the shipment and the emails sent about it. */
export function OrderDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const {
    data: loaded,
    error,
    loading,
  } = useLoad(() => apiCall<AdminOrder>(`/api/admin/orders/${enc(id)}`), "Unable to load this order. Try refreshing.");
  // Saving tracking or cancelling answers with the updated order.
  const [updated, setUpdated] = useState<AdminOrder | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelNote, setCancelNote] = useState("");
  // What a refund asked to put back that had gone back already (decision 0024).
  const [restockWarning, setRestockWarning] = useState("");
  // The Refund dialog, on its own or as the cancel's "cancel and refund" (docs/decisions/0017-refunds.md).
  const [refunding, setRefunding] = useState<"refund" | "cancel" | null>(null);
  const order = updated ?? loaded;

  return (
    <>
      <p className="admin-back">
        <button type="button" className="link-button admin-back__button" onClick={onBack}>
          ← All orders
        </button>
      </p>
      {!order ? (
        <>
          <h1>Order {orderReference(id)}</h1>
          {loading ? <p className="muted">Loading order…</p> : <Notice tone="error">{error}</Notice>}
        </>
      ) : (
        <>
          <header className="admin-page__header admin-order__header">
            <h1>Order {orderReference(order.id)}</h1>
            <CopyReference id={order.id} />
            <StatusBadge status={order.status} />
            {/* A server page (src/modules/packing-slips), opened beside the order so printing leaves the screen as it was. */}
            <a className="button button--ghost" href={`/admin/orders/${encodeURIComponent(order.id)}/slip`} target="_blank" rel="noopener">
              Packing slip
            </a>
          </header>
          <p className="muted">
            Placed {shortDate(order.created_at)}
            {order.canceled_at ? ` · cancelled ${shortDate(order.canceled_at)}` : ""}
          </p>
          {isTruthyFlag(order.refund_required) && (
            <Notice tone="warning">Refund required: this payment arrived after the order could no longer be fulfilled.</Notice>
          )}
          {isTruthyFlag(order.discount_over_limit) && (
            <Notice tone="warning">
              {`Discount code over its limit: this payment arrived after its checkout had given back its use of ${order.discount_code}, and every use had been taken since.`}
            </Notice>
          )}
          <Notice tone="success">{cancelNote}</Notice>
          <Notice tone="warning">{restockWarning}</Notice>

          <div className={order.custom_request ? "admin-columns admin-order admin-order--quoted" : "admin-columns admin-order"}>
            <ProductionPanel order={order} onChanged={setUpdated} />
            <OrderItems order={order} />
            {order.gift && (
              <section className="card admin-section" aria-labelledby="gift-title">
                <h2 id="gift-title">Gift note</h2>
                <p className="admin-order__gift-message">{order.gift.message}</p>
                {order.gift.from && <p className="admin-order__gift-from">{giftFromLine(order.gift)}</p>}
                <p className="muted">Printed on an A6 card after the packing slip. No prices go in the parcel.</p>
              </section>
            )}
            <OrderRefunds order={order} onRefund={() => setRefunding("refund")} />
            {order.custom_request && <OrderCustomRequestBlock request={order.custom_request} />}
            <section className="card admin-section admin-order__shipment" aria-labelledby="shipment-title">
              <h2 id="shipment-title">Shipment</h2>
              <TrackingForm order={order} onSaved={setUpdated} />
              {/* A dispatched order has left the workshop: money goes back by a refund, not by cancelling it (decision 0024). */}
              {order.status === "fulfilled" ? (
                <p className="hint">Dispatched orders are not cancelled: give money back with Refund… under Refunds.</p>
              ) : (
                order.status !== "canceled" && (
                  <div className="admin-danger-zone">
                    <button type="button" className="button button--ghost admin-button--danger" onClick={() => setCancelling(true)}>
                      Cancel order
                    </button>
                  </div>
                )
              )}
            </section>
            <OrderPeople order={order} />
            <OrderEmails order={order} />
          </div>

          {cancelling && (
            <CancelDialog
              order={order}
              onClose={() => setCancelling(false)}
              onRefundInstead={() => {
                setCancelling(false);
                setRefunding("cancel");
              }}
              onCanceled={(next, restocked) => {
                setUpdated(next);
                setCancelling(false);
                setRestockWarning("");
                setCancelNote(restocked ? "Order cancelled and the items put back into stock." : "Order cancelled.");
              }}
            />
          )}
          {refunding && (
            <RefundDialog
              order={order}
              cancel={refunding === "cancel"}
              onClose={() => setRefunding(null)}
              onDone={(next, message, warning) => {
                setUpdated(next);
                setRefunding(null);
                setCancelNote(message);
                setRestockWarning(warning);
              }}
            />
          )}
        </>
      )}
    </>
  );
}

function OrderItems({ order }: { order: AdminOrder }) {
  return (
    <section className="card admin-section admin-order__items" aria-labelledby="items-title">
      <h2 id="items-title">Items</h2>
      <ul className="order-items">
        {order.items.map((item, index) => (
          <li key={`${item.product_id}-${index}`} className="admin-order-line">
            <div className="order-item__body">
              {/* What is still being sent, as the packing slip counts it: units put back on the shelf are not (decision 0024). */}
              <span>
                {unitsToSend(item)} × {item.product_name}
                {item.meta?.variantName ? ` (${item.meta.variantName})` : ""}
              </span>
              {item.restocked ? (
                <span className="admin-cell-sub admin-order-line__restocked">
                  {item.quantity} ordered, {item.restocked} put back on the shelf
                </span>
              ) : null}
              <span className="admin-cell-sub">
                {item.product_id} · {formatPence(item.unit_price_cents)} each
              </span>
            </div>
            <span className="admin-nowrap">{formatPence(item.unit_price_cents * item.quantity)}</span>
            <ItemUploads item={item} removed={order.removed_files} />
          </li>
        ))}
      </ul>
      <OrderTotals order={order} />
      <PaymentFee order={order} />
    </section>
  );
}

/** An order paid from a quote keeps its request's files, downloadable here (docs/decisions/0014-quotes.md). */
function OrderCustomRequestBlock({ request }: { request: OrderCustomRequest }) {
  return (
    <section className="card admin-section admin-order__request" aria-labelledby="request-title">
      <h2 id="request-title">Custom request</h2>
      <p>
        From {request.name} · <span className="admin-mono admin-break">{request.id}</span>{" "}
        <button type="button" className="admin-link-button" onClick={() => navigate("/admin/orders", { request: request.id })}>
          Open the request
        </button>
      </p>
      {request.attachments.length === 0 ? (
        <p className="muted">No attachments.</p>
      ) : (
        <ul className="admin-plain-list" aria-label="Attachments">
          {request.attachments.map((attachment) => (
            <li key={attachment.id} className="admin-attachment">
              {attachment.removed_at ? (
                <RemovedFileLine file={{ name: attachment.filename, removed_at: attachment.removed_at }} />
              ) : (
                <a href={attachment.download_url} download={attachment.filename}>
                  {attachment.filename}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function addressLines(order: AdminOrder, prefix: "shipping" | "billing"): string[] {
  const field = (name: string) => (order as unknown as Record<string, string | null>)[`${prefix}_${name}`];
  const country = field("country");
  return [field("name"), field("line1"), field("line2"), field("city"), field("postal_code"), country ? countryName(country) : null].filter(
    (line): line is string => Boolean(line?.trim()),
  );
}

function OrderPeople({ order }: { order: AdminOrder }) {
  const shipping = addressLines(order, "shipping");
  const billing = addressLines(order, "billing");
  const sameAddress = billing.length === 0 || billing.join("\n") === shipping.join("\n");
  return (
    <section className="card admin-section admin-order__customer" aria-labelledby="customer-title">
      <h2 id="customer-title">Customer</h2>
      <dl className="admin-facts">
        <div>
          <dt>Email</dt>
          <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : "—"}</dd>
        </div>
        <div>
          <dt>Deliver to</dt>
          <dd>
            <address className="admin-address">{shipping.length ? shipping.map((line) => <span key={line}>{line}</span>) : "—"}</address>
          </dd>
        </div>
        <div>
          <dt>Billing address</dt>
          <dd>
            {sameAddress ? (
              "Same as the delivery address"
            ) : (
              <address className="admin-address">
                {billing.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            )}
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {order.payment_provider ? `${order.payment_provider} · ` : ""}
            <span className="admin-mono admin-break">{order.payment_session_id}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function OrderEmails({ order }: { order: AdminOrder }) {
  const emails = order.emails ?? [];
  return (
    <section className="card admin-section admin-order__emails" aria-labelledby="emails-title">
      <h2 id="emails-title">Emails</h2>
      {emails.length === 0 ? (
        <p className="muted">No emails for this order yet.</p>
      ) : (
        <AdminTable
          label="Emails about this order"
          columns={["Email", "To", "Status", { label: "Attempts", align: "num" }, "Queued", "Sent"]}
        >
          {emails.map((email, index) => (
            <tr key={`${email.kind}-${index}`}>
              <td className="admin-nowrap">{email.kind}</td>
              <td>{email.recipient}</td>
              <td>
                {deliveryLabel(email)}
                {email.last_error && <span className="admin-cell-sub admin-text-danger">{email.last_error}</span>}
              </td>
              <td className="admin-num">{email.attempts}</td>
              <td className="admin-nowrap">{shortDate(email.created_at)}</td>
              <td className="admin-nowrap">{shortDate(email.sent_at)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
