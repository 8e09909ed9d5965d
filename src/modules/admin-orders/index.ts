import { Elysia } from "elysia";
import { ORDERS_PAGE_SIZE, TO_MAKE_PAGE_SIZE } from "../../../shared/orders-page";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { pickEncoding } from "../../http/compression";
import { downloadResponse } from "../../http/download-response";
import { routePolicy } from "../../http/route-policy";
import type { UploadKind } from "../uploads/model";
import { parseOrBadRequest } from "../validate";
import { ORDER_NOT_FOUND, statusRequestSchema, trackingRequestSchema } from "./model";
import { orderSearchSchema } from "./order-search";
import { csvAttachment, exportFileName, exportRangeSchema } from "./orders-export";
import { dispatchDateRequestSchema, stageRequestSchema, toMakeQuerySchema } from "./production-model";
import { refundRequestSchema } from "./refund-model";

/** The tracking form reads trackingEmail even on a 404, to show the 'not-found' reason of docs/product.md#tracking-email-reasons. */
const NOT_FOUND_WITH_REASON = { error: ORDER_NOT_FOUND, trackingEmail: { sent: false, reason: "not-found" } } as const;

/** Orders (tracking, fulfil, cancel, stages and the dispatch date), the "To make" queue, the dashboard and order attachments. */
export function adminOrderRoutes({
  adminOrders: orders,
  adminRefunds,
  ordersExport,
  quotes,
  storedUpload,
  uploadStorage,
}: Pick<Deps, "adminOrders" | "adminRefunds" | "ordersExport" | "quotes" | "storedUpload" | "uploadStorage">) {
  function downloadUpload(kind: UploadKind, token: string) {
    const file = storedUpload(token, kind);
    if (!file) throw new NotFound("File not found.");
    return downloadResponse(uploadStorage, file);
  }

  // Personal like every admin route (src/modules/admin); an upload's token also stays out of the log.
  const download = { policy: { audience: "personal", secretParams: ["token"] } } as const;

  return (
    new Elysia({ name: "admin-orders" })
      .use(routePolicy)
      // Names, addresses and emails: never kept by a browser or proxy cache.
      .onBeforeHandle(({ set }) => {
        set.headers["cache-control"] = "private, no-store";
      })
      .get("/api/admin/orders", ({ query, set }) => {
        // One page, newest first, whatever the history (docs/decisions/0030-order-store-paging-and-search.md).
        const { orders: page, total, nextCursor } = orders.list(parseOrBadRequest(orderSearchSchema, query));
        // The answer stays the spec's list; the paging facts ride in headers so old readers are untouched.
        set.headers["x-total-count"] = String(total);
        set.headers["x-page-size"] = String(ORDERS_PAGE_SIZE);
        if (nextCursor) set.headers["x-next-cursor"] = nextCursor;
        return page;
      })
      .get("/api/admin/orders/export.csv", ({ query, request }) => {
        const range = parseOrBadRequest(exportRangeSchema, query);
        // Read by a worker of its own and streamed (docs/decisions/0032-exports-off-the-main-thread.md), gzipped
        // in that worker too, not on the shoppers' event loop (docs/decisions/0044-the-owner-beside-the-shoppers.md).
        const gzip = pickEncoding(request.headers.get("accept-encoding"), ["gzip"]) === "gzip";
        return csvAttachment(ordersExport.csv(range, { gzip }), exportFileName(range), { gzip });
      })
      .get("/api/admin/orders/to-make", ({ query, set }) => {
        // A page at a time, soonest promise first (docs/decisions/0037-cheap-owner-reads.md); the paging facts ride in
        // headers, as the orders list's do, so the answer stays the list of orders it always was.
        const { orders: page, total, nextCursor } = orders.toMake(parseOrBadRequest(toMakeQuerySchema, query));
        set.headers["x-total-count"] = String(total);
        set.headers["x-page-size"] = String(TO_MAKE_PAGE_SIZE);
        if (nextCursor) set.headers["x-next-cursor"] = nextCursor;
        return page;
      })
      .get("/api/admin/orders/:id", ({ params }) => {
        const order = orders.detail(params.id);
        if (!order) throw new NotFound(ORDER_NOT_FOUND);
        // A quoted order keeps the request's files for download (docs/decisions/0014-quotes.md); null for a basket's order.
        return { ...order, custom_request: quotes.requestOfOrder(order.id) };
      })
      .post("/api/admin/orders/:id/tracking", ({ params, body, set }) => {
        const change = orders.saveTracking(params.id, parseOrBadRequest(trackingRequestSchema, body));
        if (change) return change;
        set.status = 404;
        return NOT_FOUND_WITH_REASON;
      })
      .post("/api/admin/orders/:id/status", ({ params, body, set }) => {
        const request = parseOrBadRequest(statusRequestSchema, body);
        const change = orders.changeStatus(params.id, request);
        if (change) return change;
        if (request.status !== "fulfilled") throw new NotFound(ORDER_NOT_FOUND);
        set.status = 404;
        return NOT_FOUND_WITH_REASON;
      })
      .post("/api/admin/orders/:id/stage", ({ params, body }) => {
        const change = orders.moveStage(params.id, parseOrBadRequest(stageRequestSchema, body).stage);
        if (!change) throw new NotFound(ORDER_NOT_FOUND);
        return change;
      })
      .post("/api/admin/orders/:id/dispatch-date", ({ params, body }) => {
        const change = orders.moveDispatchDate(params.id, parseOrBadRequest(dispatchDateRequestSchema, body));
        if (!change) throw new NotFound(ORDER_NOT_FOUND);
        return change;
      })
      .post("/api/admin/orders/:id/refund", async ({ params, body }) => {
        const { order, notRestocked } = await adminRefunds.refund(params.id, parseOrBadRequest(refundRequestSchema, body));
        // What the refund asked to put back that had gone back already (docs/decisions/0024-units-back-on-the-shelf-once.md).
        return { ...order, not_restocked: notRestocked };
      })
      .get("/api/admin/dashboard/stats", () => orders.stats())
      .get("/api/admin/download/gpx/:token", ({ params }) => downloadUpload("gpx", params.token), download)
      .get("/api/admin/download/image/:token", ({ params }) => downloadUpload("image", params.token), download)
      .get("/api/admin/download/model/:token", ({ params }) => downloadUpload("model", params.token), download)
  );
}
