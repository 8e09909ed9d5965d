import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest } from "../../errors";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { CHECKOUT_MESSAGES, checkoutRequestSchema, confirmRequestSchema, discountCheckSchema, sessionIdSchema } from "./model";

const CLIENT_TOKEN = /^[A-Za-z0-9_-]{8,100}$/;
/**
 * Whoever knows a basket id can replace that basket's waiting checkout, so it
 * must be unguessable: at least 32 characters (the browser sends a random
 * UUID, 122 random bits; decision 0025).
 */
const BASKET_ID = /^[A-Za-z0-9_-]{32,100}$/;
const BASKET_ID_RULE = "The Basket-Id header must be 32 to 100 letters, digits, hyphens or underscores.";

/** The optional Basket-Id header, beside the spec's bodies: the browser's basket, stable while its content changes. */
function basketIdOf(headers: Record<string, string | undefined>): string | null {
  const basketId = headers["basket-id"] ?? null;
  if (basketId !== null && !BASKET_ID.test(basketId)) throw new BadRequest(BASKET_ID_RULE);
  return basketId;
}

/** Every call is counted before anything is priced, held or asked of the provider: a refused call costs the shop nothing. */
export function checkoutRoutes({ checkout, env, rateLimits }: Pick<Deps, "checkout" | "env" | "rateLimits">) {
  return new Elysia({ name: "checkout" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .post(
      "/api/checkout",
      async ({ body, headers, address }) => {
        rateLimits.checkoutStarts.count(address);
        const { items, discountCode, gift, voucherCode } = parseOrBadRequest(checkoutRequestSchema, body);
        const clientKey = headers["idempotency-key"] ?? null;
        if (clientKey !== null && !CLIENT_TOKEN.test(clientKey)) {
          throw new BadRequest("The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.");
        }
        return checkout.start(items, { clientKey, basketId: basketIdOf(headers), address }, { discountCode, gift, voucherCode });
      },
      { policy: PERSONAL },
    )
    .post(
      "/api/discount-codes/check",
      ({ body, headers, address }) => {
        rateLimits.discountChecks.count(address);
        const { code, items } = parseOrBadRequest(discountCheckSchema, body);
        return checkout.checkDiscount(items, code, basketIdOf(headers));
      },
      // One basket's price: never kept or cached.
      { policy: PERSONAL },
    )
    .get(
      "/api/checkout/held",
      // No limit: an indexed, bounded read like the catalogue's, about a basket id nobody can guess.
      ({ headers }) => {
        const basketId = basketIdOf(headers);
        if (basketId === null) throw new BadRequest(CHECKOUT_MESSAGES.basketIdMissing);
        return checkout.heldForBasket(basketId);
      },
      // One basket's holds: never kept or cached.
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
