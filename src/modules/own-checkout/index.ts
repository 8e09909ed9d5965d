import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { Forbidden, NotFound } from "../../errors";
import { isCrossSite } from "../../http/cross-site";
import { routePolicy } from "../../http/route-policy";
import { OWN_PAGES, type OwnPageCustomer, type OwnPageKind, type OwnPageSessions } from "../../services/payments/own-sessions";
import type { PageRenderer } from "../../ssr/render";
import { sessionIdSchema } from "../checkout/model";
import {
  DEMO_FORM_FIELDS,
  type DemoFormState,
  type DemoPaymentForm,
  demoFormErrorCode,
  demoPaymentFormSchema,
  normalisePostcode,
} from "./model";

const CROSS_SITE = "Payments can only be made or cancelled from this shop's own payment page.";
const NO_SUCH_PAGE: Record<OwnPageKind, string> = {
  demo: "There is no such test payment. Go back to your basket and check out again.",
  voucher: "There is no such order to confirm. Go back to your basket and check out again.",
};

/**
 * The actions of the payment pages the shop serves itself (web/routes/checkout.demo.tsx): the demo checkout's Pay
 * and Cancel when no Stripe key is set, and Place order and Cancel for an order a gift voucher pays in full
 * (docs/decisions/0054-gift-vouchers.md). Both are POSTs from the page's one form, so they work with JavaScript off.
 * A post another site made the browser send is refused, and a GET never changes anything. A refused form is shown
 * again from this POST's answer: the shopper's details never go into a URL.
 */
export function ownCheckoutRoutes(
  { demoPayments, voucherPayments, checkout, env }: Pick<Deps, "demoPayments" | "voucherPayments" | "checkout" | "env">,
  renderPage: PageRenderer,
) {
  const app = new Elysia({ name: "own-checkout" }).use(routePolicy);
  // The session id proves an order: the page and both actions are personal and keep it out of the log.
  const payment = { policy: { audience: "personal", secretParams: ["sessionId"] } } as const;
  const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

  function pageActions(kind: OwnPageKind, sessions: OwnPageSessions, complete: "pay" | "place") {
    const pagePath = (id: string) => `${OWN_PAGES[kind].path}/${encodeURIComponent(id)}`;
    const openSession = (request: Request, id: string) => {
      if (isCrossSite(request, env.PUBLIC_URL)) throw new Forbidden(CROSS_SITE);
      const parsed = sessionIdSchema.safeParse(id);
      const session = parsed.success ? sessions.session(parsed.data) : null;
      if (!session) throw new NotFound(NO_SUCH_PAGE[kind]);
      return session;
    };

    /** The page again, with the problem and what was typed; 422 so nothing caches it as a success. */
    async function showRefused(request: Request, sessionId: string, body: unknown, message: string | undefined): Promise<Response> {
      const sent = (body ?? {}) as Record<string, unknown>;
      const typed: DemoFormState["typed"] = {};
      for (const field of DEMO_FORM_FIELDS) if (typeof sent[field] === "string" && sent[field]) typed[field] = sent[field];
      typed.billingSame = sent.billingSame ? "1" : "0";
      // The page as a GET of its own URL; the form's body headers do not belong to it.
      const headers = new Headers(request.headers);
      headers.delete("content-type");
      headers.delete("content-length");
      const page = await renderPage(new Request(new URL(pagePath(sessionId), request.url), { headers }), {
        errorCode: demoFormErrorCode(message),
        typed,
      });
      return new Response(page.body, { status: page.status === 200 ? 422 : page.status, headers: page.headers });
    }

    return new Elysia({ name: `own-checkout-${kind}` })
      .use(routePolicy)
      .post(
        `${OWN_PAGES[kind].path}/:sessionId/${complete}`,
        ({ params, body, request }) => {
          const session = openSession(request, params.sessionId);
          if (session.status !== "open") return redirect(pagePath(session.id));
          const form = demoPaymentFormSchema.safeParse(body ?? {});
          if (!form.success) return showRefused(request, session.id, body, form.error.issues[0]?.message);
          const snapshot = sessions.complete(session.id, customerOf(form.data));
          if (snapshot) checkout.fulfil(snapshot);
          return redirect(session.successUrl);
        },
        payment,
      )
      .post(
        `${OWN_PAGES[kind].path}/:sessionId/cancel`,
        async ({ params, request }) => {
          const session = openSession(request, params.sessionId);
          if (session.status === "open") await checkout.cancel(session.id);
          return redirect(session.cancelUrl);
        },
        payment,
      );
  }

  const withVoucherPage = app.use(pageActions("voucher", voucherPayments, "place"));
  return demoPayments ? withVoucherPage.use(pageActions("demo", demoPayments, "pay")) : withVoucherPage;
}

function customerOf(form: DemoPaymentForm): OwnPageCustomer {
  const shipping = {
    name: form.name,
    line1: form.line1,
    line2: form.line2,
    city: form.city,
    postalCode: form.postalCode,
    country: form.country,
  };
  const billing = form.billingSame
    ? shipping
    : {
        name: form.billingName,
        line1: form.billingLine1,
        line2: form.billingLine2,
        city: form.billingCity,
        postalCode: normalisePostcode(form.billingPostalCode ?? ""),
        country: "GB",
      };
  return { email: form.email, shipping, billing };
}
