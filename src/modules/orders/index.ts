import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { downloadResponse } from "../../http/download-response";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import type { Order } from "./model";
import { ORDER_ID_PATTERN } from "./order-id";
import { samePostcode } from "./service";

const NOT_FOUND = "Order not found";

type Proof = { postalCode?: string; sessionId?: string };

/**
 * A customer sees an order only with proof: the delivery postcode, or the
 * payment session id that only the paying browser holds. An unknown id and a
 * wrong postcode get the same answer, so ids cannot be probed.
 */
export function orderRoutes({
  orders,
  storedUpload,
  env,
  rateLimits,
  uploadStorage,
}: Pick<Deps, "orders" | "storedUpload" | "env" | "rateLimits" | "uploadStorage">) {
  /** A look-up without any proof is refused before it counts; every other one counts, found or not. */
  function authorisedOrder(address: string, orderId: string, proof: Proof): Order {
    const sessionId = proof.sessionId?.trim();
    const postalCode = proof.postalCode?.trim();
    if (!sessionId && !postalCode) throw new BadRequest("Please enter your postal code");
    rateLimits.orderLookups.count(address);
    const order = ORDER_ID_PATTERN.test(orderId) ? orders.getOrder(orderId) : null;
    const proven =
      order && (sessionId ? order.payment_session_id === sessionId : samePostcode(order.shipping_postal_code, postalCode ?? null));
    if (!order || !proven) throw new NotFound(NOT_FOUND);
    return order;
  }

  return new Elysia({ name: "orders" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .get(
      "/api/orders/:orderId",
      ({ params, query, address, set }) => {
        const { refund_required: _, ...order } = authorisedOrder(address, params.orderId, query);
        // A name and address: never kept by a browser or proxy cache.
        set.headers["cache-control"] = "private, no-store";
        return order;
      },
      { policy: PERSONAL },
    )
    .get(
      "/api/orders/:orderId/download/:kind/:token",
      async ({ params, query, address }) => {
        if (params.kind !== "gpx" && params.kind !== "image") throw new NotFound("File not found.");
        const order = authorisedOrder(address, params.orderId, query);
        const tokenKey = params.kind === "gpx" ? "gpxToken" : "imageToken";
        const belongs = order.items.some((item) => item.meta[tokenKey] === params.token);
        const upload = belongs ? storedUpload(params.token, params.kind) : null;
        if (!upload) throw new NotFound("File not found.");
        return downloadResponse(uploadStorage, upload);
      },
      { policy: { audience: "personal", secretParams: ["token"] } },
    );
}
