import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../errors";
import { isCrossSite } from "../../http/cross-site";
import { isFormPost, seeOther } from "../../http/form-post";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { newHoldSchema, newRoundSchema } from "./model";

const CROSS_SITE = "Questions about an order can only be answered from this shop's own page.";

type HoldAnswer = "approve" | "changes" | "cancel";
/** What a form post's 303 tells the hold page it did (web/routes/order.$orderId.hold.$holdId.tsx shows the words). */
const DONE: Record<HoldAnswer, string> = { approve: "approved", changes: "changes", cancel: "cancelled" };

/**
 * The shopper's side of a hold (docs/decisions/0048-order-holds.md): readable and answerable only with the link's
 * token, every call counted against the address, found or not. The answers take JSON from scripts and a plain form
 * post from the hold page, so it works without JavaScript: a form is answered 303 back to the page with `done=` or
 * `problem=`.
 */
export function holdRoutes({ holds, env, rateLimits }: Pick<Deps, "holds" | "env" | "rateLimits">) {
  async function answer(kind: HoldAnswer, orderId: string, id: string, body: Record<string, unknown>) {
    const token = typeof body.t === "string" ? body.t : undefined;
    if (kind === "approve") return holds.approve(orderId, id, token);
    if (kind === "changes") return holds.askForChange(orderId, id, token, body);
    return holds.cancel(orderId, id, token);
  }

  async function answerForm(kind: HoldAnswer, orderId: string, id: string, body: Record<string, unknown>): Promise<Response> {
    const token = typeof body.t === "string" ? body.t : "";
    const page = (extra: string) =>
      `/order/${encodeURIComponent(orderId)}/hold/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}${extra}`;
    try {
      await answer(kind, orderId, id, body);
      return seeOther(page(`&done=${DONE[kind]}`));
    } catch (error) {
      // A wrong link shows the page's own "not found"; a refusal says why on the page, in fixed words.
      if (error instanceof NotFound) return seeOther(page(""));
      if (error instanceof BadRequest) return seeOther(page("&problem=message"));
      if (error instanceof Forbidden) return seeOther(page("&problem=cancel"));
      if (error instanceof Conflict) return seeOther(page(`&problem=${holds.read(orderId, id, token).status}`));
      throw error;
    }
  }

  function answerRoute(kind: HoldAnswer) {
    return async ({
      params,
      body,
      request,
      address,
    }: {
      params: { orderId: string; id: string };
      body: unknown;
      request: Request;
      address: string;
    }) => {
      if (isCrossSite(request, env.PUBLIC_URL)) throw new Forbidden(CROSS_SITE);
      rateLimits.holdLookups.count(address);
      const fields = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
      if (isFormPost(request)) return answerForm(kind, params.orderId, params.id, fields);
      return answer(kind, params.orderId, params.id, fields);
    };
  }

  return new Elysia({ name: "holds" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .get(
      "/api/orders/:orderId/holds/:id",
      ({ params, query, address, set }) => {
        rateLimits.holdLookups.count(address);
        set.headers["cache-control"] = "private, no-store";
        return holds.read(params.orderId, params.id, typeof query.t === "string" ? query.t : undefined);
      },
      { policy: PERSONAL },
    )
    .post("/api/orders/:orderId/holds/:id/approve", answerRoute("approve"), { policy: PERSONAL })
    .post("/api/orders/:orderId/holds/:id/changes", answerRoute("changes"), { policy: PERSONAL })
    .post("/api/orders/:orderId/holds/:id/cancel", answerRoute("cancel"), { policy: PERSONAL });
}

/** The owner's side, mounted after the admin guard in src/modules/admin/index.ts. */
export function adminHoldRoutes({ holds, env }: Pick<Deps, "holds" | "env">) {
  const newHold = newHoldSchema(env.PUBLIC_URL);
  const newRound = newRoundSchema(env.PUBLIC_URL);
  return new Elysia({ name: "admin-holds" })
    .post("/api/admin/orders/:id/holds", ({ params, body, set }) => {
      const created = holds.open(params.id, parseOrBadRequest(newHold, body));
      set.status = 201;
      return created;
    })
    .get("/api/admin/orders/:id/holds/:holdId", ({ params }) => holds.ownerView(params.id, params.holdId))
    .post("/api/admin/orders/:id/holds/:holdId/proofs", ({ params, body, set }) => {
      const hold = holds.newRound(params.id, params.holdId, parseOrBadRequest(newRound, body));
      set.status = 201;
      return hold;
    });
}
