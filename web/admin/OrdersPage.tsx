import { CustomRequestsSection } from "./CustomRequestsSection";
import { OrderDetail } from "./OrderDetail";
import { OrderList } from "./OrderList";
import { OrdersExport } from "./OrdersExport";
import { RequestDetail } from "./RequestDetail";
import { navigate, useQueryParam } from "./router";
import { ToMakeQueue } from "./ToMakeQueue";

/**
 * /admin/orders: what to make next (docs/decisions/0016-production-stages.md), the order list, one order's detail
 * (?order=…), and the custom requests, one open with its quotes (?request=…).
 */
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
            {/* The oldest paid orders not yet dispatched, one per printed page (src/modules/packing-slips). */}
            <a className="button button--ghost" href="/admin/slips" target="_blank" rel="noopener">
              Print today's packing slips
            </a>
          </header>
          <ToMakeQueue />
          <OrderList />
          <OrdersExport />
          <CustomRequestsSection />
        </>
      )}
    </div>
  );
}
