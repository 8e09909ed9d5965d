import { formatPence } from "../lib/money";
import { orderReference } from "../lib/order-view";
import { shortDate } from "./parts";
import type { OrderListItem } from "./types";

/** Order status as stored (paid, fulfilled, canceled), as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === "paid" ? "info" : status === "fulfilled" ? "success" : status === "canceled" ? "muted" : "warning";
  return <span className={`admin-badge admin-badge--${tone}`}>{status}</span>;
}

export function isTruthyFlag(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** The orders table, shared by the dashboard's five latest and the orders page. */
export function OrdersTable({
  orders,
  label,
  onOpen,
}: {
  orders: OrderListItem[];
  label: string;
  onOpen: (id: string) => void;
}) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Placed</th>
          <th scope="col">Customer</th>
          <th scope="col" className="admin-num">Items</th>
          <th scope="col" className="admin-num">Total</th>
          <th scope="col">Status</th>
          <th scope="col">Tracking</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td>
              <button type="button" className="admin-link-button admin-mono admin-nowrap" onClick={() => onOpen(order.id)}>
                <span className="visually-hidden">View order </span>
                {orderReference(order.id)}
              </button>
            </td>
            <td className="admin-nowrap">{shortDate(order.created_at)}</td>
            <td>
              <span className="admin-cell-title">{order.shipping_name || "—"}</span>
              <span className="admin-cell-sub">
                {[order.email, order.shipping_postal_code].filter(Boolean).join(" · ")}
              </span>
            </td>
            <td className="admin-num">{order.item_count}</td>
            <td className="admin-num admin-nowrap">{formatPence(order.amount_cents)}</td>
            <td>
              <StatusBadge status={order.status} />
              {isTruthyFlag(order.refund_required) && <span className="admin-badge admin-badge--danger">refund needed</span>}
            </td>
            <td className="admin-nowrap">
              {order.tracking_number ? `${order.tracking_carrier ?? ""} ${order.tracking_number}`.trim() : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
