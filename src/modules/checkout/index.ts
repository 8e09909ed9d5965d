import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest } from "../../errors";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { checkoutRequestSchema, confirmRequestSchema, discountCheckSchema, sessionIdSchema } from "./model";

const CLIENT_TOKEN = /^[A-Za-z0-9_-]{8,100}$/;

/** Every call is counted before anything is priced, held or asked of the provider: a refused call costs the shop nothing. */
export function checkoutRoutes({ checkout, env, rateLimits }: Pick<Deps, "checkout" | "env" | "rateLimits">) {
  return new Elysia({ name: "checkout" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .post(
      "/api/checkout",
      async ({ body, headers, address }) => {
        rateLimits.checkoutStarts.count(address);
        const { items, discountCode } = parseOrBadRequest(checkoutRequestSchema, body);
        const clientKey = headers["idempotency-key"] ?? null;
        if (clientKey !== null && !CLIENT_TOKEN.test(clientKey)) {
          throw new BadRequest("The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.");
        }
        // Optional, beside the spec's { items } body: the browser's basket, stable while its content changes.
        const basketId = headers["basket-id"] ?? null;
        if (basketId !== null && !CLIENT_TOKEN.test(basketId)) {
          throw new BadRequest("The Basket-Id header must be 8 to 100 letters, digits, hyphens or underscores.");
        }
        return checkout.start(items, { clientKey, basketId, address }, discountCode);
      },
      { policy: PERSONAL },
    )
    .post(
      "/api/discount-codes/check",
      ({ body, address }) => {
        rateLimits.discountChecks.count(address);
        const { code, items } = parseOrBadRequest(discountCheckSchema, body);
        return checkout.checkDiscount(items, code);
      },
      // One basket's price: never kept or cached.
      { policy: PERSONAL },
    )
    .get(
      "/api/checkout/session",
      ({ query, address }) => {
        rateLimits.paymentChecks.count(address);
        return checkout.sessionView(parseOrBadRequest(sessionIdSchema, query.id));
      },
      { policy: PERSONAL },
    )
    .post(
      "/api/checkout/confirm",
      async ({ body, set, address }) => {
        rateLimits.paymentChecks.count(address);
        const { id } = parseOrBadRequest(confirmRequestSchema, body);
        const answer = await checkout.confirm(parseOrBadRequest(sessionIdSchema, id));
        // 202: accepted, payment still on its way; the page asks again.
        if (answer.orderId === null) set.status = 202;
        return answer;
      },
      { policy: PERSONAL },
    );
}
