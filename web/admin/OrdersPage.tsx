import { apiCall } from "./api";
import { CustomRequestsSection } from "./CustomRequestsSection";
import { OrdersTable } from "./OrderBits";
import { OrderDetail } from "./OrderDetail";
import { Notice, TableScroller } from "./parts";
import { RequestDetail } from "./RequestDetail";
import { navigate, useQueryParam } from "./router";
import { ToMakeQueue } from "./ToMakeQueue";
import type { OrderListItem } from "./types";
import { useLoad } from "./use-load";

/** /admin/orders: what to make next (issue 14), the order list, one order's detail (?order=…), and the custom requests, one open with its quotes (?request=…). */
export function OrdersPage() {
  const openId = useQueryParam("order");
  const requestId = useQueryParam("request");
  return (
    <div className="admin-page">
      {openId ? (
        <OrderDetail key={openId} id={openId} onBack={() => navigate("/admin/orders")} />
      ) : requestId ? (
        <RequestDetail key={requestId} id={requestId} onBack={() => navigate("/admin/orders")} />
      ) : (
        <>
          <header className="admin-page__header">
            <h1>Orders</h1>
            {/* Every paid order not yet dispatched, one per printed page (src/modules/packing-slips). */}
            <a className="button button--ghost" href="/admin/slips" target="_blank" rel="noopener">
              Print today's packing slips
            </a>
          </header>
          <ToMakeQueue />
          <OrderList />
          <CustomRequestsSection />
        </>
      )}
    </div>
  );
}

function OrderList() {
  const { data, error, loading } = useLoad(() => apiCall<OrderListItem[]>("/api/admin/orders"), "Unable to load orders");
  return (
    <section className="admin-section card" aria-labelledby="orders-title">
      <h2 id="orders-title">All orders</h2>
      <Notice tone="error">{error}</Notice>
      {loading && !data ? (
        <p className="muted">Loading orders…</p>
      ) : !data || data.length === 0 ? (
        !error && <p className="muted">No orders yet.</p>
      ) : (
        <TableScroller label="Orders">
          <OrdersTable orders={data} label="Orders, newest first" onOpen={(id) => navigate("/admin/orders", { order: id })} />
        </TableScroller>
      )}
    </section>
  );
}
