import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { BadRequest, TooManyRequests } from "../../errors";
import { clientAddress, createRateLimiter } from "../../http/rate-limit";
import { parseOrBadRequest } from "../validate";
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_WINDOW_MS,
  CHECKOUTS_PER_WINDOW,
  checkoutRequestSchema,
  confirmRequestSchema,
  SESSION_CHECKS_PER_MINUTE,
  sessionIdSchema,
} from "./model";

const CLIENT_TOKEN = /^[A-Za-z0-9_-]{8,100}$/;

export function checkoutRoutes({ checkout, env }: Pick<Deps, "checkout" | "env">) {
  const starts = createRateLimiter({ limit: CHECKOUTS_PER_WINDOW, windowMs: CHECKOUT_WINDOW_MS });
  const sessionChecks = createRateLimiter({ limit: SESSION_CHECKS_PER_MINUTE, windowMs: 60_000 });

  /** Counted before anything is priced, held or asked of the provider: a refused call costs the shop nothing. */
  function count(limiter: typeof starts, address: string, message: string): void {
    const attempt = limiter.hit(address);
    if (!attempt.allowed) throw new TooManyRequests(attempt.retryAfterSeconds, message);
  }

  return new Elysia({ name: "checkout" })
    .use(routePolicy)
    .post("/api/checkout", async ({ body, headers, request, server }) => {
      const address = clientAddress(request, server?.requestIP(request)?.address, env.TRUST_PROXY);
      count(starts, address, CHECKOUT_MESSAGES.tooManyCheckouts);
      const { items } = parseOrBadRequest(checkoutRequestSchema, body);
      const clientKey = headers["idempotency-key"] ?? null;
      if (clientKey !== null && !CLIENT_TOKEN.test(clientKey)) {
        throw new BadRequest("The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.");
      }
      // Optional, beside the spec's { items } body: the browser's basket, stable while its content changes.
      const basketId = headers["basket-id"] ?? null;
      if (basketId !== null && !CLIENT_TOKEN.test(basketId)) {
        throw new BadRequest("The Basket-Id header must be 8 to 100 letters, digits, hyphens or underscores.");
      }
      return checkout.start(items, { clientKey, basketId, address });
    }, { policy: PERSONAL })
    .get("/api/checkout/session", ({ query, request, server }) => {
      count(sessionChecks, clientAddress(request, server?.requestIP(request)?.address, env.TRUST_PROXY), CHECKOUT_MESSAGES.tooManySessionChecks);
      return checkout.sessionView(parseOrBadRequest(sessionIdSchema, query.id));
    }, { policy: PERSONAL })
    .post("/api/checkout/confirm", async ({ body, set, request, server }) => {
      count(sessionChecks, clientAddress(request, server?.requestIP(request)?.address, env.TRUST_PROXY), CHECKOUT_MESSAGES.tooManySessionChecks);
      const { id } = parseOrBadRequest(confirmRequestSchema, body);
      const answer = await checkout.confirm(parseOrBadRequest(sessionIdSchema, id));
      // 202: accepted, payment still on its way; the page asks again.
      if (answer.orderId === null) set.status = 202;
      return answer;
    }, { policy: PERSONAL });
}
