import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { BadRequest, NotFound, TooManyRequests } from "../../errors";
import { downloadResponse } from "../../http/download-response";
import { clientAddress, createRateLimiter } from "../../http/rate-limit";
import { storedUploadFinder } from "../uploads/stored-upload";
import type { Order } from "./model";
import { ORDER_ID_PATTERN } from "./order-id";
import { samePostcode } from "./service";

const NOT_FOUND = "Order not found";
/** Spec: more than 10 look-ups a minute from one address is someone guessing. */
const LOOKUPS_PER_MINUTE = 10;

type Proof = { postalCode?: string; sessionId?: string };

/**
 * A customer sees an order only with proof: the delivery postcode, or the
 * payment session id that only the paying browser holds. An unknown id and a
 * wrong postcode get the same answer, so ids cannot be probed.
 */
export function orderRoutes({ orders, db, env, uploadStorage }: Pick<Deps, "orders" | "db" | "env" | "uploadStorage">) {
  const limiter = createRateLimiter({ limit: LOOKUPS_PER_MINUTE, windowMs: 60_000 });
  const storedUpload = storedUploadFinder(db);

  function authorisedOrder(request: Request, ip: string | undefined, orderId: string, proof: Proof): Order {
    const sessionId = proof.sessionId?.trim();
    const postalCode = proof.postalCode?.trim();
    if (!sessionId && !postalCode) throw new BadRequest("Please enter your postal code");
    const attempt = limiter.hit(clientAddress(request, ip, env.TRUST_PROXY));
    if (!attempt.allowed) {
      throw new TooManyRequests(attempt.retryAfterSeconds, "Too many attempts. Please wait a minute and try again.");
    }
    const order = ORDER_ID_PATTERN.test(orderId) ? orders.getOrder(orderId) : null;
    const proven = order && (sessionId ? order.payment_session_id === sessionId : samePostcode(order.shipping_postal_code, postalCode ?? null));
    if (!order || !proven) throw new NotFound(NOT_FOUND);
    return order;
  }

  return new Elysia({ name: "orders" })
    .use(routePolicy)
    .get("/api/orders/:orderId", ({ params, query, request, server, set }) => {
      const { refund_required: _, ...order } = authorisedOrder(request, server?.requestIP(request)?.address, params.orderId, query);
      // A name and address: never kept by a browser or proxy cache.
      set.headers["cache-control"] = "private, no-store";
      return order;
    }, { policy: PERSONAL })
    .get("/api/orders/:orderId/download/:kind/:token", async ({ params, query, request, server }) => {
      if (params.kind !== "gpx" && params.kind !== "image") throw new NotFound("File not found.");
      const order = authorisedOrder(request, server?.requestIP(request)?.address, params.orderId, query);
      const tokenKey = params.kind === "gpx" ? "gpxToken" : "imageToken";
      const belongs = order.items.some((item) => item.meta[tokenKey] === params.token);
      const upload = belongs ? storedUpload(params.token, params.kind) : null;
      if (!upload) throw new NotFound("File not found.");
      return downloadResponse(uploadStorage, upload);
    }, { policy: { audience: "personal", secretParams: ["token"] } });
}
