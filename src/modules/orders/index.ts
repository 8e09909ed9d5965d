import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { downloadResponse } from "../../http/download-response";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import type { PageRenderer } from "../../ssr/render";
import type { UploadKind } from "../uploads/model";
import type { Order } from "./model";
import { ORDER_ID_PATTERN, orderIdFromReference } from "./order-id";
import { samePostcode } from "./service";

const NOT_FOUND = "Order not found";
/** Where an order line keeps each kind of upload's token. */
const TOKEN_KEYS: Record<UploadKind, "gpxToken" | "imageToken" | "modelToken"> = {
  gpx: "gpxToken",
  image: "imageToken",
  model: "modelToken",
};
const POSTCODE_NEEDED = "Please enter your postal code";
const REFERENCE_NEEDED = "Please enter your order reference";

type Proof = { postalCode?: string; sessionId?: string };

/**
 * A customer sees an order only with proof: the delivery postcode, or the
 * payment session id that only the paying browser holds. An unknown id and a
 * wrong postcode get the same answer, so ids cannot be probed.
 */
export function orderRoutes(
  { orders, storedUpload, env, rateLimits, uploadStorage }: Pick<Deps, "orders" | "storedUpload" | "env" | "rateLimits" | "uploadStorage">,
  renderPage: PageRenderer,
) {
  /** A look-up without any proof is refused before it counts; every other one counts, found or not. */
  function authorisedOrder(address: string, orderId: string, proof: Proof): Order {
    const sessionId = proof.sessionId?.trim();
    const postalCode = proof.postalCode?.trim();
    if (!sessionId && !postalCode) throw new BadRequest(POSTCODE_NEEDED);
    rateLimits.orderLookups.count(address);
    const order = ORDER_ID_PATTERN.test(orderId) ? orders.getOrder(orderId) : null;
    const proven =
      order && (sessionId ? order.payment_session_id === sessionId : samePostcode(order.shipping_postal_code, postalCode ?? null));
    if (!order || !proven) throw new NotFound(NOT_FOUND);
    return order;
  }

  /**
   * The order page without JavaScript: its form posts the postcode here and the answer is the page itself,
   * showing the order (and its progress) or the look-up's problem. The postcode never goes into a URL.
   */
  async function lookUpByForm(request: Request, address: string, orderId: string, body: unknown): Promise<Response> {
    const postalCode = formField(body, "postalCode");
    const pageRequest = pageRequestOf(request);
    let found: Order;
    try {
      found = authorisedOrder(address, orderId, { postalCode });
    } catch (error) {
      if (!(error instanceof BadRequest || error instanceof NotFound)) throw error;
      const page = await renderPage(pageRequest, { errorCode: error.message, typed: { postalCode } });
      return new Response(page.body, { status: error.status, headers: page.headers });
    }
    return renderPage(pageRequest, undefined, shopperView(found));
  }

  /**
   * The "Track your order" page's plain form (web/routes/order.tsx): a blank field is shown again on
   * that page; otherwise a 307 sends the browser to /order/{id} with the same form body, so the
   * look-up, its proof and its rate limit are the order page's own and the postcode stays out of URLs.
   */
  async function findByForm(request: Request, body: unknown): Promise<Response> {
    const typed = { orderReference: formField(body, "orderReference"), postalCode: formField(body, "postalCode") };
    const orderId = orderIdFromReference(typed.orderReference);
    if (!orderId || !typed.postalCode.trim()) {
      const problem = orderId ? POSTCODE_NEEDED : REFERENCE_NEEDED;
      const page = await renderPage(pageRequestOf(request), { errorCode: problem, typed });
      return new Response(page.body, { status: 400, headers: page.headers });
    }
    return new Response(null, { status: 307, headers: { location: `/order/${encodeURIComponent(orderId)}` } });
  }

  return new Elysia({ name: "orders" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .get(
      "/api/orders/:orderId",
      ({ params, query, address, set }) => {
        const order = shopperView(authorisedOrder(address, params.orderId, query));
        // A name and address: never kept by a browser or proxy cache.
        set.headers["cache-control"] = "private, no-store";
        return order;
      },
      { policy: PERSONAL },
    )
    .post("/order", ({ body, request }) => findByForm(request, body), { policy: PERSONAL })
    .post("/order/:orderId", ({ params, body, request, address }) => lookUpByForm(request, address, params.orderId, body), {
      policy: PERSONAL,
    })
    .get(
      "/api/orders/:orderId/download/:kind/:token",
      async ({ params, query, address }) => {
        const tokenKey = Object.hasOwn(TOKEN_KEYS, params.kind) ? TOKEN_KEYS[params.kind as UploadKind] : null;
        if (!tokenKey) throw new NotFound("File not found.");
        const order = authorisedOrder(address, params.orderId, query);
        const belongs = order.items.some((item) => item.meta[tokenKey] === params.token);
        const upload = belongs ? storedUpload(params.token, params.kind as UploadKind) : null;
        if (!upload) throw new NotFound("File not found.");
        return downloadResponse(uploadStorage, upload);
      },
      { policy: { audience: "personal", secretParams: ["token"] } },
    );
}

/** What the shopper sees of their order: not the owner's refund and discount flags, nor the owner's notes on refunds. */
function shopperView({ refund_required: _, discount_over_limit: _discount, refunds, ...order }: Order) {
  return { ...order, refunds: refunds.map(({ note: _note, ...refund }) => refund) };
}

function formField(body: unknown, name: string): string {
  const sent = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof sent === "string" ? sent : "";
}

/** The page as a GET of its own URL; the form's body headers do not belong to it. */
function pageRequestOf(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  return new Request(request.url, { headers });
}
