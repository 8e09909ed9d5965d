import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { NotFound } from "../../errors";
import { downloadResponse } from "../../http/download-response";
import { encodeMomentCursor } from "../../http/page-cursor";
import { parseOrBadRequest } from "../validate";
import { CUSTOM_REQUESTS_PAGE_SIZE, REQUEST_NOT_FOUND, requestListQuerySchema, requestStatusSchema } from "./model";

/** The custom requests section of /admin/orders: list, one request with its quotes, status change, attachment download. */
export function adminRequestRoutes({
  adminRequests: requests,
  quotes,
  uploadStorage,
}: Pick<Deps, "adminRequests" | "quotes" | "uploadStorage">) {
  return new Elysia({ name: "admin-requests" })
    .get("/api/admin/custom-requests", ({ query, set }) => {
      // One page, newest first, whatever the history (docs/decisions/0059-every-list-bounded.md). The answer stays the
      // list it always was; the paging facts ride in headers, as the orders list's do.
      const { requests: page, next } = requests.list(parseOrBadRequest(requestListQuerySchema, query).cursor ?? null);
      set.headers["x-page-size"] = String(CUSTOM_REQUESTS_PAGE_SIZE);
      if (next) set.headers["x-next-cursor"] = encodeMomentCursor(next);
      return page;
    })
    .get("/api/admin/custom-requests/:id", ({ params }) => {
      const request = requests.get(params.id) ?? notFound();
      // The request's history (docs/decisions/0014-quotes.md): every quote sent for it, newest first.
      return { ...request, quotes: quotes.forRequest(request.id) };
    })
    .post("/api/admin/custom-requests/:id/status", ({ params, body }) => {
      const { status } = parseOrBadRequest(requestStatusSchema, body);
      return requests.setStatus(params.id, status) ?? notFound();
    })
    .get("/api/admin/custom-requests/:id/attachments/:attId/download", ({ params }) => {
      const file = requests.attachment(params.id, params.attId);
      if (!file) throw new NotFound("Attachment not found.");
      return downloadResponse(uploadStorage, file);
    });
}

function notFound(): never {
  throw new NotFound(REQUEST_NOT_FOUND);
}
