import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, Forbidden, HttpError, NotFound } from "../../errors";
import { isCrossSite } from "../../http/cross-site";
import { isFormPost, seeOther } from "../../http/form-post";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { newQuoteSchema } from "./model";

const CROSS_SITE = "Quotes can only be answered from this shop's own quote page.";

type QuoteAnswer = "accept" | "decline" | "changes";

/**
 * The shopper's side of a quote: readable and answerable only with the token
 * from the link. Every call counts against the address, found or not, as
 * order look-ups do. The answers take JSON (`{ t, message }`) from scripts and
 * a plain form post from the quote page, so it works without JavaScript: a
 * form is answered with a 303 to the payment page or back to the quote page
 * with `done=` or `problem=` (web/routes/quote.$quoteId.tsx shows them).
 */
export function quoteRoutes({ quotes, quoteCheckout, env, rateLimits }: Pick<Deps, "quotes" | "quoteCheckout" | "env" | "rateLimits">) {
  async function answer(kind: QuoteAnswer, id: string, body: Record<string, unknown>): Promise<{ url: string } | object> {
    const token = typeof body.t === "string" ? body.t : undefined;
    if (kind === "decline") return quotes.decline(id, token, body.message);
    if (kind === "changes") return quotes.askForChanges(id, token, body.message);
    return quoteCheckout.start(quotes.accept(id, token ?? ""));
  }

  /** The quote page's form: every outcome is a page to go to, never a JSON answer. */
  async function answerForm(kind: QuoteAnswer, id: string, body: Record<string, unknown>): Promise<Response> {
    const token = typeof body.t === "string" ? body.t : "";
    const page = (extra: string) => `/quote/${encodeURIComponent(id)}?t=${encodeURIComponent(token)}${extra}`;
    try {
      const answered = await answer(kind, id, body);
      if (kind === "accept") return seeOther((answered as { url: string }).url);
      return seeOther(page(`&done=${kind === "decline" ? "declined" : "changes"}`));
    } catch (error) {
      // A wrong link shows the page's own "not found"; a refusal says why on the page.
      if (error instanceof NotFound) return seeOther(page(""));
      if (error instanceof BadRequest) return seeOther(page("&problem=message"));
      if (error instanceof Conflict) {
        const status = quotes.read(id, token).status;
        if (status === "changes_requested") return seeOther(page("&done=changes"));
        return seeOther(page(`&problem=${status === "sent" ? "provider" : status}`));
      }
      if (error instanceof HttpError && error.status === 502) return seeOther(page("&problem=provider"));
      throw error;
    }
  }

  function answerRoute(kind: QuoteAnswer) {
    return async ({ params, body, request, address }: { params: { id: string }; body: unknown; request: Request; address: string }) => {
      if (isCrossSite(request, env.PUBLIC_URL)) throw new Forbidden(CROSS_SITE);
      rateLimits.quoteLookups.count(address);
      const fields = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
      if (isFormPost(request)) return answerForm(kind, params.id, fields);
      return answer(kind, params.id, fields);
    };
  }

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
    )
    .post("/api/quotes/:id/accept", answerRoute("accept"), { policy: PERSONAL })
    .post("/api/quotes/:id/decline", answerRoute("decline"), { policy: PERSONAL })
    .post("/api/quotes/:id/changes", answerRoute("changes"), { policy: PERSONAL });
}

/** The owner's side, mounted after the admin guard in src/modules/admin/index.ts. */
export function adminQuoteRoutes({ quotes, quoteCheckout }: Pick<Deps, "quotes" | "quoteCheckout">) {
  return new Elysia({ name: "admin-quotes" })
    .post("/api/admin/custom-requests/:id/quotes", async ({ params, body, set }) => {
      const { withdrawn, ...created } = quotes.create(params.id, parseOrBadRequest(newQuoteSchema, body));
      // The replaced version's payment pages end, so only the new quote can be paid.
      await quoteCheckout.endSessions(withdrawn);
      set.status = 201;
      return created;
    })
    .post("/api/admin/quotes/:id/withdraw", async ({ params }) => {
      const withdrawn = quotes.withdraw(params.id);
      await quoteCheckout.endSessions([withdrawn.id]);
      return withdrawn;
    });
}
