import { apiCall } from "./api";
import { BusinessFigures } from "./BusinessFigures";
import { OrdersTable } from "./OrderBits";
import { Notice, TableScroller } from "./parts";
import { navigate } from "./router";
import type { DashboardStats } from "./types";
import { useLoad } from "./use-load";

/** The dashboard lists the 5 latest orders (docs/product.md#dashboard). */
const RECENT_ORDERS = 5;

export function DashboardPage() {
  const { data, error, loading } = useLoad(() => apiCall<DashboardStats>("/api/admin/dashboard/stats"), "Auth failed or server error");
  const recent = (data?.recentOrders ?? []).slice(0, RECENT_ORDERS);
  const counts = [
    { label: "Orders", value: data?.orders },
    { label: "Products", value: data?.products },
    { label: "Projects", value: data?.projects },
    { label: "Active custom requests", value: data?.activeCustomRequests },
  ];

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Dashboard</h1>
      </header>
      <Notice tone="error">{error}</Notice>

      <dl className="admin-stats" aria-busy={loading}>
        {counts.map((count) => (
          <div key={count.label} className="admin-stat">
            <dt>{count.label}</dt>
            <dd>{count.value ?? "–"}</dd>
          </div>
        ))}
      </dl>

      {data && <BusinessFigures stats={data} />}

      <div className="admin-shortcuts">
        <button type="button" className="button button--primary" onClick={() => navigate("/admin/orders")}>
          Manage orders
        </button>
        <button type="button" className="button button--ghost" onClick={() => navigate("/admin/products")}>
          Manage products
        </button>
        <button type="button" className="button button--ghost" onClick={() => navigate("/admin/projects")}>
          Manage projects
        </button>
        <button type="button" className="button button--ghost" onClick={() => navigate("/admin/configuration")}>
          Edit configuration
        </button>
      </div>

      {(data?.refundsDue.length ?? 0) > 0 && (
        <section className="admin-section card" aria-labelledby="refunds-due-title">
          <h2 id="refunds-due-title">Flagged for refund</h2>
          <p className="muted">Payments that arrived after the order could no longer be fulfilled. Open each and refund it.</p>
          <TableScroller label="Orders flagged for refund">
            <OrdersTable
              orders={data?.refundsDue ?? []}
              label="Orders flagged for refund"
              onOpen={(id) => navigate("/admin/orders", { order: id })}
            />
          </TableScroller>
        </section>
      )}

      <section className="admin-section card" aria-labelledby="recent-orders-title">
        <h2 id="recent-orders-title">Recent orders</h2>
        {loading && !data ? (
          <p className="muted">Loading orders…</p>
        ) : recent.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <TableScroller label="Recent orders">
            <OrdersTable orders={recent} label="The 5 most recent orders" onOpen={(id) => navigate("/admin/orders", { order: id })} />
          </TableScroller>
        )}
      </section>
    </div>
  );
}
