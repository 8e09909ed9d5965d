import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { newQuoteSchema } from "./model";

/**
 * The shopper's side of a quote: readable only with the token from the link.
 * Every look-up counts against the address, found or not, as order look-ups do.
 */
export function quoteRoutes({ quotes, env, rateLimits }: Pick<Deps, "quotes" | "env" | "rateLimits">) {
  return new Elysia({ name: "quotes" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .get(
      "/api/quotes/:id",
      ({ params, query, address }) => {
        rateLimits.quoteLookups.count(address);
        return quotes.read(params.id, typeof query.t === "string" ? query.t : undefined);
      },
      { policy: PERSONAL },
    );
}

/** The owner's side, mounted after the admin guard in src/modules/admin/index.ts. */
export function adminQuoteRoutes({ quotes }: Pick<Deps, "quotes">) {
  return new Elysia({ name: "admin-quotes" }).post("/api/admin/custom-requests/:id/quotes", ({ params, body, set }) => {
    const created = quotes.create(params.id, parseOrBadRequest(newQuoteSchema, body));
    set.status = 201;
    return created;
  });
}
